#!/usr/bin/env bash
# Builds libmdb_torch.so, the TorchScript adapter md_bench opens on first use
# (model/torch/torch_module.hpp), against another libtorch without CMake: on the GPU machine, whose
# CUDA PyTorch brings a CUDA libtorch but none of the packages a configure of mdbench needs
# (ci/gpu_session.sh). The sources are those CMake builds the module from, listed by the build in
# lib/torch_module_sources.txt (the GPU bundle carries it); programs of any build open the result
# through MDB_TORCH_MODULE, and refuse it if the two disagree on the types that cross
# (torch_module_layout).
#
#   bash ci/torch_module_build.sh SOURCE_LIST OUT_DIR     # writes OUT_DIR/libmdb_torch.so
#
# Environment: MDB_TORCH_INCLUDE and MDB_TORCH_LIB, libtorch's headers and libraries (default: those
# of the torch package of the python3 on PATH); CXX (g++); MDBENCH_ARCH (x86-64-v3, as the bundle).
# Where libtorch has CUDA (libtorch_cuda.so), the module runs models on the GPU (MDB_HAVE_CUDA),
# with libtorch's own CUDA runtime and headers found beside it or in the toolkit; a CPU libtorch
# gives a CPU module.
set -euo pipefail
cd "$(dirname "$0")/.."
list=$1
out=$2
mkdir -p "$out/obj"
if [[ -z ${MDB_TORCH_INCLUDE:-} || -z ${MDB_TORCH_LIB:-} ]]; then
  torch_dir=$(python3 -c 'import os, torch; print(os.path.dirname(torch.__file__))')
  MDB_TORCH_INCLUDE=${MDB_TORCH_INCLUDE:-$torch_dir/include}
  MDB_TORCH_LIB=${MDB_TORCH_LIB:-$torch_dir/lib}
fi
cxx=${CXX:-g++}
flags=(-std=c++20 -O2 -fPIC -march="${MDBENCH_ARCH:-x86-64-v3}" -DMDB_HAVE_TORCH=1 -I.)
# The string ABI libtorch was built with (the program's must match: torch_module_layout checks).
abi=$(python3 -c 'import torch; print(int(torch.compiled_with_cxx11_abi()))' 2>/dev/null || echo 1)
flags+=(-D_GLIBCXX_USE_CXX11_ABI="$abi")
# /usr/include is the compiler's own: naming it as a system folder would reorder its search.
if [[ $MDB_TORCH_INCLUDE != /usr/include ]]; then
  flags+=(-isystem "$MDB_TORCH_INCLUDE")
fi
flags+=(-isystem "$MDB_TORCH_INCLUDE/torch/csrc/api/include")
libs=(-L"$MDB_TORCH_LIB" "-Wl,-rpath,$MDB_TORCH_LIB" -ltorch -ltorch_cpu -lc10)
if [[ -e $MDB_TORCH_LIB/libtorch_cuda.so ]]; then
  # Kept though the module calls none of it: loading it is what gives libtorch its CUDA
  # (torch::cuda::is_available), and a linker that drops unused libraries would leave it out.
  libs+=("-Wl,--no-as-needed" -ltorch_cuda -lc10_cuda "-Wl,--as-needed")
  # The CUDA runtime libtorch loads itself (one runtime in the process, one the driver runs),
  # and headers for it: its own package's, else the toolkit's.
  cudart=$(ldd "$MDB_TORCH_LIB/libtorch_cuda.so" | awk '/libcudart\.so/ {print $3; exit}')
  if [[ -z $cudart || ! -e $cudart ]]; then
    echo "torch_module_build: $MDB_TORCH_LIB/libtorch_cuda.so needs a CUDA runtime ldd does not find" >&2
    exit 2
  fi
  nvcc=$(command -v nvcc || true)
  headers=""
  for dir in "${cudart%/lib/*}/include" ${nvcc:+"${nvcc%/bin/nvcc}/include"} /usr/local/cuda/include; do
    if [[ -e $dir/cuda_runtime.h ]]; then
      headers=$dir
      break
    fi
  done
  if [[ -z $headers ]]; then
    echo "torch_module_build: libtorch has CUDA, but no CUDA headers (cuda_runtime.h) were found" >&2
    exit 2
  fi
  flags+=(-DMDB_HAVE_CUDA=1)
  [[ $(realpath "$headers") != /usr/include ]] && flags+=(-isystem "$headers")
  libs+=("$cudart" "-Wl,-rpath,${cudart%/*}")
fi
mapfile -t sources <"$list"
objects=()
for s in "${sources[@]}"; do objects+=("$out/obj/$(echo "$s" | tr / _).o"); done
# One compiler per source, all at once: libtorch's headers take most of a minute each.
printf '%s\n' "${sources[@]}" | xargs -P "$(nproc)" -I{} sh -c \
  "$cxx ${flags[*]} -c {} -o \"$out/obj/\$(echo {} | tr / _).o\""
"$cxx" -shared -o "$out/libmdb_torch.so" "${objects[@]}" -Wl,--no-undefined "${libs[@]}"
echo "torch_module_build: $out/libmdb_torch.so (libtorch $MDB_TORCH_LIB, CUDA runtime ${cudart:-none})"
