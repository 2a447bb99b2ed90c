#!/usr/bin/env bash
# The benchmark regression gate: builds BASE_REF and HEAD on this machine, runs md_bench's gate
# suite for both in interleaved rounds, and lets `compare` judge head against base.
#
#   bash ci/bench_gate.sh BASE_REF        # e.g. origin/main, HEAD~1, a commit id
#
# HEAD is the working tree as it is, uncommitted and untracked (non-ignored) changes included,
# so the gate can be run on work in progress before committing it. BASE_REF is checked out as a
# detached git worktree in build-gate/base-src (removed again on exit).
#
# Exit status: 0 no regression, 1 a regression (A/B timing or stored-baseline check), 2 bad
# usage, a ref that does not resolve, a failed build or run, or input compare cannot read.
#
# Environment (defaults in ci/common.sh):
#   MDB_GATE_ROUNDS    rounds of one base and one head run each (5)
#   MDB_GATE_REPS      --benchmark_repetitions per run (2)
#   MDB_GATE_MIN_TIME  --benchmark_min_time per repetition, seconds (0.2)
#   MDB_GATE_FILTER    --benchmark_filter, the gate suite (MDB_GATE_FILTER_DEFAULT)
#   MDB_GATE_RUN_TIMEOUT    seconds one md_bench run may take (900)
#   MDB_GATE_BUILD_TIMEOUT  seconds one build may take (2400)
#   MDB_GATE_CMAKE_ARGS     CMake options of both builds (no KIM, LAMMPS or CUDA)
#   MDB_GATE_OUT       where the JSON, logs, compare.md and report.html/.md go, relative to the
#                      repo root (results/gate)
# Under GitHub Actions (GITHUB_ACTIONS=true) compare also writes annotations, and the Markdown
# reports (compare's, then md_report's summary) are appended to $GITHUB_STEP_SUMMARY. md_report's
# HTML page of head against base is report.html; it never changes the exit status.
set -euo pipefail

usage() {
  echo "usage: bash ci/bench_gate.sh BASE_REF"
  echo
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
}

if (($# != 1)); then
  usage >&2
  exit 2
fi
case $1 in
  -h | --help)
    usage
    exit 0
    ;;
esac
base_ref=$1

cd "$(dirname "$0")/.."
source ci/common.sh

die() {
  echo "ci: bench_gate: $*" >&2
  exit 2
}

mdb_install_only "${MDB_GATE_PACKAGES[@]}"

rounds=${MDB_GATE_ROUNDS:-5}
out=${MDB_GATE_OUT:-results/gate}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "MDB_GATE_ROUNDS must be a positive integer, not '$rounds'"

# Resolve before building anything: a typo in the ref should cost a second, not a build.
base_sha=$(git rev-parse --verify --quiet "${base_ref}^{commit}") ||
  die "BASE_REF '$base_ref' does not resolve to a commit (in CI: was it fetched? fetch-depth: 0)"
head_desc=$(git describe --always --dirty --abbrev=12 2>/dev/null || echo "working tree")

gate=build-gate
base_src=$gate/base-src
base_build=$gate/base
head_build=$gate/head

# A worktree left behind by a killed run would make `git worktree add` refuse; drop it first.
remove_worktree() {
  git worktree remove --force "$base_src" >/dev/null 2>&1 || true
  rm -rf "$base_src"
  git worktree prune
}
remove_worktree
# EXIT covers normal ends and `exit`; turning INT/TERM into exits makes them run it too.
trap remove_worktree EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
git worktree add --detach --quiet "$base_src" "$base_sha" ||
  die "could not check out $base_sha as a worktree in $base_src"

echo "ci: bench_gate: base $base_ref ($(git rev-parse --short=12 "$base_sha")), head $head_desc"

# Head builds everything (md_bench and compare); base only md_bench, since the base's compare
# (if it has one) is never used and an older tree's other targets are no concern of the gate.
SECONDS=0
mdb_gate_build . "$head_build" || die "the build of HEAD (working tree) failed"
echo "ci: bench_gate: head built in ${SECONDS} s"
SECONDS=0
mdb_gate_build "$base_src" "$base_build" md_bench || die "the build of $base_ref ($base_sha) failed"
echo "ci: bench_gate: base built in ${SECONDS} s"

# Files from an earlier gate run with more rounds would otherwise be uploaded with these.
mkdir -p "$out"
rm -f "$out"/base-*.json "$out"/head-*.json "$out"/base-*.log "$out"/head-*.log "$out/compare.md" \
  "$out/report.html" "$out/report.md"

run_side() {
  local side=$1 r=$2 bin start rc=0
  bin=$gate/$side/bench/md_bench
  start=$SECONDS
  mdb_gate_run "$bin" "$out/$side-$r.json" || rc=$?
  # Exit 1: it ran, and a benchmark ended in error; compare reports that row (an error in NEW
  # fails the gate there, with the table).
  if ((rc == 124)); then
    echo
    die "md_bench ($side) ran past MDB_GATE_RUN_TIMEOUT (${MDB_GATE_RUN_TIMEOUT:-$MDB_GATE_RUN_TIMEOUT_DEFAULT} s) in round $r; its output is in $out/$side-$r.log"
  elif ((rc != 0 && rc != 1)); then
    echo
    tail -n 20 "$out/$side-$r.log" >&2
    die "md_bench ($side) failed in round $r; its output is in $out/$side-$r.log"
  fi
  printf ' %s %d s' "$side" $((SECONDS - start))
}

# ABBA order (base first in odd rounds, head first in even ones): a machine that warms up,
# throttles or gains a noisy neighbour during the gate then hurts both sides alike instead of
# whichever always runs second.
old_args=() new_args=()
for ((r = 1; r <= rounds; r++)); do
  SECONDS=0
  printf 'ci: bench_gate: round %d/%d:' "$r" "$rounds"
  if ((r % 2 == 1)); then
    run_side base "$r"
    run_side head "$r"
  else
    run_side head "$r"
    run_side base "$r"
  fi
  echo " (${SECONDS} s)"
  old_args+=(--old "$out/base-$r.json")
  new_args+=(--new "$out/head-$r.json")
done

compare=$head_build/compare/compare
[ -x "$compare" ] ||
  die "no compare tool at $compare (HEAD's build does not produce compare/compare); the runs are in $out"

gh_args=()
[ "${GITHUB_ACTIONS:-}" = true ] && gh_args=(--github)

# The Markdown report first; its verdicts come from the runs below, so a regression (1) is no
# news here. Anything else means compare wrote no report: say so where the report would be.
md_note() {
  (($1 == 1)) || printf '_compare could not produce this report (exit %d); see the job log._\n' "$1"
}
{
  echo "## Benchmark gate: head ($head_desc) vs base $base_ref ($(git rev-parse --short=12 "$base_sha"))"
  echo
  echo "A/B on one machine: $rounds interleaved rounds of md_bench, filter \`${MDB_GATE_FILTER:-$MDB_GATE_FILTER_DEFAULT}\`."
  echo
  "$compare" --format=md "${old_args[@]}" "${new_args[@]}" || md_note $?
  echo
  echo "## Stored baseline: machine-independent checks (ci/baselines)"
  echo
  "$compare" --format=md --baseline ci/baselines --policy ci/baselines/policy.json \
    "${new_args[@]}" || md_note $?
} >"$out/compare.md"

# The pictures: head against base with compare's verdicts, pooled over the rounds. Only a report;
# one that cannot be written is said in the log and leaves the gate's verdict alone.
md_report=$head_build/compare/md_report
if [ -x "$md_report" ]; then
  "$md_report" "${old_args[@]}" "${new_args[@]}" -o "$out/report.html" ||
    echo "ci: bench_gate: md_report could not write $out/report.html" >&2
  "$md_report" --format=md "${old_args[@]}" "${new_args[@]}" -o "$out/report.md" ||
    echo "ci: bench_gate: md_report could not write $out/report.md" >&2
else
  echo "ci: bench_gate: no md_report at $md_report; no HTML report" >&2
fi

echo "ci: bench_gate: A/B timing check (head vs base, this machine)"
rc_ab=0
"$compare" "${gh_args[@]}" "${old_args[@]}" "${new_args[@]}" || rc_ab=$?

echo "ci: bench_gate: stored-baseline check (machine-independent metrics, ci/baselines)"
rc_base=0
"$compare" --baseline ci/baselines --policy ci/baselines/policy.json "${gh_args[@]}" \
  "${new_args[@]}" || rc_base=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$out/compare.md" >>"$GITHUB_STEP_SUMMARY"
  if [ -f "$out/report.md" ]; then
    cat "$out/report.md" >>"$GITHUB_STEP_SUMMARY"
  fi
fi

# 2 (could not judge) outranks 1 (judged a regression): a broken check must not read as a
# mere regression. Any other status (compare crashed) is a broken check too.
rc=0
failed=""
for check in "A/B timing check:$rc_ab" "stored-baseline check:$rc_base"; do
  code=${check##*:}
  ((code == 0)) && continue
  if ((code == 1)); then
    failed+="${failed:+; }${check%:*} found a regression"
    ((rc == 0)) && rc=1
  else
    failed+="${failed:+; }${check%:*} could not run (compare exit $code)"
    rc=2
  fi
done
if [ -z "$failed" ]; then
  echo "ci: bench_gate: passed: no regression in the A/B timing or stored-baseline check; report in $out/compare.md"
else
  echo "ci: bench_gate: FAILED: $failed; report in $out/compare.md" >&2
fi
exit "$rc"
