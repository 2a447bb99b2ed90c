#!/usr/bin/env bash
# md_bench against LAMMPS on 1 core and on N cores (default 2), from one run: md_bench with one
# thread against LAMMPS in-process (the Peer rows), and md_bench with N threads against
# `mpirun -np N lmp` on the very same states (Debian's LAMMPS has no OPENMP package, so its
# parallel run is MPI). The repetitions alternate between md_bench and LAMMPS, so both sides see
# the same drift of a shared machine; the ratios are what to read (docs/PEERS.md).
#
#   bash bench/peers/vs_lammps_2core.sh        # si-sw and lj-melt at 4,096 and 32,768 atoms, NVE
#
# Environment:
#   MDB_PEER_CASES        md_bench cases (si-sw,lj-melt)
#   MDB_PEER_SIZES        atom counts (4096,32768)
#   MDB_PEER_PROCS        N: md_bench threads and LAMMPS MPI ranks (2)
#   MDB_PEER_REPS         repetitions, alternating md_bench and LAMMPS (5)
#   MDB_PEER_MIN_TIME     --benchmark_min_time of each md_bench row, seconds (0.5)
#   MDB_PEER_LMP_SECONDS  length of each timed LAMMPS run, seconds (1)
#   MDB_PEER_OUT          output folder (results/peers-2core): merged.json, compare-*.txt/.md,
#                         md_bench-<r>.json, lammps/<state>/{in.lmp,data.lmp,log-<r>.lammps}
#   MDB_BUILD_DIR         the build to use (build); MDB_SKIP_BUILD=1 uses it as it is
# Exit 0 when both sides ran (the ratio is reported, not judged), 2 when something is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
source ci/common.sh
cases=${MDB_PEER_CASES:-si-sw,lj-melt}
sizes=${MDB_PEER_SIZES:-4096,32768}
procs=${MDB_PEER_PROCS:-2}
reps=${MDB_PEER_REPS:-5}
min_time=${MDB_PEER_MIN_TIME:-0.5}
lmp_seconds=${MDB_PEER_LMP_SECONDS:-1}
out=${MDB_PEER_OUT:-results/peers-2core}

if ! [[ $procs =~ ^[0-9]+$ ]] || ((procs < 2)); then
  echo "vs_lammps_2core: MDB_PEER_PROCS must be an integer >= 2 (got '$procs')" >&2
  exit 2
fi
build=${MDB_BUILD_DIR:-build}
if [[ ${MDB_SKIP_BUILD:-0} != 1 ]]; then
  mdb_install_packages
  mdb_build >/dev/null
  build=build
fi
for tool in mpirun lmp; do
  if ! command -v "$tool" >/dev/null; then
    echo "vs_lammps_2core: '$tool' not found (Debian packages lammps and openmpi-bin)" >&2
    exit 2
  fi
done
# Open MPI refuses to start as root unless told that is intended (containers, CI).
if [[ $(id -u) == 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
md_bench=$build/bench/md_bench
selection=(--md_cases="$cases" --md_sizes="$sizes" --md_ensembles=NVE)
rm -rf "$out"
mkdir -p "$out"
"$md_bench" "${selection[@]}" --md_lammps_inputs="$out/lammps"

lammps() {  # folder steps log; stdin closed, or mpirun would eat the loop's index lines
  (cd "$out/lammps/$1" && mpirun -np "$procs" lmp -in in.lmp -var steps "$2" -log "$3" \
    -screen none </dev/null)
}
# Steps per timed LAMMPS run, from a 20-step probe: about lmp_seconds each.
declare -A steps
while IFS=$'\t' read -r folder _ _; do
  lammps "$folder" 20 probe.lammps
  steps[$folder]=$(awk -v want="$lmp_seconds" '/^Loop time of/ {t = $4; s = $9}
    END { n = (t > 0 && s > 0) ? int(want * s / t) + 1 : 20; print (n < 20 ? 20 : n) }' \
    "$out/lammps/$folder/probe.lammps")
done <"$out/lammps/index.tsv"

for ((r = 1; r <= reps; r++)); do
  echo "vs_lammps_2core: repetition $r of $reps" >&2
  "$md_bench" "${selection[@]}" --md_threads="1,$procs" --benchmark_filter='^(Step|Peer)/' \
    --benchmark_min_time="$min_time" --benchmark_out="$out/md_bench-$r.json" \
    --benchmark_out_format=json >/dev/null
  while IFS=$'\t' read -r folder _ _; do
    lammps "$folder" "${steps[$folder]}" "log-$r.lammps"
  done <"$out/lammps/index.tsv"
done

python3 bench/peers/lammps_runs_to_json.py --inputs "$out/lammps" --label "lammps-np$procs" \
  --out "$out/merged.json" "$out"/md_bench-*.json
# Speed-up > 1: md_bench is faster. compare exits 1 when ours is significantly slower (its
# "regression"): reported, not fatal here.
compare_pair() {  # name lammps-regex ours-regex
  local rc=0
  "$build/compare/compare" --filters "$out/merged.json" "$2" "$3" >"$out/compare-$1.txt" || rc=$?
  ((rc <= 1)) || exit "$rc"
  rc=0
  "$build/compare/compare" --format md --filters "$out/merged.json" "$2" "$3" \
    >"$out/compare-$1.md" || rc=$?
  ((rc <= 1)) || exit "$rc"
  echo "== $1: LAMMPS over md_bench ==" && cat "$out/compare-$1.txt"
}
compare_pair 1core '^Peer(/.*/)lammps/' '^Step(/.*/)cpu/'
compare_pair "${procs}core" "^Peer(/.*/)lammps-np$procs/" "^Step(/.*/)cpu-t$procs/"
echo "vs_lammps_2core: results in $out/"
