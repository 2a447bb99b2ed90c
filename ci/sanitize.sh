#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (and LeakSanitizer),
# in build-asan/. CUDA is off: no GPU runs here, the device kernels' bodies are host code that the
# emulated tests run under the sanitizers, and compute-sanitizer checks the kernels on a GPU
# (ci/gpu_session.sh). Third-party leaks are suppressed in ci/lsan.supp, each with its reason.
#   bash ci/sanitize.sh [ctest arguments, e.g. -R compare]
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages "${MDB_TEST_PACKAGES[@]}"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMDBENCH_CUDA=OFF \
  -DMDBENCH_SANITIZE=address,undefined >/dev/null
cmake --build build-asan -j"$(nproc)"
# Full (DWARF) unwinding for allocations: Open MPI's plugins are unloaded before the leak check,
# and the fast unwinder stops at their frames, so a suppression could not see the library below.
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:fast_unwind_on_malloc=0
export LSAN_OPTIONS=suppressions=$PWD/ci/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" "$@"
