#!/usr/bin/env bash
# rtcat timeline: every milestone in order, --within, SVG and iCalendar.
source "$(dirname "$0")/lib.sh"

run --at 2020-06-01 timeline --platform ai-platform --within 90d
expect_exit 0
expect_out_eq "DATE                    CATALOG      ID    EVENT           SEVERITY  MEANING
2020-07-19              ai-platform  1.14  submission_end  error     no new training jobs, batch predictions or model versions; deployed model versions keep serving
2020-08-06              ai-platform  1.9   deletion        error     model versions on it are deleted
2020-05-21..2020-08-28  ai-platform  2.2   released        -         released"

# The span includes both of its ends; an event window that overlaps it is in it (2.2's release
# window, 2020-05-21..2020-08-28, holds both days).
run --at 2020-07-19 timeline --platform ai-platform --within 0d --format json
expect_json 'j.map(e => e.id + " " + e.event).join(", ")' '1.14 submission_end, 2.2 released'
run --at 2020-07-20 timeline --platform ai-platform --within 0d --format json
expect_json 'j.map(e => e.id + " " + e.event).join(", ")' '2.2 released'
run --at 2020-08-29 timeline --platform ai-platform --within 0d --format json
expect_json 'j.length' '0'

# The platform's end is an event: when the whole platform stops (text, JSON, CSV, iCalendar, SVG).
run --at 2024-12-01 timeline --platform ai-platform --within 90d
expect_exit 0
expect_out_eq "DATE                    CATALOG      ID    EVENT     SEVERITY  MEANING
2024-09-16..2024-12-08  ai-platform  2.10  deletion  error     model versions on it are deleted
2024-12-09..2025-02-01  ai-platform  2.11  deletion  error     model versions on it are deleted
2025-02-01              ai-platform  -     sunset    error     legacy AI Platform Training and Prediction were shut down after 2025-01-31; migrate to Vertex AI"
run --at 2024-12-01 timeline --platform ai-platform --within 90d --format json
expect_json 'j.map(e => e.id + " " + e.event + " " + e.earliest + " " + e.date).join(", ")' '2.10 deletion 2024-09-16 2024-12-08, 2.11 deletion 2024-12-09 2025-02-01, null sunset null 2025-02-01'
run --at 2024-12-01 timeline --platform ai-platform --within 90d --format csv
expect_out $'2025-02-01,,ai-platform,,sunset,error,legacy AI Platform Training and Prediction were shut down after 2025-01-31; migrate to Vertex AI\r'
run --at 2024-12-01 timeline --platform ai-platform --within 90d --format ics
expect_out $'UID:ai-platform/sunset@rtcat\r\nDTSTAMP:20261130T000000Z\r\nDTSTART;VALUE=DATE:20250201\r\nDTEND;VALUE=DATE:20250202\r\nSUMMARY:ai-platform: the platform shuts down (sunset)\r\n'
run --at 2025-01-15 timeline --platform ai-platform --since 2025-01-15 --until 2025-03-01 --format svg
expect_out ">shutdown 2025-02-01</text>"
run --at 2025-01-15 timeline --platform vertex-training --within 30d
expect_no_out "sunset"

# One entry's events, and its platform's end.
run timeline --platform ai-platform --id 2.2 --format csv
# CSV: a window's last day in DATE, its first in DATE_EARLIEST; an unknown value is the empty cell.
expect_out_eq $'DATE,DATE_EARLIEST,CATALOG,ID,EVENT,SEVERITY,MEANING\r\n2020-08-28,2020-05-21,ai-platform,2.2,released,,released\r\n2021-08-28,2021-05-21,ai-platform,2.2,submission_end,error,"no new training jobs, batch predictions or model versions; deployed model versions keep serving"\r\n2022-08-28,2022-05-21,ai-platform,2.2,deletion,error,model versions on it are deleted\r\n2025-02-01,,ai-platform,,sunset,error,legacy AI Platform Training and Prediction were shut down after 2025-01-31; migrate to Vertex AI\r'

# iCalendar: the milestones still ahead of the date, one event per milestone (CPU/GPU twins
# merged and listed), stable UIDs; --include-past for all; --alarm adds a VALARM.
run --at 2024-06-01 timeline --platform vertex-prediction --format ics
expect_exit 0
expect_out "BEGIN:VCALENDAR"
expect_out "UID:vertex-prediction/sklearn-cpu.1-6/availability_end@rtcat"
expect_out "DTSTART;VALUE=DATE:20271014"
expect_no_out "BEGIN:VALARM"
[[ $(grep -c "BEGIN:VEVENT" <<<"$OUT") -eq 64 ]] || fail "expected 64 events ahead of 2024-06-01 (twins merged)"
[[ "$(tr -d '\r' <<<"$OUT" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n //g')" == *"SUMMARY:vertex-prediction image tf2-cpu.2-12 +gpu: support end"*"Applies to: tf2-cpu.2-12\, tf2-gpu.2-12."* ]] ||
  fail "the twins are not one event listing both"
grep -q "UID:vertex-prediction/tf2-gpu.2-12/" <<<"$OUT" && fail "a GPU twin has its own event"
future=$OUT
run --at 2024-06-01 timeline --platform vertex-prediction --format ics --include-past
[[ $(grep -c "BEGIN:VEVENT" <<<"$OUT") -eq 92 ]] || fail "expected 92 events with --include-past"
# Stable UIDs: the events ahead keep theirs, whatever the date of the feed.
run --at 2025-06-01 timeline --platform vertex-prediction --format ics
comm -23 <(grep -o "UID:.*" <<<"$OUT" | sort) <(grep -o "UID:.*" <<<"$future" | sort) | grep -q . &&
  fail "a later feed has UIDs the earlier one did not"
run --at 2024-06-01 timeline --platform vertex-prediction --format ics --alarm 2w
expect_out $'BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-P14D\r\n'
run timeline --format ics --alarm soon
expect_input_error "--alarm: invalid lead time 'soon' (expected days like 30d, or weeks like 2w)"
run timeline --format svg --include-past
expect_input_error "--include-past applies to --format ics only"
run timeline --since 2024-13-01
expect_input_error "--since: invalid date '2024-13-01'"
run timeline --since 2024-01-01 --until 2023-01-01
expect_input_error "--until 2023-01-01 is before --since 2024-01-01"

# A real parser reads the feed: every event, its dates, its alarm (Debian's python3-icalendar).
"$RTCAT" --at 2024-06-01 timeline --format ics --alarm 30d >"$WORK/all.ics"
cases=$((cases + 1))
CMD="python3-icalendar parses the feed"
if /usr/bin/python3 -c 'import icalendar' 2>/dev/null; then
  got=$(/usr/bin/python3 - "$WORK/all.ics" <<'PY'
import sys, datetime, icalendar
cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
events = [c for c in cal.walk("VEVENT")]
uids = [str(e["UID"]) for e in events]
assert len(uids) == len(set(uids)), "duplicate UIDs"
for e in events:
    start, end = e.decoded("DTSTART"), e.decoded("DTEND")
    assert isinstance(start, datetime.date) and start < end, e["UID"]
    assert end > datetime.date(2024, 6, 1), "a past event: %s" % e["UID"]
    alarms = e.walk("VALARM")
    assert len(alarms) == 1 and alarms[0].decoded("TRIGGER") == -datetime.timedelta(days=30), e["UID"]
print(len(events))
PY
  ) || fail "the iCalendar parser rejected the feed: $got"
  [[ "$got" -gt 50 ]] || fail "the parser found only $got events"
else
  fail "python3-icalendar is not installed (scripts/install-deps.sh installs it)"
fi

# SVG: one well-formed chart, grouped by catalog in numeric order, with the date and the shutdown.
run --at 2024-06-01 timeline --platform ai-platform --format svg
expect_exit 0
[[ "$OUT" == "<svg "* ]] || fail "not an SVG document"
expect_out "<title>Runtime lifecycle on 2024-06-01</title>"
expect_out ">Google Cloud AI Platform Training and Prediction (legacy)</text>"
expect_out ">2024-06-01</text>"
expect_out ">shutdown 2025-02-01</text>"
[[ "$OUT" == *">1.0</text>"*">1.1</text>"*">1.2</text>"*">1.14</text>"*">1.15</text>"*">2.1</text>"*">2.11</text>"* ]] ||
  fail "entries are not in numeric version order"
expect_out "url(#hatch-supported)"
svg=$OUT
run --at 2024-06-01 timeline --platform ai-platform --format svg --since 2020-01-01 --until 2023-12-31
expect_out ">2021</text>"
expect_no_out ">2019</text>"
expect_no_out ">2024</text>"
run --at 2024-06-01 timeline --format svg
[[ $(grep -o 'height="[0-9]*"' <<<"$OUT" | head -1 | tr -dc 0-9) -lt 3200 ]] || fail "the all-catalog chart is too tall" # four catalogs, twins on one row
printf '%s' "$OUT" >"$WORK/all.svg"
printf '%s' "$svg" >"$WORK/ai.svg"

# In a real browser: no text leaves the canvas or overlaps another.
if command -v chromium >/dev/null; then
  for chart in ai all; do
    h=$(grep -o 'height="[0-9]*"' "$WORK/$chart.svg" | head -1 | tr -dc 0-9)
    measure "$WORK/$chart.svg" 980 "$h" "$WORK/$chart" "timeline $chart"
    [[ "$got" == "ok" ]] || fail "layout problems in the $chart chart: $got"
    [[ -n "${RTCAT_KEEP_SCREENSHOT:-}" ]] && cp "$WORK/$chart.png" "${RTCAT_KEEP_SCREENSHOT%.png}-timeline-$chart.png"
  done
  # The probe catches a label pushed out of the canvas.
  sed -e 's#</svg>#<text x="975" y="30">outside</text></svg>#' "$WORK/ai.svg" >"$WORK/bad.svg"
  measure "$WORK/bad.svg" 980 600 "$WORK/bad" "a clipped label"
  [[ "$got" == *"svg text leaves the viewBox"*"outside"* ]] || fail "the probe missed a clipped label: $got"
else
  cases=$((cases + 1))
  CMD="chromium"
  fail "chromium is not installed (scripts/install-deps.sh installs it)"
fi
node -e 'const s=require("fs").readFileSync(0,"utf8"); if((s.match(/<svg/g)||[]).length!==1||!s.trim().endsWith("</svg>")) process.exit(1)' <<<"$OUT" ||
  fail "SVG is not one well-closed document"

# 6m is six calendar months, as in the milestone policies (180 days would stop at 2020-12-16).
run --at 2020-06-19 timeline --platform ai-platform --within 6m
expect_exit 0
expect_out "2020-12-19              ai-platform  1.15  submission_end"

# A date the sources bound on both sides is a window, in every format: text, JSON, iCalendar
# (one all-day event over the whole window).
run timeline --platform ai-platform --id 2.4 --format json
expect_json 'j.map(e => e.event + " " + e.earliest + " " + e.date).join("; ")' "released 2021-02-26 2021-03-02; submission_end 2022-02-26 2022-03-02; deletion 2023-02-26 2023-03-02; sunset null 2025-02-01"
run timeline --platform ai-platform --id 2.1 --format json
expect_json 'j.every(e => e.earliest === null)' "true"
run --at 2022-01-01 timeline --platform ai-platform --id 2.4 --format ics
expect_out "DTSTART;VALUE=DATE:20220226"
expect_out "DTEND;VALUE=DATE:20220303"
# (Lines fold at 75 octets: unfolded, the summary names the window.)
[[ "$(sed -e ':a' -e 'N' -e '$!ba' -e 's/\r\n //g' <<<"$OUT")" == *"SUMMARY:ai-platform runtime 2.4: submission end (between 2022-02-26 and 2022-03-02)"* ]] ||
  fail "the summary does not name the window"

run timeline --within soon
expect_input_error "--within: invalid span 'soon' (expected days like 90d, or 12w, 6m, 1y)"
run timeline --format svg --within 5x
expect_input_error "--within"
run timeline --format pdf
expect_input_error "--format pdf is not available for timeline (valid: table, json, csv, markdown, svg, ics)"
finish
