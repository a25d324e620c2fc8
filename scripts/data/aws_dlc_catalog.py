#!/usr/bin/env python3
"""Writes data/aws-dlc.json from the AWS Deep Learning Containers documentation sources.

Usage: scripts/data/aws_dlc_catalog.py SOURCES [OUTPUT]

SOURCES is a copy of docs/src/ of aws/deep-learning-containers at the commit below (global.yml,
data/<repository>/<image>.yml, legacy/legacy_support.yml). The output is sorted and stable: the
same sources give the same bytes. Counts of the support rule (EOP = GA + 12 months) go to stderr.
"""

import calendar
import datetime
import json
import re
import sys
from pathlib import Path

import yaml

COMMIT = "e0ecedea6a1c56d6b5914f9cfb2fec5c548e67e0"
REPO = "aws/deep-learning-containers"
BLOB = f"https://github.com/{REPO}/blob/{COMMIT}/docs/src/"
POLICY_PAGE = "https://aws.github.io/deep-learning-containers/reference/support_policy"
AFTER_MONTHS = 12

# The framework images: PyTorch and TensorFlow training and inference (x86 and arm64, EC2 and
# SageMaker), the unified PyTorch images, scikit-learn and XGBoost for SageMaker.
FRAMEWORK_REPOSITORIES = [
    "pytorch",
    "pytorch-inference",
    "pytorch-inference-arm64",
    "pytorch-training",
    "pytorch-training-arm64",
    "sagemaker-scikit-learn",
    "sagemaker-xgboost",
    "tensorflow-inference",
    "tensorflow-inference-arm64",
    "tensorflow-training",
]
# Dated, but not framework images: left out, named in the catalog's note.
DATED_NOT_FRAMEWORK = ["base", "base-ubuntu", "whisperx"]
# Package names of the frameworks whose version is a dotted major.minor line.
PACKAGE = {"PyTorch": "torch", "TensorFlow": "tensorflow"}
LEGACY = {"pytorch": ("PyTorch", "torch"), "tensorflow": ("TensorFlow", "tensorflow")}


def add_months(d, months):
    """The same day `months` later, clamped at the month's end (as rtcat derives milestones)."""
    m = d.month - 1 + months
    y, m = d.year + m // 12, m % 12 + 1
    return datetime.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def parse_date(text, where):
    try:
        return datetime.date.fromisoformat(str(text))
    except ValueError:
        sys.exit(f"{where}: not a date: {text!r}")


def numeric_key(text):
    return [int(p) for p in re.findall(r"[0-9]+", text)]


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def milestones(ga, eop):
    """The stated support_end: only where the EOP is not the policy's GA + 12 months."""
    return {} if eop == add_months(ga, AFTER_MONTHS) else {"support_end": eop.isoformat()}


def image_entry(repository, path, doc, glob):
    where = f"data/{repository}/{path.name}"
    ga, eop = parse_date(doc["ga"], where), parse_date(doc["eop"], where)
    version = str(doc["version"])
    framework_version = version
    python = None
    if doc.get("python"):
        m = re.fullmatch(r"py([0-9])([0-9]+)", str(doc["python"]))
        if not m:
            sys.exit(f"{where}: python: not pyNNN: {doc['python']!r}")
        python = [f"{m.group(1)}.{m.group(2)}"]
    m = re.fullmatch(r"(.*)-py([0-9])([0-9]+)", version)
    if m:  # "1.4-2-py312": the Python is part of the version's name
        framework_version = m.group(1)
        python = python or [f"{m.group(2)}.{m.group(3)}"]
    dotted = re.fullmatch(r"[0-9]+\.[0-9]+", framework_version)
    cuda = None
    if doc.get("cuda"):
        m = re.fullmatch(r"cu([0-9]+)([0-9])", str(doc["cuda"]))
        if not m:
            sys.exit(f"{where}: cuda: not cuNNN: {doc['cuda']!r}")
        cuda = f"{m.group(1)}.{m.group(2)}"
    account = str(doc.get("example_ecr_account", glob["example_ecr_account"]))
    region = glob["example_region"]
    uris = [f"{account}.dkr.ecr.{region}.amazonaws.com/{repository}:{tag}" for tag in doc["tags"]]
    platform = str(doc["platform"])
    shown = {"ec2": "EC2, ECS, EKS", "sagemaker": "SageMaker"}[platform]
    notes = [f"Platform: {platform} ({shown})."]
    if doc.get("os"):
        notes.append(f"OS: {doc['os']}.")
    if "arm64" in repository:
        notes.append("Architecture: arm64.")
    if not re.fullmatch(r"[0-9]+", account):
        notes.append(f"The documentation gives the account as {account}: these images are in other registries than the "
                     f"{glob['example_ecr_account']} one, by region.")
    stated = milestones(ga, eop)
    if stated:
        notes.append(f"EOP {eop.isoformat()} as the file states, not GA + {AFTER_MONTHS} months.")
    entry = {
        "id": f"{repository}.{path.stem}",
        "version": framework_version if dotted else None,
        "released": ga.isoformat(),
        "released_by": None,
        "python": python,
        "packages": {},
        "package_lines": {PACKAGE[doc["framework"]]: framework_version} if doc["framework"] in PACKAGE and dotted else {},
        "milestones": stated,
        "framework": str(doc["framework"]),
        "framework_version": framework_version,
        "accelerator": str(doc["accelerator"]),
        "cuda": cuda,
        "family": f"{repository}/{platform}",
        # What the repository's name says it serves; none for those that serve both (pytorch,
        # sagemaker-scikit-learn, sagemaker-xgboost).
        "service": "prediction" if "inference" in repository else "training" if "training" in repository else None,
        "uris": uris,
        "notes": " ".join(notes),
        "sources": [f"{BLOB}data/{repository}/{path.name}"],
        "confidence": "high",
    }
    if not entry["package_lines"]:
        del entry["package_lines"]
    if entry["service"] is None:
        del entry["service"]
    return entry, ga, eop


def legacy_entries(sources):
    doc = load(sources / "legacy" / "legacy_support.yml")
    out, exceptions = [], 0
    for key in sorted(doc):
        if key not in LEGACY:
            sys.exit(f"legacy/legacy_support.yml: unknown framework {key!r}")
        name, package = LEGACY[key]
        for line in doc[key]:
            where = f"legacy/legacy_support.yml: {key} {line['version']}"
            ga, eop = parse_date(line["ga"], where), parse_date(line["eop"], where)
            stated = milestones(ga, eop)
            exceptions += bool(stated)
            version = str(line["version"])
            notes = "An older framework line: the sources give its GA and EOP only, no images, tags or Python."
            if stated:
                notes += f" EOP {eop.isoformat()} as the file states, not GA + {AFTER_MONTHS} months."
            out.append({
                "id": f"{key}.{version}",
                "version": version,
                "released": ga.isoformat(),
                "released_by": None,
                "python": None,
                "packages": {},
                "package_lines": {package: version},
                "milestones": stated,
                "framework": name,
                "framework_version": version,
                "accelerator": "",
                "cuda": None,
                "notes": notes,
                "sources": [f"{BLOB}legacy/legacy_support.yml"],
                "confidence": "high",
            })
    return out, exceptions


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    sources = Path(sys.argv[1])
    glob = load(sources / "global.yml")
    dated, by_rule, left_out, undated = 0, 0, [], set()
    entries = []
    for folder in sorted(p for p in (sources / "data").iterdir() if p.is_dir() and p.name != "template"):
        for path in sorted(folder.glob("*.yml")):
            doc = load(path)
            if "ga" not in doc or "eop" not in doc:
                undated.add(folder.name)
                continue
            where = f"data/{folder.name}/{path.name}"
            ga, eop = parse_date(doc["ga"], where), parse_date(doc["eop"], where)
            dated += 1
            by_rule += eop == add_months(ga, AFTER_MONTHS)
            if folder.name in FRAMEWORK_REPOSITORIES:
                entries.append(image_entry(folder.name, path, doc, glob)[0])
            elif folder.name in DATED_NOT_FRAMEWORK:
                left_out.append(f"{folder.name}/{path.stem}")
            else:
                sys.exit(f"{where}: a dated image of an unexpected repository")
    legacy, legacy_exceptions = legacy_entries(sources)
    print(f"dated image files: {dated}; EOP = GA + {AFTER_MONTHS} months: {by_rule}; stated otherwise: {dated - by_rule}",
          file=sys.stderr)
    print(f"framework image entries: {len(entries)}; left out (dated, not framework images): {len(left_out)}; "
          f"legacy lines: {len(legacy)} ({legacy_exceptions} stated otherwise)", file=sys.stderr)
    entries.sort(key=lambda e: (e["id"].split(".")[0], e["family"].split("/")[1], numeric_key(e["framework_version"]),
                                e["accelerator"]))
    legacy.sort(key=lambda e: (e["framework"], numeric_key(e["version"])))
    catalog = {
        "format": "rtcat-catalog/1",
        "catalog": "aws-dlc",
        "title": "AWS Deep Learning Containers framework images",
        "entry_noun": "image",
        "as_of": "2026-08-21",
        "as_of_note": (
            f"Commit date of {REPO}@{COMMIT}, whose docs/src/ generates the support-policy page. rtcat marks support_end "
            f"on the EOP date itself: GA + {AFTER_MONTHS} months, as for {by_rule} of the {dated} dated image files, unless the file "
            "states another EOP (the entry then states it). There is no availability end: after EOP the images stay "
            "pullable. Included: the framework "
            "images whose files carry GA and EOP dates (PyTorch and TensorFlow training and inference, x86 and arm64, EC2 "
            "and SageMaker; the unified PyTorch images; scikit-learn and XGBoost for SageMaker), and the older lines of "
            "legacy/legacy_support.yml (dates only). Left out: the dated images that are not framework images ("
            + ", ".join(left_out) + "), and the families whose files carry no dates ("
            + ", ".join(sorted(undated)) + ")."
        ),
        "policy": {
            "milestones": [{
                "name": "support_end",
                "after_months": AFTER_MONTHS,
                "severity": "warning",
                "meaning": (
                    "EOP: the date after which a framework version no longer receives security patches or bug fixes; "
                    "the images stay pullable."
                ),
                "reached": "left support",
                "upcoming": "leaves support",
            }],
            "uri_note": (
                f"The ECR account differs by region (the documentation's example is {glob['example_ecr_account']}, "
                f"region {glob['example_region']}): match on the repository and tag, not the account."
            ),
            "sources": [POLICY_PAGE, f"{REPO}@{COMMIT}:docs/src/tables/extra/support_policy.yml"],
        },
        "rules": [],
        "runtimes": entries + legacy,
    }
    text = json.dumps(catalog, indent=2, ensure_ascii=False) + "\n"
    if len(sys.argv) == 3:
        Path(sys.argv[2]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
