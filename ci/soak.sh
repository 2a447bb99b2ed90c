#!/usr/bin/env bash
# Opt-in soak: md_bench steps one 64-atom case for a long time (Google Benchmark's last call
# alone is about SECONDS of steps: 10^6 and more at ~10 us a step) while its resident memory is
# sampled every 0.2 s; after the warm-up (the first WARMUP seconds: states prepared, buffers
# sized) the memory must stay flat within 1 MB. Prints the samples' summary; exit 1 if it grew.
#   bash ci/soak.sh [SECONDS=60] [WARMUP=5] [md_bench args, e.g. --benchmark_filter=...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
warmup=${2:-5}
shift $(($# < 2 ? $# : 2))
bin=build/bench/md_bench
[[ -x $bin ]] || { echo "soak: no $bin (build first: bash ci/test.sh)" >&2; exit 2; }
out=results/soak
mkdir -p "$out"
"$bin" --benchmark_filter='^Step/NVE/64/lj-ar/cpu/manual_time$' --md_peers=none \
  --benchmark_min_time="$seconds" --benchmark_out="$out/soak.json" "$@" >"$out/soak.log" 2>&1 &
pid=$!
start=$SECONDS
: >"$out/rss.tsv"
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [[ -n $rss ]] && printf '%d\t%s\n' $((SECONDS - start)) "$rss" >>"$out/rss.tsv"
  sleep 0.2
done
wait "$pid"
awk -v warm="$warmup" '
  $1 >= warm { if (n == 0 || $2 < lo) lo = $2; if (n == 0 || $2 > hi) hi = $2; ++n }
  END {
    if (n == 0) { print "soak: no samples after the warm-up"; exit 2 }
    printf "soak: %d samples after %d s: RSS %.1f .. %.1f MB (growth %.2f MB)\n",
           n, warm, lo / 1024, hi / 1024, (hi - lo) / 1024
    exit (hi - lo > 1024) ? 1 : 0
  }' "$out/rss.tsv"
