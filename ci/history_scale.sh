#!/usr/bin/env bash
# How `history detect` scales (docs/HISTORY.md, "Scale"): fills a new SQLite store with RUNS
# runs of ROWS benchmarks (default 10,000 x 200; history_scale, through Store::add_run) and times
# `history detect` over every series (wall seconds and peak memory). Goal: <= 10 s.
#   bash ci/history_scale.sh [BUILD_DIR] [RUNS] [ROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-10000}
rows=${3:-200}
cmake --build "$build" --target history history_scale >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
start=$(date +%s.%N)
"$build/compare/history_scale" "$dir/scale.sqlite" "$runs" "$rows" 2>/dev/null
filled=$(date +%s.%N)
/usr/bin/time -f "%e %M" -o "$dir/time" "$build/compare/history" --db "$dir/scale.sqlite" \
  detect --format json >"$dir/detect.json" || true  # exit 1 (a recent step) is a verdict here
read -r seconds kb < <(tail -n 1 "$dir/time")
found=$(grep -c '"benchmark"' "$dir/detect.json" || true)
printf 'history_scale: %d runs x %d rows (filled in %.0f s): detect %s s, %d MB, %s change points (%d planted)\n' \
  "$runs" "$rows" "$(awk "BEGIN { print $filled - $start }")" "$seconds" "$((kb / 1024))" "$found" \
  "$(((rows + 9) / 10))"
