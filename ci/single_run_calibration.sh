#!/usr/bin/env bash
# How often compare cries wolf on a user's plain single runs on this machine: TRIALS times, the
# same md_bench runs twice with one repetition (`md_bench --benchmark_filter=NVE/64
# --benchmark_out=r1.json`, again into r2.json) and `compare r1.json r2.json`; every exit 1 is a
# false alarm (docs/COMPARE.md, "Single runs"). The loop is ci/gate_calibration.sh's, with one
# round of one repetition at md_bench's own minimum time.
#   bash ci/single_run_calibration.sh [TRIALS]     # default 20; about 3 min a trial on 2 cores
# Uses build/bench/md_bench and build/compare/compare (bash ci/bench.sh builds both), or the
# files in MDB_MD_BENCH / MDB_COMPARE; MDB_GATE_FILTER narrows the rows (default NVE/64).
# Writes results/single_run_calibration/summary.md; exit 0 when it ran, 2 when it could not.
set -euo pipefail
cd "$(dirname "$0")/.."
MDB_GATE_ROUNDS=1 MDB_GATE_REPS=1 MDB_GATE_MIN_TIME='' MDB_GATE_FILTER=${MDB_GATE_FILTER:-NVE/64} \
  exec bash ci/gate_calibration.sh --md-bench "${MDB_MD_BENCH:-build/bench/md_bench}" \
  --compare "${MDB_COMPARE:-build/compare/compare}" --out results/single_run_calibration "$@"
