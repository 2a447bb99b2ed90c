#!/usr/bin/env bash
# Installs what is missing, builds Release into build/ and runs the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages "${MDB_TEST_PACKAGES[@]}"
mdb_build -DMDBENCH_TESTS=ON
ctest --test-dir build --output-on-failure -j"$(nproc)"
