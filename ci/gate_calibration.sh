#!/usr/bin/env bash
# The gate's false-alarm rate on this machine: A/A gates, in which "base" and "head" are the same
# build, run exactly as ci/bench_gate.sh runs its A/B timing check (same suite, rounds, ABBA
# order, repetitions and compare defaults). Every failing A/A gate is a false alarm.
#   bash ci/gate_calibration.sh [GATES]        # default 20
# Reads MDB_GATE_ROUNDS, MDB_GATE_REPS, MDB_GATE_MIN_TIME, MDB_GATE_FILTER like the gate.
# Writes results/calibration/summary.md (rate, and which benchmark and metric raised each alarm)
# and keeps every run's JSON beside it. Exit 0 when it ran (whatever the rate), 2 on bad usage or
# a failed build or run.
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
gates=${1:-20}
[[ $gates =~ ^[1-9][0-9]*$ ]] || { echo "usage: bash ci/gate_calibration.sh [GATES]" >&2; exit 2; }
rounds=${MDB_GATE_ROUNDS:-5}
out=results/calibration
mdb_install_only "${MDB_GATE_PACKAGES[@]}"
mdb_gate_build . build-gate/head md_bench compare || { echo "gate_calibration: build failed" >&2; exit 2; }
bin=build-gate/head/bench/md_bench
compare=build-gate/head/compare/compare
rm -rf "$out"
mkdir -p "$out"
alarms=0
: >"$out/alarms.txt"
for ((g = 1; g <= gates; ++g)); do
  dir=$out/gate-$g
  mkdir -p "$dir"
  old_args=() new_args=()
  for ((r = 1; r <= rounds; ++r)); do
    # ABBA, as the gate: the sides swap who runs first every round.
    for side in $( ((r % 2 == 1)) && echo "a b" || echo "b a"); do
      rc=0
      mdb_gate_run "$bin" "$dir/$side-$r.json" || rc=$?
      ((rc == 0)) || { echo "gate_calibration: md_bench exited $rc (gate $g round $r)" >&2; exit 2; }
    done
    old_args+=(--old "$dir/a-$r.json")
    new_args+=(--new "$dir/b-$r.json")
  done
  rc=0
  "$compare" "${old_args[@]}" "${new_args[@]}" >"$dir/compare.txt" || rc=$?
  if ((rc == 1)); then
    alarms=$((alarms + 1))
    "$compare" --format=json "${old_args[@]}" "${new_args[@]}" >"$dir/compare.json" || true
    /usr/bin/python3 - "$dir/compare.json" "$g" >>"$out/alarms.txt" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
for row in doc["benchmarks"]:
    for m in row.get("metrics", []):
        if m.get("verdict") == "regressed":
            change = m.get("change")
            moved = f"{100 * change:+.1f} %" if change is not None else "(no finite change)"
            print(f"gate {sys.argv[2]}: {row['name']} {m['metric']} {moved}")
EOF
  elif ((rc != 0)); then
    echo "gate_calibration: compare exited $rc (gate $g); see $dir/compare.txt" >&2
    exit 2
  fi
  echo "gate_calibration: gate $g/$gates: $( ((rc == 1)) && echo "FALSE ALARM" || echo pass)"
done
{
  echo "A/A gates: $gates, false alarms: $alarms ($((100 * alarms / gates)) %)"
  echo "rounds $rounds, repetitions ${MDB_GATE_REPS:-$MDB_GATE_REPS_DEFAULT}, min time ${MDB_GATE_MIN_TIME:-$MDB_GATE_MIN_TIME_DEFAULT} s, filter ${MDB_GATE_FILTER:-$MDB_GATE_FILTER_DEFAULT}"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo
  cat "$out/alarms.txt"
} | tee "$out/summary.md"
