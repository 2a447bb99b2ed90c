#!/usr/bin/env bash
# How compare scales with the number of rows (docs/PERFORMANCE.md, "compare at scale"): writes two
# Google Benchmark files of ROWS rows each (default 100,000) in two shapes, 5,000 benchmarks x 20
# repetitions with a counter and ROWS benchmarks x 1 repetition, and times `compare` on each pair
# (wall seconds and peak memory). Goal: <= 2 s and <= 1 GB per pair.
#   bash ci/compare_scale.sh [path/to/compare] [ROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
compare=${1:-build/compare/compare}
rows=${2:-100000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/python3 - "$dir" "$rows" <<'PY'
import json, random, sys
out, rows = sys.argv[1], int(sys.argv[2])
def write(path, seed, reps):
    rng = random.Random(seed)
    runs = []
    for b in range(rows // reps):
        name = f"Step/NVE/{b}/lj-ar/cpu/manual_time"
        for r in range(reps):
            runs.append({"name": name, "run_name": name, "run_type": "iteration",
                         "repetitions": reps, "repetition_index": r, "threads": 1,
                         "iterations": 1000, "real_time": 10 + rng.random(),
                         "cpu_time": 10 + rng.random(), "time_unit": "us",
                         "atom_steps_per_s": 6e6 * (1 + 0.01 * rng.random())})
    json.dump({"context": {}, "benchmarks": runs}, open(path, "w"))
for reps in (20, 1):
    write(f"{out}/old{reps}.json", 1, reps)
    write(f"{out}/new{reps}.json", 2, reps)
PY
for reps in 20 1; do
  /usr/bin/time -f "%e %M" -o "$dir/time" "$compare" "$dir/old$reps.json" "$dir/new$reps.json" \
    >/dev/null || true  # exit 1 (a regression) is a verdict, not a failure here
  read -r seconds kb < <(tail -n 1 "$dir/time")
  echo "compare_scale: $rows rows, $((rows / reps)) benchmarks x $reps repetitions: ${seconds} s, $((kb / 1024)) MB"
done
