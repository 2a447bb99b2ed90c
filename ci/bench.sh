#!/usr/bin/env bash
# Installs what is missing, builds md_bench, md_report and lattice_bench (Release, into build/;
# ci/test.sh builds the rest) and runs md_bench's default suite, writing Google Benchmark JSON
# to results/md_bench.json, every step's latency to results/samples.json, and md_report's page
# of both to results/report.html (docs/REPORT.md); then a short lattice_bench suite
# (docs/LATTICE.md) into results/lattice_bench.json and its page results/lattice_report.html.
# Extra arguments go to md_bench (e.g. --benchmark_filter=NVE/64).
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages
mdb_build --target md_bench --target md_report --target lattice_bench
mkdir -p results
rc=0  # 1: a benchmark ended in error; its row (and the report) says why
./build/bench/md_bench --benchmark_out=results/md_bench.json --benchmark_out_format=json \
  --md_samples_out=results/samples.json "$@" || rc=$?
((rc == 0 || rc == 1)) || exit "$rc"
./build/compare/md_report results/md_bench.json --samples results/samples.json \
  -o results/report.html
# The quantizers: every operation and lattice at batches 1, 100 and 10,000 (about 15 s).
lq_rc=0
./build/bench/hnlq/lattice_bench --benchmark_min_time=0.1 \
  --benchmark_out=results/lattice_bench.json --benchmark_out_format=json || lq_rc=$?
if ((lq_rc == 0)); then
  ./build/compare/md_report results/lattice_bench.json -o results/lattice_report.html
else
  echo "ci: lattice_bench failed (exit $lq_rc)" >&2
  rc=$((rc == 0 ? lq_rc : rc))
fi
echo "ci: results in results/md_bench.json and results/lattice_bench.json; open" \
  "results/report.html and results/lattice_report.html in a browser"
exit "$rc"
