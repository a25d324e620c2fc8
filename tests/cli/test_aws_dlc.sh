#!/usr/bin/env bash
# The aws-dlc catalog: AWS Deep Learning Containers framework images. Listing, showing, checking,
# combos, upgrades within an image's family (repository and platform), and the timeline in text,
# SVG and iCalendar; versions such as 1.4-2 and 3.0-5 order by their numbers.
source "$(dirname "$0")/lib.sh"

# The catalog is embedded, with its 51 dated framework images and 10 older lines.
run catalogs
expect_exit 0
expect_out "aws-dlc            2026-08-21"
expect_out "61       embedded  AWS Deep Learning Containers framework images"

# --platform selects the catalog.
run --at 2026-09-01 list --platform aws-dlc --format json
expect_exit 0
expect_json 'j.length' '61'
expect_json '[...new Set(j.map(e => e.catalog))].join()' 'aws-dlc'
expect_json 'j.filter(e => e.milestones.availability_end !== undefined).length' '0'
run --at 2026-09-01 list --platform aws-dlc --framework xgboost
expect_exit 0
expect_out_eq "ID                                     RELEASED    PYTHON   FRAMEWORKS     STATUS     NEXT MILESTONE          DAYS
sagemaker-xgboost.3.0-5-cpu-sagemaker  2025-11-17  unknown  XGBoost 3.0-5  expiring   support_end 2026-11-17  77
sagemaker-xgboost.3.2-0-cpu-sagemaker  2026-05-13  unknown  XGBoost 3.2-0  supported  support_end 2027-05-13  254"

# support_end is GA + 12 months, or the EOP the file states (PyTorch 2.6 inference: 2026-06-30;
# PyTorch 1.13: GA + 24 months), on the EOP date itself.
run --at 2026-09-01 list --platform aws-dlc --format json
expect_json 'j.find(e => e.id == "pytorch-training.2.6-gpu-ec2").milestones.support_end' '2026-01-29'
expect_json 'j.find(e => e.id == "pytorch-inference.2.6-gpu-ec2").milestones.support_end' '2026-06-30'
expect_json 'j.find(e => e.id == "pytorch.1.13").milestones.support_end' '2024-10-28'
expect_json 'j.find(e => e.id == "pytorch.2.5").python' 'null'
run show aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2026-01-28
expect_exit 0
expect_out "image pytorch-training.2.6-gpu-ec2  (aws-dlc: AWS Deep Learning Containers framework images)"
expect_out "  packages     torch 2.6.x
  framework    PyTorch 2.6
  accelerator  gpu (CUDA 12.6)
  family       pytorch-training/ec2
  uri          763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6.0-gpu-py312-cu126-ubuntu22.04-ec2"
expect_out "  status       expiring on 2026-01-28"
expect_out "  2026-01-29      support_end       (policy) EOP: the date after which a framework version no longer receives security patches or bug fixes; the images stay pullable."
expect_out "https://github.com/aws/deep-learning-containers/blob/e0ecedea6a1c56d6b5914f9cfb2fec5c548e67e0/docs/src/data/pytorch-training/2.6-gpu-ec2.yml"
run show aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2026-01-28 --format json
expect_exit 0
expect_json 'j.family + " " + j.cuda + " " + j.uris.length' 'pytorch-training/ec2 12.6 4'
run show aws-dlc:pytorch-inference.2.6-cpu-sagemaker --at 2026-01-30
expect_exit 0
expect_out "  2026-06-30      support_end       (stated)"
expect_out "EOP 2026-06-30 as the file states, not GA + 12 months."

# check: supported before the EOP, a warning from the EOP on (the images stay pullable: valid,
# exit 0), with the newest supported image of the same family as the suggestion.
run check --runtime aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2026-01-28
expect_exit 0
expect_out "warning: image pytorch-training.2.6-gpu-ec2 leaves support on 2026-01-29 (in 1 day) [expiring]"
run check --runtime aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2026-01-29
expect_exit 0
expect_out "warning: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 [support-end] (use pytorch-training.2.10-gpu-ec2)"
expect_out "is valid, with warnings, for training on 2026-01-29: support_end"
run check --runtime aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2025-06-01
expect_exit 0
expect_out_eq "image aws-dlc:pytorch-training.2.6-gpu-ec2 (aws-dlc) is valid for training on 2025-06-01: supported; next: support_end 2026-01-29 (242 days)"
run check --runtime aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2024-12-31
expect_exit 1
expect_out "[unreleased]"
run check --runtime aws-dlc:pytorch-training.2.6-gpu-ec3 --at 2026-01-01
expect_exit 1
expect_out "[unknown-runtime]"

# combos: every image still taking new work (a warning milestone does not close one).
run combos --platform aws-dlc --python 3.13 --at 2026-09-01
expect_exit 0
expect_out_eq "CATALOG  RUNTIME                              PYTHON  STATUS     NEXT MILESTONE          DAYS
aws-dlc  pytorch-training.2.10-cpu-ec2        3.13    supported  support_end 2027-01-21  142
aws-dlc  pytorch-training.2.10-gpu-ec2        3.13    supported  support_end 2027-01-21  142
aws-dlc  pytorch-training.2.10-cpu-sagemaker  3.13    supported  support_end 2027-01-21  142
aws-dlc  pytorch-training.2.10-gpu-sagemaker  3.13    supported  support_end 2027-01-21  142"

# upgrade stays in the image's family: the same repository and platform, the job's accelerator
# (its CPU build as the twin).
run upgrade --runtime aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2026-02-01 --max 2
expect_exit 0
expect_out "1. aws-dlc pytorch-training.2.10-gpu-ec2  python 3.13, supported, next support_end 2027-01-21 (354 days)"
expect_out "     cpu image: 763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.10.0-cpu-py313-ubuntu22.04-ec2"
expect_out "2. aws-dlc pytorch-training.2.9-gpu-ec2"
expect_no_out "sagemaker"
run upgrade --runtime aws-dlc:pytorch-training.2.6-gpu-sagemaker --at 2026-02-01 --max 1 --format json
expect_exit 0
expect_json 'j.candidates.map(c => c.id).join()' 'pytorch-training.2.10-gpu-sagemaker'
run upgrade --runtime aws-dlc:pytorch-training-arm64.2.7-gpu-ec2 --at 2026-05-01
expect_exit 0
expect_out "nothing in aws-dlc available for training with torch on 2026-05-01 outlasts image pytorch-training-arm64.2.7-gpu-ec2"
expect_no_out "1. aws-dlc"
# Non-dotted versions order by their numbers (3.0-5 before 3.2-0), and the change shows them as they are.
run upgrade --runtime aws-dlc:sagemaker-xgboost.3.0-5-cpu-sagemaker --at 2026-06-01
expect_exit 0
expect_out "1. aws-dlc sagemaker-xgboost.3.2-0-cpu-sagemaker  python unknown, supported, next support_end 2027-05-13 (346 days)"
expect_out "     xgboost 3.0-5 -> 3.2-0"
run upgrade --runtime aws-dlc:sagemaker-scikit-learn.1.4-2-py312-cpu-sagemaker --at 2026-08-01
expect_exit 0
expect_out "1. aws-dlc sagemaker-scikit-learn.1.9-0-cpu-sagemaker"
expect_out "     scikit-learn 1.4-2 -> 1.9-0"

# timeline: text, iCalendar and SVG; an EC2 image and its SageMaker namesake are not twins.
run --at 2026-09-01 timeline --platform aws-dlc --within 60d
expect_exit 0
expect_out_eq "DATE        CATALOG  ID                                                EVENT        SEVERITY  MEANING
2026-10-15  aws-dlc  pytorch-training.2.9-cpu-ec2                      support_end  warning   EOP: the date after which a framework version no longer receives security patches or bug fixes; the images stay pullable.
2026-10-15  aws-dlc  pytorch-training.2.9-gpu-ec2                      support_end  warning   EOP: the date after which a framework version no longer receives security patches or bug fixes; the images stay pullable.
2026-10-15  aws-dlc  pytorch-training.2.9-cpu-sagemaker                support_end  warning   EOP: the date after which a framework version no longer receives security patches or bug fixes; the images stay pullable.
2026-10-15  aws-dlc  pytorch-training.2.9-gpu-sagemaker                support_end  warning   EOP: the date after which a framework version no longer receives security patches or bug fixes; the images stay pullable.
2026-10-30  aws-dlc  sagemaker-scikit-learn.1.4-2-py312-cpu-sagemaker  support_end  warning   EOP: the date after which a framework version no longer receives security patches or bug fixes; the images stay pullable."
run --at 2025-06-01 timeline --platform aws-dlc --id pytorch-training.2.6-gpu-ec2 --format ics
expect_exit 0
expect_out $'UID:aws-dlc/pytorch-training.2.6-gpu-ec2/support_end@rtcat\r\nDTSTAMP:20260821T000000Z\r\nDTSTART;VALUE=DATE:20260129\r\nDTEND;VALUE=DATE:20260130\r\nSUMMARY:aws-dlc image pytorch-training.2.6-gpu-ec2: support end\r\n'
run --at 2026-09-01 timeline --platform aws-dlc --within 60d --format ics
expect_exit 0
expect_out "SUMMARY:aws-dlc image pytorch-training.2.9-cpu-ec2 +gpu: support end"
expect_out "SUMMARY:aws-dlc image pytorch-training.2.9-cpu-sagemaker +gpu: support end"
[[ $(grep -c "^BEGIN:VEVENT" <<<"$OUT") == 3 ]] || fail "expected 3 events (ec2 twins, sagemaker twins, scikit-learn)"
run --at 2026-09-01 timeline --platform aws-dlc --within 60d --format svg
expect_exit 0
expect_out ">AWS Deep Learning Containers framework images</text>"
expect_out ">pytorch-training.2.9-cpu-ec2 +gpu</text>"
expect_out ">pytorch-training.2.9-cpu-sagemaker +gpu</text>"

# An inference image serves prediction, a training image training: each entry says which, since
# the catalog holds both; --service contradicting it is an input error.
run check --runtime aws-dlc:pytorch-inference.2.6-cpu-sagemaker --at 2026-12-01
expect_out "image aws-dlc:pytorch-inference.2.6-cpu-sagemaker (aws-dlc) is valid, with warnings, for prediction on 2026-12-01: support_end"
run check --runtime aws-dlc:pytorch-training.2.6-gpu-ec2 --at 2026-12-01
expect_out "for training on 2026-12-01"
run check --runtime aws-dlc:pytorch-inference.2.6-cpu-sagemaker --service training --at 2026-12-01
expect_input_error "--service training contradicts aws-dlc:pytorch-inference.2.6-cpu-sagemaker, a prediction image"
# The SageMaker XGBoost and scikit-learn images are published under accounts the source does not
# name ("<account-id>" in the catalog): scan matches them under any account.
mkdir -p "$WORK/xgb"
printf 'FROM 683313688378.dkr.ecr.us-east-1.amazonaws.com/sagemaker-xgboost:3.0-5\n' >"$WORK/xgb/Dockerfile"
run scan "$WORK/xgb" --at 2026-12-01
expect_exit 0
expect_out "Dockerfile:1:6: warning: image sagemaker-xgboost.3.0-5-cpu-sagemaker left support on 2026-11-17 [support-end] (use sagemaker-xgboost.3.2-0-cpu-sagemaker)"
finish
