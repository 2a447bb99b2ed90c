#!/usr/bin/env bash
# Installs what is missing, builds Release into build/ and runs md_bench's default suite,
# writing Google Benchmark JSON to results/md_bench.json. Extra arguments go to md_bench
# (e.g. --benchmark_filter=NVE/64).
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages
mdb_build
mkdir -p results
./build/bench/md_bench --benchmark_out=results/md_bench.json --benchmark_out_format=json "$@"
echo "ci: results in results/md_bench.json"
