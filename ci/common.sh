# shellcheck shell=bash
# Shared by the ci/*.sh scripts (sourced, not run).
# The arrays and defaults below are read by the scripts that source this file.
# shellcheck disable=SC2034
# Debian packages the build needs; CUDA (nvcc) is optional and used when present. FFTW
# (libfftw3-dev) is found as MDBENCH_FFTW=AUTO like a peer, but water's PME (model/pme/) needs it,
# so every build, the gate's included, installs it.
MDB_CORE_PACKAGES=(cmake g++ make libbenchmark-dev libgtest-dev libeigen3-dev nlohmann-json3-dev
  libfftw3-dev)
# Peers (optional at build time, auto-detected): the KIM API with Debian's published models
# (model/kim/), and LAMMPS as a library (bench/peers/) and as the lmp binary with mpirun (the
# scripts there; vs_lammps_2core.sh runs `mpirun -np 2 lmp`).
# libtorch (model/torch/) runs users' TorchScript models: `model=torch:<file>`. An embedded
# CPython with pybind11 (model/ase/) runs ASE calculators (`model=ase:...`) and ASE's own MD loop
# as a Peer; python3-ase is what it imports.
# `history`'s results store (compare/history/): SQLite for a file, libpq for a shared PostgreSQL.
MDB_PEER_PACKAGES=(libkim-api-dev openkim-models liblammps-dev lammps openmpi-bin libtorch-dev
  python3-dev pybind11-dev python3-ase libsqlite3-dev libpq-dev)
# OpenMM runs the water cases as a Peer (bench/peers/openmm_*; its tests compare energies): the
# C++ API, and the plugins package that holds its CPU platform.
MDB_PEER_PACKAGES+=(libopenmm-dev libopenmm-plugins)
MDB_PACKAGES=("${MDB_CORE_PACKAGES[@]}" "${MDB_PEER_PACKAGES[@]}")
# Only the test suite needs these: tests/ci/check_workflows.py parses the workflows with PyYAML,
# run by Debian's /usr/bin/python3 (a python3 earlier on PATH may lack Debian's modules), the
# Stillinger-Weber tests read LAMMPS's own potentials/Si.sw and GaN.sw (lammps-data), and the
# md_report_render test renders md_report's page in headless Chromium (ci/render_report.sh); the
# torch tests' models are written at build time by Debian's PyTorch (python3-torch). The history
# store's tests start a throwaway PostgreSQL server (initdb/pg_ctl, tests/history/with_postgres.sh)
# so the PostgreSQL backend is tested, not skipped. Debian's GROMACS (gmx) reruns the states
# md_bench writes for it (tests/bench/test_gromacs_peer.cpp).
MDB_TEST_PACKAGES=(python3-yaml lammps-data chromium python3-torch postgresql gromacs)
# The benchmark gate builds without the peers (its suite uses neither KIM nor LAMMPS), so it
# installs only the core packages, git (it checks out its base revision as a git worktree) and
# ccache (base and head share most objects, and CI keeps the cache between runs).
MDB_GATE_PACKAGES=("${MDB_CORE_PACKAGES[@]}" git ccache)

# The gate suite (ci/bench_gate.sh, ci/refresh_baseline.sh): LJ NVE Step and Trajectory at two
# sizes plus one NVT Trajectory, so both the timing paths and the drift counters (energy_drift,
# conserved_drift) are covered, and a Step of each other kind of model the engine runs itself: a
# many-body potential (si-sw) and the distilled NN student (si-nn-student). One md_bench run
# takes about 10 s on 2 cores. Anchored and naming /cpu/, so a build with the CUDA backend runs
# the same rows.
MDB_GATE_FILTER_DEFAULT='^(Step|Trajectory)/NVE/(64|512)/lj-ar/cpu/|^Trajectory/NVT/64/lj-ar/cpu/|^Step/NVE/64/(si-sw|si-nn-student)/cpu/'
# Repetitions per md_bench run and Google Benchmark's minimum time per repetition (seconds, as
# a plain number: the syntax Google Benchmark 1.7.1 reads, which later versions still accept).
MDB_GATE_REPS_DEFAULT=2
MDB_GATE_MIN_TIME_DEFAULT=0.2

# Time limits (seconds) of the gate's builds and of each md_bench run in it: a hung run fails
# the gate with a message instead of eating the job's 90 minutes.
MDB_GATE_BUILD_TIMEOUT_DEFAULT=2400
MDB_GATE_RUN_TIMEOUT_DEFAULT=900
# CMake options of the gate's builds: no peers, libtorch or Python (the suite uses none), no CUDA
# (no GPU runner yet; set MDB_GATE_CMAKE_ARGS to gate cuda rows on one).
MDB_GATE_CMAKE_ARGS_DEFAULT="-DMDBENCH_KIM=OFF -DMDBENCH_LAMMPS=OFF -DMDBENCH_CUDA=OFF -DMDBENCH_TORCH=OFF -DMDBENCH_PYTHON=OFF"

# Installs whatever is missing with apt-get; prints nothing when all is there. Arguments name
# packages wanted on top of MDB_PACKAGES (e.g. "${MDB_TEST_PACKAGES[@]}").
mdb_install_packages() {
  mdb_install_only "${MDB_PACKAGES[@]}" "$@"
}

# Installs exactly the named packages that are missing (the gate: no peers).
mdb_install_only() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]} == 0)) && return 0
  echo "ci: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# Configures and builds Release into build/: `--target T` (repeatable) builds only T and what
# it needs, other arguments go to cmake's configure. Configuring again costs ~4 s (libtorch's
# CMake files), so it is skipped when build/ is a Release build configured by this function
# since the installed packages last changed (an AUTO part may have become available) and no
# options are given; cmake --build configures again by itself when a CMakeLists.txt changed.
mdb_build() {
  local configure=() build=() stamp=build/.mdb_configured
  while (($#)); do
    if [[ $1 == --target ]]; then
      build+=(--target "$2")
      shift 2
    else
      configure+=("$1")
      shift
    fi
  done
  if ((${#configure[@]})) || [[ ! $stamp -nt /var/lib/dpkg/status ]] ||
    ! grep -qx 'CMAKE_BUILD_TYPE:STRING=Release' build/CMakeCache.txt 2>/dev/null; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${configure[@]}" >/dev/null
    touch "$stamp"
  fi
  cmake --build build -j"$(nproc)" "${build[@]}"
}

# Configures and builds the gate's Release build of source tree SRC into DIR, without the tests
# (the gate needs md_bench and compare only). Extra arguments are targets; none builds all.
# The configure log is kept in DIR/configure.log and shown only when configuring fails.
mdb_gate_build() {
  local src=$1 dir=$2 t
  shift 2
  local targets=()
  for t in "$@"; do targets+=(--target "$t"); done
  mkdir -p "$dir"
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # shellcheck disable=SC2086  # the options are words
  if ! cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DMDBENCH_TESTS=OFF \
      ${MDB_GATE_CMAKE_ARGS-$MDB_GATE_CMAKE_ARGS_DEFAULT} "${launcher[@]}" \
      >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log" >&2
    return 1
  fi
  local rc=0
  timeout "${MDB_GATE_BUILD_TIMEOUT:-$MDB_GATE_BUILD_TIMEOUT_DEFAULT}" \
    cmake --build "$dir" -j"$(nproc)" "${targets[@]}" || rc=$?
  ((rc != 124)) || echo "ci: the build in $dir took longer than ${MDB_GATE_BUILD_TIMEOUT:-$MDB_GATE_BUILD_TIMEOUT_DEFAULT} s" >&2
  return "$rc"
}

# Runs md_bench BIN over the gate suite, writing Google Benchmark JSON to OUT_JSON and its console
# table to OUT_JSON with .log for .json. Only flags that every md_bench revision understands, so
# an old base and a new head run the same suite the same way. Reads MDB_GATE_FILTER,
# MDB_GATE_REPS and MDB_GATE_MIN_TIME, each defaulting to the values above (MDB_GATE_MIN_TIME set
# but empty: md_bench's own minimum time, as a user's plain run). Further arguments go to md_bench.
# Exit 124 when it ran past MDB_GATE_RUN_TIMEOUT.
mdb_gate_run() {
  local bin=$1 out=$2
  shift 2
  local min_time=${MDB_GATE_MIN_TIME-$MDB_GATE_MIN_TIME_DEFAULT}
  timeout "${MDB_GATE_RUN_TIMEOUT:-$MDB_GATE_RUN_TIMEOUT_DEFAULT}" "$bin" --benchmark_filter="${MDB_GATE_FILTER:-$MDB_GATE_FILTER_DEFAULT}" \
    --benchmark_repetitions="${MDB_GATE_REPS:-$MDB_GATE_REPS_DEFAULT}" \
    ${min_time:+--benchmark_min_time="$min_time"} \
    --benchmark_out="$out" --benchmark_out_format=json "$@" >"${out%.json}.log" 2>&1
}
