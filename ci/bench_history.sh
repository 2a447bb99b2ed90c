#!/usr/bin/env bash
# Results history on main (docs/HISTORY.md): builds md_bench, history and md_report, runs the
# gate suite once, adds the run to the results store, looks for change points and writes the
# trend page.
#
#   bash ci/bench_history.sh STORE       # STORE: an SQLite file (created if missing) or a
#                                        # postgresql:// URL
#
# Writes to MDB_HISTORY_OUT (results/history): run.json and its log, detect.md (the change
# points, also appended to $GITHUB_STEP_SUMMARY under GitHub Actions), detect.json and
# trend.html (md_report's page with the History section).
#
# Exit status: history detect's: 0 no recent regression, 1 a change point that makes a row worse
# within the last MDB_HISTORY_LAST runs (5), 2 a failed build or run, or a store or run history
# refuses (a run already stored, a store it cannot read).
set -euo pipefail

if (($# != 1)) || [[ $1 == -h || $1 == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  (($# == 1)) && exit 0
  exit 2
fi
store=$1
cd "$(dirname "$0")/.."
source ci/common.sh

out=${MDB_HISTORY_OUT:-results/history}
last=${MDB_HISTORY_LAST:-5}
build="build-history"
mdb_install_only "${MDB_GATE_PACKAGES[@]}" libsqlite3-dev libpq-dev
mkdir -p "$out"
mdb_gate_build . "$build" md_bench history md_report || {
  echo "ci: bench_history: the build failed" >&2
  exit 2
}
if ! mdb_gate_run "$build/bench/md_bench" "$out/run.json"; then
  echo "ci: bench_history: md_bench failed (see $out/run.log)" >&2
  exit 2
fi

history=("$build/compare/history" --db "$store")
# The commit's own time orders the series, so a re-run job or a late runner lands in its place.
commit=$(git rev-parse HEAD)
when=$(git log -1 --format=%cI HEAD)
branch=${GITHUB_REF_NAME:-$(git rev-parse --abbrev-ref HEAD)}
"${history[@]}" add "$out/run.json" --commit "$commit" --branch "$branch" --time "$when"

rc=0
"${history[@]}" detect --last "$last" --format json >"$out/detect.json" || rc=$?
((rc <= 1)) || exit "$rc"
{
  echo "## Change points (history detect, last $last runs gate)"
  echo
  "${history[@]}" detect --last "$last" --format md || true
} >"$out/detect.md"
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  cat "$out/detect.md" >>"$GITHUB_STEP_SUMMARY"
fi
"$build/compare/md_report" "$out/run.json" --history "$store" -o "$out/trend.html" ||
  echo "ci: bench_history: md_report could not write the trend page" >&2
if ((rc == 1)); then
  echo "ci: bench_history: a change point makes a row worse within the last $last runs" >&2
fi
exit "$rc"
