#!/usr/bin/env bash
# bench/peers/vs_lammps_2core.sh end to end on a tiny state: stand-alone inputs written by
# md_bench, run by `mpirun -np 2 lmp`, merged with md_bench's rows and paired by compare for 1
# and 2 cores. Exit 77 (skipped) without mpirun or lmp.
#   vs_lammps_2core_smoke.sh <build dir>
set -euo pipefail
build=$(cd "$1" && pwd)
for tool in mpirun lmp; do
  command -v "$tool" >/dev/null || { echo "no $tool: skipped"; exit 77; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$(dirname "$0")/../.."
MDB_SKIP_BUILD=1 MDB_BUILD_DIR="$build" MDB_PEER_CASES=lj-ar MDB_PEER_SIZES=32,256 \
  MDB_PEER_REPS=2 MDB_PEER_MIN_TIME=0.02 MDB_PEER_LMP_SECONDS=0.05 MDB_PEER_OUT="$out/r" \
  bash bench/peers/vs_lammps_2core.sh >"$out/log" 2>&1 || { cat "$out/log"; exit 1; }
fail() { echo "FAIL: $*"; cat "$out/log"; exit 1; }
# Every state gets every repetition (mpirun must not swallow the list of states).
for state in NVE-32-lj-ar NVE-256-lj-ar; do
  [[ -f $out/r/lammps/$state/log-2.lammps ]] || fail "no second LAMMPS repetition of $state"
done
grep -q "on 2 procs for" "$out/r/lammps/NVE-256-lj-ar/log-1.lammps" || fail "LAMMPS not on 2 procs"
grep -q "Step/NVE/256/lj-ar/cpu-t2/manual_time" "$out/r/merged.json" || fail "no 2-thread row"
grep -q "Peer/NVE/256/lj-ar/lammps-np2/manual_time" "$out/r/merged.json" || fail "no np2 row"
# Both tables pair the state and print a speed-up for it.
for table in 1core 2core; do
  grep -Eq '/NVE/256/lj-ar/manual_time +[0-9.]+x' "$out/r/compare-$table.txt" ||
    fail "no speed-up in compare-$table.txt: $(cat "$out/r/compare-$table.txt")"
done
echo "ok"
