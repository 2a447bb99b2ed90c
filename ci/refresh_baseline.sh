#!/usr/bin/env bash
# Refreshes this machine's stored baseline: builds the working tree as the gate does (Release,
# build-gate/head), runs md_bench's gate suite once and writes ci/baselines/NAME.json.
#
#   bash ci/refresh_baseline.sh [NAME]
#
# NAME defaults to this CPU's model, lower-cased with runs of other characters turned into '-'
# (e.g. amd-epyc-7763-64-core-processor): hosted CI runners get random host names, but the CPU
# model is what the stored numbers depend on. md_bench writes the machine context (CPU, ISA,
# compiler, git revision) into the file itself. The gate uses stored baselines only for
# machine-independent checks (ci/baselines/README.md); review the diff before committing it.
#
# Environment: MDB_GATE_FILTER, MDB_GATE_MIN_TIME as for ci/bench_gate.sh, so the baseline holds
# the same rows the gate's head runs produce; MDB_GATE_REPS defaults to 10 here (not 2): the
# stored side of the comparison should have enough samples for compare's U test on its own.
set -euo pipefail
export MDB_GATE_REPS=${MDB_GATE_REPS:-10}
cd "$(dirname "$0")/.."
source ci/common.sh

if (($# > 1)); then
  echo "usage: bash ci/refresh_baseline.sh [NAME]" >&2
  exit 2
fi
if (($# == 1)); then
  name=$1
else
  cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1)
  [ -n "$cpu" ] || cpu=$(uname -m)
  name=$(printf '%s' "$cpu" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9.]\{1,\}/-/g; s/^-//; s/-$//')
fi
# The name becomes a path under ci/baselines; keep it a plain file name.
[[ $name =~ ^[A-Za-z0-9._-]+$ && $name != .* ]] || {
  echo "ci: refresh_baseline: '$name' is not a plain file name" >&2
  exit 2
}

# git: md_bench records `git describe` of the tree in the baseline's context.
mdb_install_only "${MDB_GATE_PACKAGES[@]}"
mdb_gate_build . build-gate/head md_bench || {
  echo "ci: refresh_baseline: the build failed" >&2
  exit 2
}
mkdir -p ci/baselines
out=ci/baselines/$name.json
# md_bench's console table goes to a log beside the JSON; keep it out of ci/baselines.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! mdb_gate_run build-gate/head/bench/md_bench "$tmp/baseline.json"; then
  tail -n 20 "$tmp/baseline.log" >&2
  echo "ci: refresh_baseline: md_bench failed" >&2
  exit 2
fi
mv "$tmp/baseline.json" "$out"
echo "ci: refresh_baseline: wrote $out"
