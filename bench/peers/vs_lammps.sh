#!/usr/bin/env bash
# md_bench against LAMMPS on the same states, in one md_bench run: every Step benchmark of the
# selected cases gets its Peer twin (LAMMPS in-process through liblammps: same coordinates,
# velocities, potential, time step, neighbour settings and ensemble; docs/PEERS.md), with
# interleaved repetitions, then `compare --filters` prints the per-size ratio.
#
#   bash bench/peers/vs_lammps.sh                 # si-sw at 4,096 and 32,768 atoms, NVE
#   MDB_PEER_CASES=lj-ar,lj-melt,si-sw MDB_PEER_SIZES=256,4096 bash bench/peers/vs_lammps.sh
#
# Environment:
#   MDB_PEER_CASES      md_bench cases (si-sw)
#   MDB_PEER_SIZES      atom counts (4096,32768)
#   MDB_PEER_ENSEMBLES  NVE and/or NVT (NVE)
#   MDB_PEER_REPS       --benchmark_repetitions, interleaved (5)
#   MDB_PEER_MIN_TIME   --benchmark_min_time per repetition, seconds (0.5)
#   MDB_PEER_OUT        output folder (results/peers): md_bench.json, compare.txt, compare.md
# Builds Release into build/ first (installing what is missing, as ci/bench.sh does). Exit 0
# when both sides ran; the ratio is reported, not judged (a slower engine is not an error here).
set -euo pipefail
cd "$(dirname "$0")/../.."
source ci/common.sh
cases=${MDB_PEER_CASES:-si-sw}
sizes=${MDB_PEER_SIZES:-4096,32768}
ensembles=${MDB_PEER_ENSEMBLES:-NVE}
reps=${MDB_PEER_REPS:-5}
min_time=${MDB_PEER_MIN_TIME:-0.5}
out=${MDB_PEER_OUT:-results/peers}

mdb_install_packages
mdb_build >/dev/null
if ! ./build/bench/md_bench --md_list --md_cases="$cases" --md_sizes="$sizes" \
    --md_ensembles="$ensembles" --benchmark_filter='^Peer/' | grep -q '^  Peer/'; then
  echo "vs_lammps: md_bench has no Peer benchmarks here (built without liblammps, or the" \
    "cases have no LAMMPS pair style)" >&2
  exit 2
fi
mkdir -p "$out"
./build/bench/md_bench --md_cases="$cases" --md_sizes="$sizes" --md_ensembles="$ensembles" \
  --benchmark_filter='^(Step|Peer)/' --benchmark_repetitions="$reps" \
  --benchmark_enable_random_interleaving=true --benchmark_min_time="$min_time" \
  --benchmark_out="$out/md_bench.json" --benchmark_out_format=json

# The speed-up column is LAMMPS's median time over ours: > 1 means md_bench is faster. compare
# exits 1 when ours is significantly slower (its "regression"): reported, not fatal here.
pair=('^Peer(/.*/)lammps/' '^Step(/.*/)cpu/')
rc=0
./build/compare/compare --filters "$out/md_bench.json" "${pair[@]}" >"$out/compare.txt" || rc=$?
cat "$out/compare.txt"
((rc <= 1)) || exit "$rc"
rc=0
./build/compare/compare --format md --filters "$out/md_bench.json" "${pair[@]}" \
  >"$out/compare.md" || rc=$?
((rc <= 1)) || exit "$rc"
echo "vs_lammps: results in $out/"
