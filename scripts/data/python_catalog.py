#!/usr/bin/env python3
"""Writes data/python.json, the CPython release cycle, from its two public sources.

Usage: scripts/data/python_catalog.py SOURCES_DIR > data/python.json

SOURCES_DIR holds python-releases.toml (python/peps, release_management/) and
endoflife-date-python.md (endoflife-date/endoflife.date, products/python.md), unchanged.
The TOML is the primary source; the conventions:
  - a date that is in the future at the TOML's commit and written as a month's first day is that
    month: the window [first day, last day];
  - where endoflife.date gives another day, the milestone is the window spanning both;
  - a first release whose state is "expected" is not out on the commit date: released_after is
    that date, and nothing bounds it from above.
"""

import calendar
import datetime as dt
import json
import re
import sys
import tomllib

PEPS_COMMIT = "ba4deeb7969588d937da609008d05bb83a47b1ab"
PEPS_DATE = dt.date(2026, 8, 22)
EOL_COMMIT = "a70eca337600e7d721dc48112c271f98661d208b"
TOML_URL = f"https://github.com/python/peps/blob/{PEPS_COMMIT}/release_management/python-releases.toml"
EOL_URL = f"https://github.com/endoflife-date/endoflife.date/blob/{EOL_COMMIT}/products/python.md"
VERSIONS = ["2.7"] + [f"3.{n}" for n in range(0, 17)]


def endoflife_releases(text):
    """releaseCycle -> {releaseDate, eoas, eol} from the Markdown file's front matter."""
    out = {}
    cycle = None
    for line in text.splitlines():
        m = re.match(r'^\s*- releaseCycle: "([^"]+)"', line)
        if m:
            cycle = m.group(1)
            out[cycle] = {}
            continue
        m = re.match(r"^\s+(releaseDate|eoas|eol): (\S+)", line)
        if m and cycle:
            value = m.group(2)
            out[cycle][m.group(1)] = None if value in ("true", "false") else dt.date.fromisoformat(value)
    return out


def month_window(d):
    return d, d.replace(day=calendar.monthrange(d.year, d.month)[1])


def milestone(version, field, toml_date, eol_field, eol_date):
    """A date, or a window {"from", "to", "sources"} with the reason in the sources."""
    lo = hi = toml_date
    why = []
    if toml_date > PEPS_DATE and toml_date.day == 1:
        lo, hi = month_window(toml_date)
        why.append(f"{TOML_URL} ([metadata.\"{version}\"] {field} = {toml_date}: a future month, written as its first day)")
    if eol_date and not (lo <= eol_date <= hi):
        if not why:
            why.append(f"{TOML_URL} ([metadata.\"{version}\"] {field} = {toml_date})")
        lo, hi = min(lo, eol_date), max(hi, eol_date)
    if eol_date and why:
        why.append(f"{EOL_URL} (releaseCycle \"{version}\" {eol_field}: {eol_date})")
    if lo == hi:
        return lo.isoformat()
    return {"from": lo.isoformat(), "to": hi.isoformat(), "sources": why}


def main():
    src = sys.argv[1]
    with open(f"{src}/python-releases.toml", "rb") as f:
        toml = tomllib.load(f)
    with open(f"{src}/endoflife-date-python.md", encoding="utf-8") as f:
        eol = endoflife_releases(f.read())
    runtimes = []
    for v in VERSIONS:
        meta = toml["metadata"][v]
        first = next((r for r in toml["release"].get(v, []) if r["stage"] in (f"{v}.0 final", f"{v} final")), None)
        e = eol.get(v, {})
        entry = {"id": v, "version": v, "released": None, "released_after": None, "released_by": None, "python": [v]}
        notes = []
        if first and first["state"] == "actual":
            entry["released"] = meta["first-release"].isoformat()
            if first["date"] != meta["first-release"] or (e.get("releaseDate") and e["releaseDate"] != meta["first-release"]):
                raise SystemExit(f"{v}: first release {meta['first-release']} (TOML) vs {e['releaseDate']} (endoflife.date)")
        else:
            entry["released_after"] = PEPS_DATE.isoformat()
            expected = first["date"] if first else meta["first-release"]
            notes.append(f"{v}.0 is expected on {expected} (state \"expected\" at the TOML's commit, "
                         f"{PEPS_DATE}): not released on that day; no source shows the release, so nothing bounds it "
                         "from above.")
        entry["milestones"] = {
            "bugfix_end": milestone(v, "end-of-bugfix", meta["end-of-bugfix"], "eoas", e.get("eoas")),
            "end_of_life": milestone(v, "end-of-life", meta["end-of-life"], "eol", e.get("eol")),
        }
        entry["notes"] = " ".join(notes)
        entry["sources"] = [TOML_URL] + ([EOL_URL] if e else [])
        entry["confidence"] = "high"
        runtimes.append(entry)
    catalog = {
        "format": "rtcat-catalog/1",
        "catalog": "python",
        "title": "CPython release cycle",
        "entry_noun": "version",
        "as_of": PEPS_DATE.isoformat(),
        "as_of_note": (f"Commit date of python/peps@{PEPS_COMMIT} (release_management/python-releases.toml, the "
                       "primary source, from which peps.python.org/api/release-cycle.json is generated), cross-checked "
                       f"with endoflife-date/endoflife.date@{EOL_COMMIT} (products/python.md). A future day the TOML "
                       "writes as a month's first day is that month; where the two sources give different days, the "
                       "milestone is the window spanning both."),
        "policy": {
            "milestones": [
                {"name": "bugfix_end", "severity": "note",
                 "meaning": "End of bugfix releases: from then on, security fixes only, as source releases.",
                 "reached": "ended bugfix releases", "upcoming": "ends bugfix releases"},
                {"name": "end_of_life", "severity": "warning",
                 "meaning": "End of life: no more releases, not even security fixes.",
                 "reached": "reached end of life", "upcoming": "reaches end of life"},
            ],
            "sources": ["https://devguide.python.org/versions/", TOML_URL, EOL_URL],
        },
        "rules": [],
        "runtimes": runtimes,
    }
    json.dump(catalog, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
