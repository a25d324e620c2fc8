#!/usr/bin/env bash
# rtcat timeline: every milestone in order, --within, SVG and iCalendar.
source "$(dirname "$0")/lib.sh"

run --at 2020-06-01 timeline --platform ai-platform --within 90d
expect_exit 0
expect_out_eq "DATE                    CATALOG      ID    EVENT           SEVERITY  MEANING
2020-07-19              ai-platform  1.14  submission_end  error     no new training jobs, batch predictions or model versions; deployed model versions keep serving
2020-08-06              ai-platform  1.9   deletion        error     model versions on it are deleted
2020-05-21..2020-08-28  ai-platform  2.2   released        -         released"

# The window includes both of its ends.
run --at 2020-07-19 timeline --platform ai-platform --within 0d --format json
expect_json 'j.length' '1'
expect_json 'j[0].id + " " + j[0].event' '1.14 submission_end'
run --at 2020-07-20 timeline --platform ai-platform --within 0d --format json
expect_json 'j.length' '0'

run timeline --platform ai-platform --id 2.2 --format csv
expect_out_eq $'DATE,CATALOG,ID,EVENT,SEVERITY,MEANING\r\n2020-05-21..2020-08-28,ai-platform,2.2,released,-,released\r\n2021-05-21..2021-08-28,ai-platform,2.2,submission_end,error,"no new training jobs, batch predictions or model versions; deployed model versions keep serving"\r\n2022-05-21..2022-08-28,ai-platform,2.2,deletion,error,model versions on it are deleted\r'

run timeline --platform vertex-prediction --format ics
expect_exit 0
expect_out "BEGIN:VCALENDAR"
expect_out "UID:vertex-prediction/sklearn-cpu.1-6/availability_end@rtcat"
expect_out "DTSTART;VALUE=DATE:20271014"
[[ $(grep -c "BEGIN:VEVENT" <<<"$OUT") -eq 150 ]] || fail "expected 150 events (78 images x 2, minus 6 unknown dates)"

run --at 2024-06-01 timeline --platform ai-platform --format svg
expect_exit 0
[[ "$OUT" == "<svg "* ]] || fail "not an SVG document"
expect_out "<title>Google Cloud AI Platform Training and Prediction (legacy)</title>"
expect_out "2024-06-01"
node -e 'const s=require("fs").readFileSync(0,"utf8"); if((s.match(/<svg/g)||[]).length!==1||!s.trim().endsWith("</svg>")) process.exit(1)' <<<"$OUT" ||
  fail "SVG is not one well-closed document"

# 6m is six calendar months, as in the milestone policies (180 days would stop at 2020-12-16).
run --at 2020-06-19 timeline --platform ai-platform --within 6m
expect_exit 0
expect_out "2020-12-19              ai-platform  1.15  submission_end"

# A date the sources bound on both sides is a window, in every format: text, JSON, iCalendar
# (one all-day event over the whole window).
run timeline --platform ai-platform --id 2.4 --format json
expect_json 'j.map(e => e.event + " " + e.earliest + " " + e.date).join("; ")' "released 2021-02-26 2021-03-02; submission_end 2022-02-26 2022-03-02; deletion 2023-02-26 2023-03-02"
run timeline --platform ai-platform --id 2.1 --format json
expect_json 'j.every(e => e.earliest === null)' "true"
run timeline --platform ai-platform --id 2.4 --format ics
expect_out "DTSTART;VALUE=DATE:20220226"
expect_out "DTEND;VALUE=DATE:20220303"
# (Lines fold at 75 octets: unfolded, the summary names the window.)
[[ "$(sed -e ':a' -e 'N' -e '$!ba' -e 's/\r\n //g' <<<"$OUT")" == *"SUMMARY:ai-platform runtime 2.4: submission_end (between 2022-02-26 and 2022-03-02)"* ]] ||
  fail "the summary does not name the window"

run timeline --within soon
expect_input_error "--within: invalid span 'soon' (expected days like 90d, or 12w, 6m, 1y)"
run timeline --format svg --within 5x
expect_input_error "--within"
run timeline --format pdf
expect_input_error "--format pdf is not available for timeline (valid: table, json, csv, markdown, svg, ics)"
finish
