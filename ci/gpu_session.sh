#!/usr/bin/env bash
# On the device machine, one command (device time is short and each call starts slowly): the
# GPU checks that docs/PERFORMANCE.md lists as awaiting a GPU, from the bundle ci/gpu_bundle.sh
# built (carried as build-gpu/bundle). Every step runs even if an earlier one fails; each writes
# its own file into $OUT (or results/gpu), and summary.txt gives one line per step with its
# exit code. Environment: MDB_GPU_BUNDLE (build-gpu/bundle), MDB_GPU_QUICK=1 skips the 1M-atom
# and teacher benchmarks.
set -uo pipefail
cd "$(dirname "$0")/.."
bundle=${MDB_GPU_BUNDLE:-build-gpu/bundle}
out=${OUT:-results/gpu}
mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"
loader="$bundle/lib/ld-linux-x86-64.so.2"
if [[ ! -x $bundle/test_kernels_cuda || ! -e $loader ]]; then
  echo "gpu_session: no bundle at $bundle (run ci/gpu_bundle.sh here first and carry it)" >&2
  exit 2
fi
in_bundle() { "$loader" --library-path "$bundle/lib" "$@"; }
step() {  # name logfile command...
  local name=$1 log=$2
  shift 2
  local t0=$SECONDS rc=0
  "$@" >"$out/$log" 2>&1 || rc=$?
  echo "$name rc=$rc $((SECONDS - t0))s ($log)" | tee -a "$summary"
}
echo "bundle $(cat "$bundle/revision" 2>/dev/null)" | tee -a "$summary"
step device device.txt nvidia-smi
step tests tests.txt in_bundle "$bundle/test_kernels_cuda" --gtest_output="json:$out/tests.json"
step engine engine.txt in_bundle "$bundle/test_engine_cuda" --gtest_output="json:$out/engine.json"
step lattice lattice.txt in_bundle "$bundle/test_lattice_cuda" --gtest_output="json:$out/lattice.json"
gpu_tests='DeviceSimulation.*:DeviceNpt.*:NnForceCudaTest.*:LjForceCuda*'
if command -v compute-sanitizer >/dev/null; then
  for tool in memcheck racecheck; do
    step "$tool" "$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 9 \
      "$loader" --library-path "$bundle/lib" "$bundle/test_kernels_cuda" \
      --gtest_filter="$gpu_tests"
    step "$tool-engine" "$tool-engine.txt" compute-sanitizer --tool "$tool" --error-exitcode 9 \
      "$loader" --library-path "$bundle/lib" "$bundle/test_engine_cuda" \
      --gtest_filter='Cuda/EngineConformance.ForcesEnergyAndVirialAreTheModels/*:Cuda/EngineConformance.NptMovesTheBoxAndThermoFollowsIt/*'
    step "$tool-lattice" "$tool-lattice.txt" compute-sanitizer --tool "$tool" --error-exitcode 9 \
      "$loader" --library-path "$bundle/lib" "$bundle/test_lattice_cuda"
  done
else
  echo "compute-sanitizer: not installed" | tee -a "$summary"
fi
bench() {  # name md_bench-args...
  local name=$1
  shift
  step "$name" "$name.txt" in_bundle "$bundle/md_bench" --md_cuda=on --md_peers=none \
    --benchmark_repetitions=3 --benchmark_min_time=0.2 --benchmark_out="$out/$name.json" \
    --benchmark_out_format=json "$@"
}
# 64 atoms: every model (c-nn-student: issue 20's student on the device path), cuda against
# cuda-graph, with the one-core CPU Step row beside them;
# Batched only on the GPU (1,024 CPU replicas would take the whole call).
bench small --md_cases=lj-ar,si-sw,si-nn-student,c-nn-student --md_sizes=64 --md_ensembles=NVE \
  --md_replicas=1,1024 --benchmark_filter='^Step/NVE/64/|^Batched/NVE/64/.*/cuda'
if [[ ${MDB_GPU_QUICK:-0} != 1 ]]; then
  bench teacher --md_cases=si-nn-teacher --md_sizes=64 --md_ensembles=NVE \
    --benchmark_filter='^Step/NVE/64/.*/cuda'
  # The issue's throughput target: LJ melt at 1M atoms (4 x 64^3), and a mid size.
  bench ljmelt --md_cases=lj-melt --md_sizes=32000,1048576 \
    --benchmark_filter='^Step/NVE/.*/lj-melt/cuda'
fi
# Lattice quantizers (issue 21): reference, batched CPU and CUDA side by side over batch sizes.
step lattice_bench lattice_bench.txt in_bundle "$bundle/lattice_bench" \
  --lq_batches=1,100,10000,1000000 --benchmark_repetitions=3 --benchmark_min_time=0.1 \
  --benchmark_out="$out/lattice_bench.json" --benchmark_out_format=json
ls -la "$out" >>"$summary"
cat "$summary"
