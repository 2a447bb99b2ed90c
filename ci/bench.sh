#!/usr/bin/env bash
# Installs what is missing, builds Release into build/ and runs md_bench's default suite,
# writing Google Benchmark JSON to results/md_bench.json, every step's latency to
# results/samples.json, and md_report's page of both to results/report.html (docs/REPORT.md).
# Extra arguments go to md_bench (e.g. --benchmark_filter=NVE/64).
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages
mdb_build
mkdir -p results
rc=0  # 1: a benchmark ended in error; its row (and the report) says why
./build/bench/md_bench --benchmark_out=results/md_bench.json --benchmark_out_format=json \
  --md_samples_out=results/samples.json "$@" || rc=$?
((rc == 0 || rc == 1)) || exit "$rc"
./build/compare/md_report results/md_bench.json --samples results/samples.json \
  -o results/report.html
echo "ci: results in results/md_bench.json; open results/report.html in a browser"
exit "$rc"
