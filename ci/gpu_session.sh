#!/usr/bin/env bash
# On the device machine, one command (device time is short and each call starts slowly): the
# GPU checks that docs/PERFORMANCE.md lists as awaiting a GPU, from the bundle ci/gpu_bundle.sh
# built (carried as build-gpu/bundle).
#
# The device tool returns at most 8 files from $OUT, so every log and JSON goes to a scratch
# folder that is packed into $OUT/results.tar.gz after each step (a call cut off at its limit
# still returns what finished), beside $OUT/summary.txt: one line per step with its exit code
# and seconds. Steps run in order of what a first GPU session most needs (the tests, then the
# figures, then the sanitizers, then a profile); each runs even if an earlier one failed, under
# its own time cap, and the whole script stops starting steps when its budget is spent.
#
# Environment: MDB_GPU_BUNDLE (build-gpu/bundle); MDB_GPU_BUDGET_S (420: seconds for the whole
# script; call run with timeout_s a little above it); MDB_GPU_QUICK=1 skips the 1M-atom and
# teacher benchmarks; MDB_GPU_ONLY="tests engine ..." runs only the named steps (a rerun after a
# fix); MDB_GPU_LOADER=1 runs the binaries through the bundled loader even where they run natively.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bundle=${MDB_GPU_BUNDLE:-build-gpu/bundle}
out=${OUT:-results/gpu}
budget=${MDB_GPU_BUDGET_S:-420}
only=${MDB_GPU_ONLY:-}
loader="$bundle/lib/ld-linux-x86-64.so.2"
if [[ ! -x $bundle/test_kernels_cuda || ! -e $loader ]]; then
  echo "gpu_session: no bundle at $bundle (run ci/gpu_bundle.sh here first and carry it)" >&2
  exit 2
fi
mkdir -p "$out"
work=$(mktemp -d /tmp/gpu_session.XXXXXX)
summary="$work/summary.txt"
deadline=$((SECONDS + budget))
# How to run the bundle's binaries. Natively on the image's C library and C++ runtime (newer than
# the build machine's Debian 12 ones, if the image is as documented) with only the bundle's own
# libraries (Google Benchmark, the CUDA runtime) added: sanitizers and ncu then inject into a
# process as they expect. Else through the bundled loader and the build machine's runtime
# (--library-path replaces LD_LIBRARY_PATH, where images often put the driver's libcuda, so
# that is kept after the bundle's libraries).
# cuFFT (opened at run time by the device PME and the water rows) is ~290 MB, more than the
# bundle can carry: the device's own library of the soname the build used (under /usr, /opt,
# /root or /home) joins the search path, or the PME and water tests skip saying so.
cufft_so=$(cat "$bundle/cufft-soname" 2>/dev/null || true)
cufft_dir=""
if [[ -n $cufft_so ]]; then
  cufft_file=$(timeout 20 find /usr /opt /root /home -name "$cufft_so" -print -quit 2>/dev/null)
  [[ -n $cufft_file ]] && cufft_dir=${cufft_file%/*}
fi
extra_path=${cufft_dir:+:$cufft_dir}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
native_path="$bundle/lib-native$extra_path"
if [[ ${MDB_GPU_LOADER:-0} != 1 ]] &&
  env LD_LIBRARY_PATH="$native_path" "$bundle/lattice_bench" --benchmark_list_tests >/dev/null 2>&1; then
  with_libs=(env LD_LIBRARY_PATH="$native_path")  # before a tool (sanitizer, ncu) too
  bundled=()
  how="natively, with $bundle/lib-native"
else
  with_libs=()
  bundled=("$loader" --library-path "$bundle/lib$extra_path")
  how="through the bundled loader and C library"
fi

# The TorchScript module (issue 37) is compiled here against the image's CUDA libtorch
# (ci/torch_module_build.sh, from the sources the bundle lists), in the background from the start:
# it needs no GPU, only CPUs the GPU steps leave idle. The torch steps wait for it.
torch_module="$work/torch/libmdb_torch.so"
torch_build_pid=""
if [[ -z $only || " $only " == *" torch"* ]]; then
  timeout 300 bash ci/torch_module_build.sh "$bundle/torch_module_sources.txt" "$work/torch" \
    >"$work/torch_module.txt" 2>&1 &
  torch_build_pid=$!
fi

pack() {
  cp "$summary" "$out/summary.txt"
  tar -czf "$out/results.tar.gz.part" -C "$work" . &&
    mv "$out/results.tar.gz.part" "$out/results.tar.gz"
}
note() { echo "$*" | tee -a "$summary"; }
skipped_steps=()
step() {  # name cap_seconds logfile command...
  local name=$1 cap=$2 log=$3
  shift 3
  if [[ -n $only && " $only " != *" $name "* ]]; then return; fi
  local left=$((deadline - SECONDS - 15))  # 15 s kept for packing and the closing summary
  if ((left < 10)); then
    note "$name skipped: the session's budget (${budget}s) is spent"
    skipped_steps+=("$name")
    return
  fi
  ((cap > left)) && cap=$left
  local t0=$SECONDS rc=0
  timeout -k 5 "$cap" "$@" >"$work/$log" 2>&1 || rc=$?
  local why=""
  ((rc == 124 || rc == 137)) && why=" TIMED OUT at ${cap}s"
  note "$name rc=$rc $((SECONDS - t0))s${why} ($log)"
  pack
}
find_tool() {  # name: on PATH or in the CUDA toolkit's usual places
  command -v "$1" 2>/dev/null ||
    find /usr/local/cuda/bin /opt/nvidia/nsight-compute -name "$1" -type f 2>/dev/null | head -n 1
}

note "bundle $(cat "$bundle/revision" 2>/dev/null) run $how, budget ${budget}s, $(date -u +%FT%TZ)"
step device 20 device.txt bash -c 'nvidia-smi; nvidia-smi --format=csv \
  --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem,power.limit,pcie.link.gen.max,pcie.link.width.max'
# Whether the bundle's CUDA runtime finds the driver and a device it has code for (if not, every
# GPU test below skips): lattice_bench says why not on stderr.
step probe 20 probe.txt "${with_libs[@]}" "${bundled[@]}" "$bundle/lattice_bench" \
  --lq_impls=cuda --lq_batches=1 --benchmark_list_tests
# The measured ceiling beside the datasheet's (docs/PERFORMANCE.md's GPU figures are read
# against it): a 4 GiB device-to-device copy, bytes read plus written, through the image's torch.
step copy_bandwidth 40 copy_bandwidth.txt python3 -c '
import torch
n = 1 << 30
a = torch.empty(n, dtype=torch.float32, device="cuda").uniform_()
b = torch.empty_like(a)
for _ in range(3): b.copy_(a)
s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
s.record()
for _ in range(20): b.copy_(a)
e.record(); e.synchronize()
seconds = s.elapsed_time(e) * 1e-3
print("device-to-device copy GB/s (read + write):", round(2 * 4 * n * 20 / seconds / 1e9))'

# 1. Correctness: every GPU test. A GPU test skips where no device is usable (e.g. a driver
# older than the bundle's CUDA runtime), which gtest counts as a pass: skipped tests are named
# in the summary so a session that tested nothing cannot read as green.
gtest() {  # name cap binary
  local name=$1 cap=$2 binary=$3
  step "$name" "$cap" "$name.txt" "${with_libs[@]}" "${bundled[@]}" "$bundle/$binary" \
    --gtest_output="json:$work/$name.json"
  local skipped
  skipped=$(grep -c '"result": "SKIPPED"' "$work/$name.json" 2>/dev/null) || true
  if [[ ${skipped:-0} != 0 ]]; then
    note "$name: $skipped tests SKIPPED (no usable device? $name.txt says why)"
    pack
  fi
}
gtest tests 90 test_kernels_cuda
gtest engine 90 test_engine_cuda
gtest hnlq 45 test_hnlq_cuda
# The device PME (DevicePme) against the CPU's; with no cuFFT on the device, a note instead.
if [[ -n $cufft_dir ]]; then
  gtest pme 45 test_pme_cuda
else
  note "pme and water: not run: the device has no ${cufft_so:-libcufft} (the bundle cannot carry cuFFT)"
fi

# TorchScript on the GPU (issue 37): the bundle's programs open the module built above through
# MDB_TORCH_MODULE; its tests here, and the c-nn-student export's rows beside the native student's
# with the figures (docs/PERFORMANCE.md, "TorchScript models").
torch_ready=0
if [[ -n $torch_build_pid ]]; then
  t0=$SECONDS
  rc=0
  wait "$torch_build_pid" || rc=$?
  note "torch_module rc=$rc, waited $((SECONDS - t0))s (torch_module.txt)"
  if [[ ! -f $torch_module ]]; then
    note "torch: not run: the module did not build (torch_module.txt says why)"
  elif ((${#bundled[@]})); then
    # This machine's GCC built the module against its own C++ runtime, newer than the bundled one.
    note "torch: not run: the bundle runs through its own loader and C++ runtime here, which" \
      "cannot open a module this machine's compiler built"
  else
    torch_ready=1
    export MDB_TORCH_MODULE=$torch_module MDB_TORCH_MODELS="$bundle/torch_models"
    gtest torch 120 test_torch_cuda
  fi
fi

# 2. The figures: md_bench cuda rows with their counters, and lattice_bench.
bench() {  # name cap md_bench-args...
  local name=$1 cap=$2
  shift 2
  step "$name" "$cap" "$name.txt" "${with_libs[@]}" "${bundled[@]}" "$bundle/md_bench" \
    --md_cuda=on --md_peers=none --benchmark_repetitions=3 --benchmark_min_time=0.2 \
    --benchmark_out="$work/$name.json" --benchmark_out_format=json "$@"
}
# 64 atoms: every model (c-nn-student: issue 20's student on the device path), cuda against
# cuda-graph, with the one-core CPU Step row beside them; Batched only on the GPU (1,024 CPU
# replicas would take the whole call).
bench small 150 --md_cases=lj-ar,si-sw,si-nn-student,c-nn-student --md_sizes=64 --md_ensembles=NVE \
  --md_replicas=1,1024 --benchmark_filter='^Step/NVE/64/|^Batched/NVE/64/.*/cuda'
if [[ ${MDB_GPU_QUICK:-0} != 1 ]]; then
  # The issue's throughput target: LJ melt at 1M atoms (4 x 64^3), and a mid size.
  bench ljmelt 120 --md_cases=lj-melt --md_sizes=32000,1048576 \
    --benchmark_filter='^Step/NVE/.*/lj-melt/cuda'
  bench teacher 60 --md_cases=si-nn-teacher --md_sizes=64 --md_ensembles=NVE \
    --benchmark_filter='^Step/NVE/64/.*/cuda'
fi
if ((torch_ready)); then
  tm="$bundle/torch_models"
  bench torch_rows 120 \
    --md_case="c-torch:model=torch:$tm/c_nn_student.nequip.pth,structure=$tm/graphite_ab.xyz,T=300,dt=0.0005,ensembles=NVE,sizes=64/512" \
    --md_cases=c-torch,c-nn-student --md_sizes=64,512 --benchmark_filter='^Step/NVE/'
fi
# The gate suite's rows on the device (ci/common.sh's MDB_GATE_FILTER_DEFAULT with cuda and
# cuda-graph for cpu): commit baseline.json as ci/baselines/<gpu-model>.json, so compare can judge
# a GPU runner's drift, memory and allocations against it (ci/baselines/README.md).
bench baseline 120 --benchmark_repetitions=5 --benchmark_filter="$(
  source ci/common.sh >/dev/null 2>&1
  echo "${MDB_GATE_FILTER_DEFAULT//\/cpu\//\/cuda(-graph)?\/}"
)"
# Lattice quantizers (issue 21): reference, batched CPU and CUDA side by side over batch sizes;
# then the GPU goals' sizes (batch 10^7 against the DRAM peak, batch 1's round trip) with pinned
# and with pageable host buffers, and small batches replayed as CUDA graphs.
lattice_bench() {  # name cap lattice_bench-args...
  local name=$1 cap=$2
  shift 2
  step "$name" "$cap" "$name.txt" "${with_libs[@]}" "${bundled[@]}" "$bundle/lattice_bench" \
    --benchmark_repetitions=3 --benchmark_min_time=0.1 --benchmark_out="$work/$name.json" \
    --benchmark_out_format=json "$@"
}
lattice_bench lattice_bench 120 --lq_batches=1,100,10000,1000000 --lq_lattices=D4,E8
lattice_bench lattice_large 90 --lq_batches=1,10000000 --lq_lattices=D4,E8 --lq_impls=cuda
lattice_bench lattice_pageable 45 --lq_batches=1,10000000 --lq_lattices=D4 --lq_impls=cuda \
  --lq_host_memory=pageable
lattice_bench lattice_graph 30 --lq_batches=1,100,10000 --lq_lattices=D4 --lq_impls=cuda \
  --lq_cuda_graph=on

# 3. compute-sanitizer on the tests, leaving out the ones that only repeat the same launches
# over thousands of steps (memory flat, energy conservation, the Langevin bath).
sanitizer=$(find_tool compute-sanitizer)
kernel_tests='DeviceSimulation.*:DeviceNpt.*:NnForceCudaTest.*:LjForceDeviceTest.*-*MemoryStaysFlat:*MemoryFlat'
engine_tests='Cuda/EngineConformance.*-*NveConservesEnergy*:*LangevinHoldsTheBathTemperature*'
if [[ -n $sanitizer ]]; then
  for tool in memcheck racecheck synccheck initcheck; do
    sanitize=("${with_libs[@]}" "$sanitizer" --tool "$tool" --error-exitcode 9 "${bundled[@]}")
    step "$tool" 60 "$tool.txt" "${sanitize[@]}" "$bundle/test_kernels_cuda" \
      --gtest_filter="$kernel_tests"
    step "$tool-engine" 60 "$tool-engine.txt" "${sanitize[@]}" "$bundle/test_engine_cuda" \
      --gtest_filter="$engine_tests"
    step "$tool-hnlq" 30 "$tool-hnlq.txt" "${sanitize[@]}" "$bundle/test_hnlq_cuda"
  done
else
  note "compute-sanitizer: not found"
fi

# 4. Where the time goes, if any is left: speed-of-light sections of the LJ step's kernels at
# 32,000 atoms, the NN student's at 64 and the D4 quantizer's at 10^7 (docs/PROFILING.md).
ncu=$(find_tool ncu)
if [[ -n $ncu ]]; then
  step ncu_lj 60 ncu_lj.txt "${with_libs[@]}" "$ncu" --section SpeedOfLight --section LaunchStats \
    --launch-skip 200 --launch-count 20 "${bundled[@]}" "$bundle/md_bench" --md_cuda=on --md_peers=none \
    --md_cases=lj-melt --md_sizes=32000 --benchmark_filter='^Step/NVE/32000/lj-melt/cuda/' \
    --benchmark_min_time=0.05
  # The 64-atom NN student's kernels one by one (its latency goal is the sum of a few short
  # launches), skipping the warm-up's.
  step ncu_nn 45 ncu_nn.txt "${with_libs[@]}" "$ncu" --section SpeedOfLight --launch-skip 100 \
    --launch-count 12 "${bundled[@]}" "$bundle/md_bench" --md_cuda=on --md_peers=none \
    --md_cases=si-nn-student --md_sizes=64 --benchmark_filter='^Step/NVE/64/si-nn-student/cuda/' \
    --benchmark_min_time=0.05
  step ncu_lattice 45 ncu_lattice.txt "${with_libs[@]}" "$ncu" --section SpeedOfLight --launch-skip 2 \
    --launch-count 3 "${bundled[@]}" "$bundle/lattice_bench" --lq_batches=10000000 \
    --lq_lattices=D4 --lq_impls=cuda --benchmark_min_time=0.01
else
  note "ncu: not found"
fi
if ((${#skipped_steps[@]})); then
  note "to run what was skipped (at once, while the machine is warm):" \
    "MDB_GPU_ONLY=\"${skipped_steps[*]}\" bash ci/gpu_session.sh"
fi
ls -la "$work" >>"$summary"
pack
cat "$summary"
