#!/usr/bin/env bash
# Runs test binaries repeatedly beside CPU hogs, so tests that only pass on an idle machine show
# up here rather than in someone's CI (issue: a test must pass on a loaded machine).
#   bash ci/loaded_tests.sh [ROUNDS] [HOGS] [test binary ...]
# Defaults: 10 rounds, 2 hogs (one per core of the 2-core CI machine), the md_bench end-to-end
# tests. Exit 1 when any round failed; the failing rounds' output is kept in results/loaded/.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
hogs=${2:-2}
shift $(($# < 2 ? $# : 2))
tests=("$@")
((${#tests[@]} > 0)) || tests=(build/tests/test_md_bench_e2e)
for t in "${tests[@]}"; do
  [[ -x $t ]] || { echo "loaded_tests: no test binary $t (build with ci/test.sh first)" >&2; exit 2; }
done
out=results/loaded
mkdir -p "$out"
pids=()
stop_hogs() { ((${#pids[@]} == 0)) || kill "${pids[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
for ((h = 0; h < hogs; ++h)); do
  (while :; do :; done) &
  pids+=($!)
done
failed=0
for ((r = 1; r <= rounds; ++r)); do
  for t in "${tests[@]}"; do
    log="$out/$(basename "$t")-$r.log"
    if "$t" >"$log" 2>&1; then
      rm -f "$log"
    else
      failed=$((failed + 1))
      echo "loaded_tests: round $r: $(basename "$t") failed ($log)"
      grep -E '^\[  FAILED  \]' "$log" | sort -u || true
    fi
  done
done
echo "loaded_tests: $failed failed run(s) in $rounds round(s) beside $hogs hog(s)"
((failed == 0))
