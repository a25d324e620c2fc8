#!/usr/bin/env bash
# Builds fuzz/fuzz_jobs.cpp with clang (libFuzzer, ASan, UBSan) over the job and cluster
# parsers alone (no SQLite, no embedded catalogs) and runs it for SECONDS (default 60) from
# the example jobs. Usage: fuzz/run_fuzz_jobs.sh [SECONDS] [OUT_DIR]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
out=${2:-$src/build/fuzz}
mkdir -p "$out/corpus"
# Without catalog_set.cpp (SQLite, embedded catalogs) read_file needs a stand-in; the target
# never reads files.
cat >"$out/read_file_stub.cpp" <<'CPP'
#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
std::string catalog::read_file(const std::string& path) { throw catalog::InvalidInput(path + ": cannot read"); }
CPP
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$src" \
  "$src/fuzz/fuzz_jobs.cpp" "$out/read_file_stub.cpp" \
  "$src"/catalog/{version,calendar,pep440,model,json_io}.cpp \
  "$src"/lib/jobs/{job_spec,rest_json,config_yaml,gcloud_cmdline,requirements}.cpp \
  "$src"/lib/cluster/{cluster_spec,tf_config,framework_env}.cpp \
  -lyaml-cpp -o "$out/fuzz_jobs"
# Seeds: each example prefixed with the byte that selects its parser.
i=0
for f in "$src"/data/examples/jobs/*; do
  case "$f" in
  *cluster-spec-*) sel='\x05' ;; *.json) sel='\x00' ;; *.yaml) sel='\x01' ;; *.sh) sel='\x02' ;;
  *.txt) sel='\x03' ;; *setup.py) sel='\x04' ;; *) continue ;;
  esac
  { printf "$sel"; cat "$f"; } >"$out/corpus/seed-$((i++))"
done
"$out/fuzz_jobs" -artifact_prefix="$out/" -max_total_time="$seconds" -max_len=4096 -timeout=5 "$out/corpus"
