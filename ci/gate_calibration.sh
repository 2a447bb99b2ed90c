#!/usr/bin/env bash
# The gate's false-alarm rate on this machine: A/A gates, in which "base" and "head" are the same
# build, run exactly as ci/bench_gate.sh runs its A/B timing check (same suite, rounds, ABBA
# order, repetitions and compare defaults). Every failing A/A gate is a false alarm.
#   bash ci/gate_calibration.sh [options] [GATES]        # default 20
#   --md-bench FILE --compare FILE  use these binaries instead of building build-gate/head
#   --out DIR                       where the runs and summary.md go (results/calibration)
# Reads MDB_GATE_ROUNDS, MDB_GATE_REPS, MDB_GATE_MIN_TIME, MDB_GATE_FILTER like the gate, and
# MDB_CAL_HEAD_ARGS: extra md_bench arguments for the head side only (a known change, such as
# --md_steps=1100 for 10 % longer Trajectory iterations: then a failing gate is a detection).
# ci/single_run_calibration.sh runs it for a user's plain single runs.
# Writes DIR/summary.md (rate, and which benchmark and metric raised each alarm) and keeps every
# run's JSON beside it. Exit 0 when it ran (whatever the rate), 2 on bad usage or a failed build
# or run.
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
usage() { echo "usage: bash ci/gate_calibration.sh [--md-bench FILE --compare FILE] [--out DIR] [GATES]" >&2; exit 2; }
bin="" compare="" out=results/calibration gates=20
while (($# > 0)); do
  case $1 in
    --md-bench) (($# >= 2)) || usage; bin=$2; shift 2 ;;
    --compare) (($# >= 2)) || usage; compare=$2; shift 2 ;;
    --out) (($# >= 2)) || usage; out=$2; shift 2 ;;
    *) [[ $1 =~ ^[1-9][0-9]*$ ]] || usage; gates=$1; shift ;;
  esac
done
rounds=${MDB_GATE_ROUNDS:-5}
read -r -a head_args <<<"${MDB_CAL_HEAD_ARGS:-}"
if [[ -z $bin && -z $compare ]]; then
  mdb_install_only "${MDB_GATE_PACKAGES[@]}"
  mdb_gate_build . build-gate/head md_bench compare || { echo "gate_calibration: build failed" >&2; exit 2; }
  bin=build-gate/head/bench/md_bench
  compare=build-gate/head/compare/compare
fi
[[ -x $bin && -x $compare ]] || { echo "gate_calibration: give both --md-bench and --compare, as executable files" >&2; exit 2; }
# With a known change on the head side a failing gate is what should happen.
if ((${#head_args[@]} > 0)); then
  kind=A/B failing_label="failing (detections)" failing_word=FAILED
else
  kind=A/A failing_label="false alarms" failing_word="FALSE ALARM"
fi
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
      extra=()
      [[ $side == b ]] && extra=("${head_args[@]}")
      mdb_gate_run "$bin" "$dir/$side-$r.json" "${extra[@]}" || rc=$?
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
  echo "gate_calibration: gate $g/$gates: $( ((rc == 1)) && echo "$failing_word" || echo pass)"
done
{
  echo "$kind gates: $gates, $failing_label: $alarms ($((100 * alarms / gates)) %)"
  min_time=${MDB_GATE_MIN_TIME-$MDB_GATE_MIN_TIME_DEFAULT}
  min_time=${min_time:+$min_time s}
  echo "rounds $rounds, repetitions ${MDB_GATE_REPS:-$MDB_GATE_REPS_DEFAULT}, min time ${min_time:-md_bench default}, filter ${MDB_GATE_FILTER:-$MDB_GATE_FILTER_DEFAULT}${head_args[*]:+, head side also runs with ${head_args[*]}}"
  echo "md_bench: $bin, compare: $compare"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo
  cat "$out/alarms.txt"
} | tee "$out/summary.md"
