#!/usr/bin/env bash
# Builds here what a GPU session runs on the device machine (docs/PERFORMANCE.md, "GPU"). That
# machine has the CUDA toolkit and driver but none of Debian's packages (no Google Benchmark,
# GoogleTest or Eigen) and no network, so nothing of mdbench but the TorchScript module can be
# built there. Instead this builds test_kernels_cuda, test_engine_cuda, md_bench (without KIM and
# LAMMPS), test_hnlq_cuda, lattice_bench, test_pme_cuda and test_torch_cuda for sm_80-90 here and
# copies them, every shared library they load except the driver's libcuda, and the dynamic loader
# itself into build-gpu/bundle (~20 MB); ci/gpu_session.sh runs them there on the image's own C
# library and C++ runtime where those are new enough, else through the bundled loader.
#
#   bash ci/gpu_bundle.sh      # then: run(command="bash ci/gpu_session.sh",
#                              #           carry=["build-gpu/bundle"], timeout_s=600)
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/common.sh
mdb_install_packages libtorch-dev python3-torch
# With libtorch's loader but no libtorch: Debian's is CPU-only, and its libraries alone would
# outgrow the device tool's 64 MiB carry. md_bench and test_torch_cuda open the module, which
# gpu_session.sh builds there against the image's CUDA libtorch (ci/torch_module_build.sh, from
# the source list carried here), with the test models Debian's PyTorch writes here.
# Built here, run on the device machine, whose CPU may lack AVX-512: AVX2's x86-64-v3, not this
# machine's best.
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DMDBENCH_CUDA=ON -DMDBENCH_KIM=OFF \
  -DMDBENCH_LAMMPS=OFF -DMDBENCH_TORCH=ON -DMDBENCH_PYTHON=OFF -DMDBENCH_ARCH=x86-64-v3 >/dev/null
cmake --build build-gpu -j"$(nproc)" --target test_kernels_cuda test_engine_cuda md_bench \
  test_hnlq_cuda lattice_bench test_pme_cuda test_torch_cuda
bundle=build-gpu/bundle
rm -rf "$bundle"
mkdir -p "$bundle/lib"
exes=(build-gpu/tests/test_kernels_cuda build-gpu/tests/test_engine_cuda build-gpu/bench/md_bench
  build-gpu/tests/hnlq/test_hnlq_cuda build-gpu/bench/hnlq/lattice_bench
  build-gpu/tests/test_pme_cuda build-gpu/tests/test_torch_cuda)
cp "${exes[@]}" "$bundle/"
cp -r build-gpu/tests/torch_models "$bundle/torch_models"
cp build-gpu/lib/torch_module_sources.txt "$bundle/"
# The loader and every library ldd resolves, but the driver (libcuda comes with the device's
# kernel module and must be the machine's own).
for exe in "${exes[@]}"; do ldd "$exe"; done | awk '/=> \// {print $3} /^\s*\/lib64\// {print $1}' |
  sort -u | grep -v '/libcuda\.so' | grep -v '/libcufft\.so' |
  while read -r lib; do cp -L "$lib" "$bundle/lib/"; done
# cuFFT is opened at run time (kernels/cuda/cufft_r2c_3d.cu) and is 286 MB, past the device
# tool's 64 MiB carry: gpu_session.sh looks for the device's own library of the soname the build's
# cufft.h names.
nvcc_path=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cufft_major=$(awk '/#define CUFFT_VER_MAJOR/ {print $3}' "${nvcc_path%/bin/nvcc}/include/cufft.h")
echo "libcufft.so.$cufft_major" >"$bundle/cufft-soname"
cp -L /lib64/ld-linux-x86-64.so.2 "$bundle/lib/"
# The same without the C library and the compiler's runtime, for running on the device image's
# own (newer) ones: then the sanitizers and ncu inject their libraries into a process built as
# they expect. gpu_session.sh uses this where it works and the loader above where it does not.
mkdir -p "$bundle/lib-native"
for lib in "$bundle"/lib/*; do
  case $(basename "$lib") in
    ld-linux* | libc.so* | libm.so* | libmvec.so* | libpthread.so* | libdl.so* | librt.so* | \
      libstdc++.so* | libgcc_s.so*) ;;
    *) cp "$lib" "$bundle/lib-native/" ;;
  esac
done
git describe --always --dirty >"$bundle/revision" 2>/dev/null || echo unknown >"$bundle/revision"
du -sh "$bundle"
ls "$bundle" "$bundle/lib" "$bundle/lib-native"
