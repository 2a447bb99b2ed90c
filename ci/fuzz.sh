#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the input readers: compare's Google Benchmark JSON
# reader and policy parser, the extended XYZ and LAMMPS data readers (docs/FUZZING.md). Builds
# tests/fuzz/ with clang, AddressSanitizer and UndefinedBehaviorSanitizer into build-fuzz/, then
# runs each harness in turn for SECONDS on a copy of its seed corpus (the repository is not
# written). Exit 1 if any harness found a crash, leak, timeout or out-of-memory; its input,
# log and the grown corpus are kept under results/fuzz/<target>/.
#   bash ci/fuzz.sh [SECONDS]        (default: MDB_FUZZ_SECONDS, else 60)
# MDB_FUZZ_RUNS=N runs N inputs per harness instead of a time (the long run in docs/FUZZING.md);
# MDB_FUZZ_TARGETS="policy extxyz" picks harnesses; MDB_FUZZ_OUT moves results/fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
# Debian's clang only recommends the package with the sanitizer and libFuzzer runtimes, and
# packages are installed without recommends. The harnesses need neither KIM nor LAMMPS.
MDB_FUZZ_PACKAGES=(clang libclang-rt-14-dev)
mdb_install_only "${MDB_CORE_PACKAGES[@]}" "${MDB_FUZZ_PACKAGES[@]}"

seconds=${1:-${MDB_FUZZ_SECONDS:-60}}
out=${MDB_FUZZ_OUT:-results/fuzz}
read -r -a targets <<<"${MDB_FUZZ_TARGETS:-gbench_json policy extxyz lammps_data}"

# Debug with -O1: assertions stay on (nlohmann's, libstdc++'s), and it runs fast enough.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DMDBENCH_SANITIZE=address,undefined -DMDBENCH_FUZZ=ON \
  -DMDBENCH_TESTS=OFF -DMDBENCH_CUDA=OFF -DMDBENCH_KIM=OFF -DMDBENCH_LAMMPS=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=strict_string_checks=1:detect_stack_use_after_return=1
limit=(-max_total_time="$seconds")
[ -n "${MDB_FUZZ_RUNS:-}" ] && limit=(-runs="$MDB_FUZZ_RUNS")
mkdir -p "$out"
: >"$out/summary.txt"
failed=0
for t in "${targets[@]}"; do
  dir=$out/$t
  rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp tests/fuzz/corpus/"$t"/* "$dir/corpus/"
  # One in-process run per harness, one after another (no -jobs: that forks and writes
  # fuzz-N.log into the working directory): CI has 2 cores, and runs stay comparable.
  status=0
  "build-fuzz/tests/fuzz/fuzz_$t" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -dict="tests/fuzz/dict/$t.dict" -artifact_prefix="$dir/artifacts/" -print_final_stats=1 \
    "$dir/corpus" >"$dir/fuzz.log" 2>&1 || status=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$dir/fuzz.log" | tail -1 || true)
  if [ "$status" -ne 0 ] || [ -n "$(ls -A "$dir/artifacts")" ]; then
    failed=1
    echo "fuzz: $t FAILED (exit $status); input and log in $dir/" | tee -a "$out/summary.txt"
    grep -E 'ERROR|runtime error|SUMMARY|broken promise|Test unit written' "$dir/fuzz.log" >&2 || true
  else
    echo "fuzz: $t ok: ${done_line:-no DONE line}" | tee -a "$out/summary.txt"
  fi
done
[ "$failed" -eq 0 ] && echo "fuzz: no findings" || echo "fuzz: findings above (exit 1)"
exit "$failed"
