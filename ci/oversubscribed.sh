#!/usr/bin/env bash
# A thread team's share of an oversubscribed machine: Batched rows (one thread per replica, up to
# the core count) timed idle and beside CPU hogs, in interleaved rounds, for one or more md_bench
# binaries (e.g. a build before and after a change), so the figures come from one run.
#   bash ci/oversubscribed.sh [ROUNDS] [md_bench ...]
# Defaults: 5 rounds, build/bench/md_bench. Environment: MDB_HOGS (default: the core count),
# MDB_FILTER (default: Batched/NVE/64/lj-ar/cpu/replicas:2), MDB_MIN_TIME (default 1 s).
# Prints per binary the median atom-steps/s idle and loaded, and the loaded figure against its
# fair share: with T team threads and H hogs on C cores, the team is owed C * T / (T + H) cores'
# worth of the idle rate T cores earned, i.e. idle * C / (T + H) (2 threads, 2 hogs, 2 cores: half).
# The JSON of every run is kept in results/oversubscribed/.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
shift $(($# < 1 ? $# : 1))
bins=("$@")
((${#bins[@]} > 0)) || bins=(build/bench/md_bench)
for b in "${bins[@]}"; do
  [[ -x $b ]] || { echo "oversubscribed: no md_bench at $b" >&2; exit 2; }
done
cores=$(nproc)
hogs=${MDB_HOGS:-$cores}
filter=${MDB_FILTER:-Batched/NVE/64/lj-ar/cpu/replicas:2/}
min_time=${MDB_MIN_TIME:-1}
out=results/oversubscribed
rm -rf "$out"
mkdir -p "$out"
pids=()
stop_hogs() {
  ((${#pids[@]} == 0)) || kill "${pids[@]}" 2>/dev/null || true
  pids=()
}
trap stop_hogs EXIT
run() {  # binary index, condition, round
  "${bins[$1]}" --benchmark_filter="$filter" --benchmark_min_time="$min_time" \
    --benchmark_format=json --md_peers=none >"$out/bin$1-$2-$3.json" 2>/dev/null
}
for ((r = 1; r <= rounds; ++r)); do
  for i in "${!bins[@]}"; do run "$i" idle "$r"; done
  for ((h = 0; h < hogs; ++h)); do
    (while :; do :; done) &
    pids+=($!)
  done
  for i in "${!bins[@]}"; do run "$i" loaded "$r"; done
  stop_hogs
done
/usr/bin/python3 - "$out" "$cores" "$hogs" "${bins[@]}" <<'EOF'
import glob, json, statistics, sys
out, cores, hogs, bins = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
print(f"{cores} cores, {hogs} hogs; median atom_steps_per_s over rounds")
for i, b in enumerate(bins):
    rates = {}
    for cond in ("idle", "loaded"):
        for f in sorted(glob.glob(f"{out}/bin{i}-{cond}-*.json")):
            for row in json.load(open(f))["benchmarks"]:
                if "atom_steps_per_s" in row:
                    rates.setdefault((row["name"], cond), []).append(row["atom_steps_per_s"])
    for name in sorted({n for n, _ in rates}):
        idle = statistics.median(rates[(name, "idle")])
        loaded = statistics.median(rates[(name, "loaded")])
        threads = next(row.get("worker_threads", 1) for f in glob.glob(f"{out}/bin{i}-idle-*.json")
                       for row in json.load(open(f))["benchmarks"] if row["name"] == name)
        fair = idle * cores / (threads + hogs)
        print(f"{b}: {name}: idle {idle / 1e6:.2f} M, loaded {loaded / 1e6:.2f} M, "
              f"fair share {fair / 1e6:.2f} M -> {100 * loaded / fair:.0f} % of it")
EOF
