#!/usr/bin/env bash
# md_bench's LJ melt against a stand-alone LAMMPS on LAMMPS's own bench/in.lj with its optimised
# pair style (`lmp -sf opt`: lj/cut/opt), one core each, alternating, so both see the same drift
# of a shared machine. LAMMPS melts the fcc lattice for 200 steps and then times MDB_OPT_STEPS
# steps (its "Loop time"); md_bench times Step/NVE/<atoms>/lj-melt/<backend> on a state it
# melted the same way. Prints per-round times and the median ratio LAMMPS / md_bench (> 1: md_bench
# is faster).
#
#   bash bench/peers/vs_lammps_opt.sh                       # 32,000 atoms, cpu, 5 rounds
#   MDB_OPT_BACKENDS=cpu,cpu-t2 bash bench/peers/vs_lammps_opt.sh
#
# Environment:
#   MDB_OPT_CELLS     fcc cells per side (20: 32,000 atoms, LAMMPS's default in.lj)
#   MDB_OPT_STEPS     timed LAMMPS steps per round (1000)
#   MDB_OPT_ROUNDS    rounds (5)
#   MDB_OPT_BACKENDS  md_bench backends, comma-separated (cpu); cpu-tN adds --md_threads=N
#   MDB_OPT_OUT       output folder (results/peers-opt): in.lj, log-<r>.lammps, md_bench-<r>.json
#   MDB_BUILD_DIR     the md_bench build (build)
# Exit 0 when both sides ran, 2 when lmp or md_bench is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
cells=${MDB_OPT_CELLS:-20}
steps=${MDB_OPT_STEPS:-1000}
rounds=${MDB_OPT_ROUNDS:-5}
backends=${MDB_OPT_BACKENDS:-cpu}
out=${MDB_OPT_OUT:-results/peers-opt}
bench=${MDB_BUILD_DIR:-build}/bench/md_bench
command -v lmp >/dev/null || { echo "vs_lammps_opt: no lmp on PATH (Debian: lammps)" >&2; exit 2; }
[[ -x $bench ]] || { echo "vs_lammps_opt: no $bench (build md_bench first)" >&2; exit 2; }
atoms=$((4 * cells * cells * cells))
mkdir -p "$out"
cat >"$out/in.lj" <<EOF
# LAMMPS bench/in.lj (3d Lennard-Jones melt), melted for 200 steps before the timed run
units           lj
atom_style      atomic
lattice         fcc 0.8442
region          box block 0 $cells 0 $cells 0 $cells
create_box      1 box
create_atoms    1 box
mass            1 1.0
velocity        all create 1.44 87287 loop geom
pair_style      lj/cut 2.5
pair_coeff      1 1 1.0 1.0 2.5
neighbor        0.3 bin
neigh_modify    delay 0 every 20 check no
fix             1 all nve
run             200
run             $steps
EOF
threads=$(tr ',' '\n' <<<"$backends" | sed -n 's/^cpu-t\([0-9]*\)$/\1/p' | paste -sd, -)
thread_flag=()
[[ -n $threads ]] && thread_flag=(--md_threads="1,$threads")
filter="^Step/NVE/$atoms/lj-melt/($(tr ',' '|' <<<"$backends"))/"
declare -a lammps_ms
for ((r = 1; r <= rounds; r++)); do
  lmp -sf opt -in "$out/in.lj" -log "$out/log-$r.lammps" -screen none
  # The second "Loop time" line is the timed run's.
  loop_s=$(grep '^Loop time of' "$out/log-$r.lammps" | sed -n 2p | awk '{print $4}')
  lammps_ms[r]=$(awk -v s="$loop_s" -v n="$steps" 'BEGIN { printf "%.4f", s / n * 1e3 }')
  "$bench" --md_cases=lj-melt --md_sizes="$atoms" "${thread_flag[@]}" \
    --benchmark_filter="$filter" --benchmark_out="$out/md_bench-$r.json" \
    --benchmark_out_format=json >/dev/null
  echo "round $r: lmp -sf opt ${lammps_ms[r]} ms/step"
done
/usr/bin/python3 - "$out" "$rounds" "${lammps_ms[@]:1}" <<'PY'
import json, statistics, sys
out, rounds, lammps = sys.argv[1], int(sys.argv[2]), [float(v) for v in sys.argv[3:]]
rows = {}
for r in range(1, rounds + 1):
    for b in json.load(open(f"{out}/md_bench-{r}.json"))["benchmarks"]:
        to_ms = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
        rows.setdefault(b["name"].split("/")[4], []).append(b["real_time"] * to_ms)
lmp = statistics.median(lammps)
print(f"lmp -sf opt: median {lmp:.3f} ms/step over {rounds} rounds {lammps}")
for backend, ms in rows.items():
    med = statistics.median(ms)
    print(f"md_bench {backend}: median {med:.3f} ms/step {[round(m, 3) for m in ms]}; "
          f"LAMMPS opt / md_bench = {lmp / med:.2f}x")
PY
