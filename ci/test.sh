#!/usr/bin/env bash
# Installs what is missing, builds Release into build/ and runs the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages "${MDB_TEST_PACKAGES[@]}"
# Without a GPU the device code only has to build (its tests skip, its bodies run emulated on the
# host): one architecture, Hopper with its PTX, instead of four halves nvcc's time. With a GPU,
# CMake compiles for the GPUs present.
cuda_args=()
nvidia-smi >/dev/null 2>&1 || cuda_args=(-DCMAKE_CUDA_ARCHITECTURES=90)
mdb_build -DMDBENCH_TESTS=ON "${cuda_args[@]}"
ctest --test-dir build --output-on-failure -j"$(nproc)"
