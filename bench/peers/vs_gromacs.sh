#!/usr/bin/env bash
# md_bench against GROMACS on the very same states, one core and two: md_bench writes each
# selected Step state as GROMACS inputs (--md_gromacs_inputs), then every repetition runs, in
# turn, md_bench's one-thread rows (cpu, cpu-mixed) pinned to one core, `gmx mdrun -nt 1` pinned
# to the same core, md_bench's two-thread rows (cpu-t2, cpu-mixed-t2) on two cores and
# `gmx mdrun -nt 2` on the same two.
# Alternating, both sides see the same drift of a shared machine. Prints the medians, their
# ratios (> 1: md_bench is faster) and GROMACS's own cycle split; docs/PEERS.md.
#
#   bash bench/peers/vs_gromacs.sh      # lj-melt at 32,000 atoms and lj-ar at 256, NVE
#
# Environment:
#   MDB_GMX           the gmx to run (default: build_peers.sh's best build if cached, else
#                     Debian's gmx, SSE4.1, with a warning: run bench/peers/build_peers.sh)
#   MDB_GMX_STATES    <atoms>/<case> alternatives (32000/lj-melt|256/lj-ar)
#   MDB_GMX_REPS      repetitions (5)
#   MDB_GMX_SECONDS   length of each timed gmx run, seconds (2); it times the run's second half
#   MDB_GMX_MIN_TIME  --benchmark_min_time of each md_bench row, seconds (0.5)
#   MDB_GMX_CORES     two cores, "A,B" (0,1): one thread runs on A, two on A and B
#   MDB_GMX_OUT       output folder (results/peers-gromacs): table.md, merged.json,
#                     compare-*.txt, md_bench-*.json, load.txt, gmx-version.txt,
#                     gromacs/<state>/{conf.gro,...,<label>-<r>.log}
#   MDB_BUILD_DIR     the build to use (build); MDB_SKIP_BUILD=1 uses it as it is
# Exit 0 when both sides ran (the ratio is reported, not judged), 2 when something is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=ci/common.sh
source ci/common.sh
states=${MDB_GMX_STATES:-32000/lj-melt|256/lj-ar}
reps=${MDB_GMX_REPS:-5}
seconds=${MDB_GMX_SECONDS:-2}
min_time=${MDB_GMX_MIN_TIME:-0.5}
cores=${MDB_GMX_CORES:-0,1}
out=${MDB_GMX_OUT:-results/peers-gromacs}
build=${MDB_BUILD_DIR:-build}

say() { echo "vs_gromacs: $*" >&2; }
if ! [[ $cores =~ ^([0-9]+),([0-9]+)$ ]]; then
  say "MDB_GMX_CORES must be two core numbers, 'A,B' (got '$cores')"
  exit 2
fi
core=${BASH_REMATCH[1]}
if ! [[ $states =~ ^[0-9]+/[a-z0-9-]+(\|[0-9]+/[a-z0-9-]+)*$ ]]; then
  say "MDB_GMX_STATES must be <atoms>/<case> alternatives, e.g. '32000/lj-melt|256/lj-ar'"
  exit 2
fi
cases=$(tr '|' '\n' <<<"$states" | cut -d/ -f2 | sort -u | paste -sd,)
sizes=$(tr '|' '\n' <<<"$states" | cut -d/ -f1 | sort -un | paste -sd,)

if [[ -n ${MDB_GMX:-} ]]; then
  gmx=$MDB_GMX
else
  cached=${MDB_PEERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mdbench/peers}/gromacs/best/bin/gmx
  if [[ -x $cached ]]; then
    gmx=$cached
  elif command -v gmx >/dev/null; then
    gmx=gmx
    say "using Debian's gmx (SSE4.1), not GROMACS at its best: run bench/peers/build_peers.sh"
  else
    say "no gmx: run bench/peers/build_peers.sh, or install Debian's gromacs"
    exit 2
  fi
fi
"$gmx" --version 2>/dev/null | grep -E "^GROMACS version|^SIMD instructions" | sed 's/^/vs_gromacs: /' >&2
if [[ ${MDB_SKIP_BUILD:-0} != 1 ]]; then
  mdb_install_packages
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build --target md_bench compare -j2 >/dev/null
  build=build
fi
md_bench=$build/bench/md_bench
rm -rf "$out"
mkdir -p "$out"
selection=(--md_cases="$cases" --md_sizes="$sizes" --md_ensembles=NVE)
"$md_bench" "${selection[@]}" --benchmark_filter="^Step/NVE/($states)/cpu/" \
  --md_gromacs_inputs="$out/gromacs"

mdrun() {  # folder threads steps log: pinned from $core, the second half timed
  (cd "$out/gromacs/$1" && "$gmx" -quiet mdrun -s topol.tpr -nt "$2" -pin on -pinoffset "$core" \
    -pinstride 1 -nb cpu -nsteps "$3" -resethway -noconfout -cpt -1 -g "$4" -e "${4%.log}.edr" \
    >/dev/null 2>&1 </dev/null) || { say "gmx mdrun failed: $out/gromacs/$1/$4"; exit 2; }
}
# Steps per timed run from a 100-step probe: about `seconds` each, at least 100.
declare -A steps
while IFS=$'\t' read -r folder _ _ _; do
  (cd "$out/gromacs/$folder" && "$gmx" -quiet grompp -f grompp.mdp -c conf.gro -p topol.top \
    -o topol.tpr >grompp.log 2>&1) || { say "gmx grompp failed: $out/gromacs/$folder/grompp.log"; exit 2; }
  mdrun "$folder" 1 100 probe.log
  steps[$folder]=$(awk -v want="$seconds" '/^Performance:/ {rate = $2} /^ *dt *= / {dt = $3}
    END { n = (rate > 0) ? int(want * rate * 1000 / (dt * 86400)) : 100; print (n < 100 ? 100 : n) }' \
    "$out/gromacs/$folder/probe.log")
  rm -f "$out/gromacs/$folder"/probe.*
done <"$out/gromacs/index.tsv"

# The machine's load beside the results: other tenants of a shared machine slow both sides, and a
# two-thread run most (a thread waits for the slower one).
echo "before: $(cat /proc/loadavg)" >"$out/load.txt"
one=(--benchmark_filter="^Step/NVE/($states)/(cpu|cpu-mixed)/")
two=(--md_threads=2 --benchmark_filter="^Step/NVE/($states)/(cpu-t2|cpu-mixed-t2)/")
for ((r = 1; r <= reps; r++)); do
  say "repetition $r of $reps"
  for threads in 1 2; do
    if ((threads == 1)); then
      taskset -c "$core" "$md_bench" "${selection[@]}" "${one[@]}" --benchmark_min_time="$min_time" \
        --benchmark_out="$out/md_bench-1-$r.json" --benchmark_out_format=json >/dev/null
    else
      taskset -c "$cores" "$md_bench" "${selection[@]}" "${two[@]}" --benchmark_min_time="$min_time" \
        --benchmark_out="$out/md_bench-2-$r.json" --benchmark_out_format=json >/dev/null
    fi
    label=gromacs
    ((threads == 1)) || label=gromacs-nt$threads
    while IFS=$'\t' read -r folder _ _ _; do
      mdrun "$folder" "$threads" "${steps[$folder]}" "$label-$r.log"
    done <"$out/gromacs/index.tsv"
  done
done

echo "after: $(cat /proc/loadavg)" >>"$out/load.txt"
/usr/bin/python3 bench/peers/gromacs_runs_to_json.py --inputs "$out/gromacs" --out "$out/merged.json" \
  --table "$out/table.md" "$out"/md_bench-*.json
# compare: GROMACS over md_bench, with the U test's p; exit 1 (ours significantly slower) is
# reported, not fatal here.
compare_pair() {  # name gromacs-regex ours-regex
  local rc=0
  "$build/compare/compare" --filters "$out/merged.json" "$2" "$3" >"$out/compare-$1.txt" || rc=$?
  ((rc <= 1)) || exit "$rc"
}
compare_pair cpu '^Peer(/.*/)gromacs/' '^Step(/.*/)cpu/'
compare_pair cpu-mixed '^Peer(/.*/)gromacs/' '^Step(/.*/)cpu-mixed/'
compare_pair cpu-t2 '^Peer(/.*/)gromacs-nt2/' '^Step(/.*/)cpu-t2/'
compare_pair cpu-mixed-t2 '^Peer(/.*/)gromacs-nt2/' '^Step(/.*/)cpu-mixed-t2/'
"$gmx" --version 2>/dev/null | grep -E "^GROMACS version|^SIMD instructions" >"$out/gmx-version.txt"
cat "$out/table.md"
sed 's/^/vs_gromacs: load average /' "$out/load.txt" >&2
say "results in $out/ (table.md; compare-*.txt with p values)"
