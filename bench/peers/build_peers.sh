#!/usr/bin/env bash
# Builds the peer md_bench is compared with at its best on this CPU: GROMACS from Debian's own
# source package (`apt-get source gromacs`, so the same release and patches as Debian's `gmx`),
# once with each SIMD level this CPU runs of AVX_512 and AVX2_256, and keeps the faster by
# measurement on LAMMPS's in.lj state (md_bench's lj-melt, 32,000 atoms, one core). Opt-in: no
# CI script runs it (Debian's gmx, SSE4.1, is what the tests use). Why LAMMPS is not rebuilt:
# docs/PEERS.md.
#
#   bash bench/peers/build_peers.sh      # prints the path of the best gmx (builds on first use)
#
# Environment:
#   MDB_PEERS_CACHE    where sources, builds and the choice live, reused by later runs
#                      (${XDG_CACHE_HOME:-~/.cache}/mdbench/peers; outside build/, which a clean
#                      build removes)
#   MDB_PEERS_JOBS     make -j (2)
#   MDB_PEERS_SIMD     GMX_SIMD levels to try (those of "AVX_512 AVX2_256" this CPU runs)
#   MDB_PEERS_REBUILD  1: build and measure again even when the cache has a choice
#   MDB_PEERS_REPS     interleaved timing rounds per build (3)
#   MDB_BUILD_DIR      md_bench's build, which writes the timed state (build; md_bench is built
#                      there if missing)
# Output: $MDB_PEERS_CACHE/gromacs/best -> build-<SIMD>, whose bin/gmx was faster;
# gromacs/choice.txt says what was measured. Exit 0 with the gmx path on stdout, 2 when
# something is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
cache=${MDB_PEERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mdbench/peers}
jobs=${MDB_PEERS_JOBS:-2}
reps=${MDB_PEERS_REPS:-3}
build=${MDB_BUILD_DIR:-build}
gmx_root=$cache/gromacs

say() { echo "build_peers: $*" >&2; }
sudo=""
[[ $(id -u) != 0 ]] && sudo="sudo"

if [[ ${MDB_PEERS_REBUILD:-0} != 1 && -x $gmx_root/best/bin/gmx ]]; then
  say "cached: $(cat "$gmx_root/choice.txt" 2>/dev/null | tail -1)"
  echo "$gmx_root/best/bin/gmx"
  exit 0
fi

# GMX_SIMD levels this CPU executes, best first.
levels=()
if [[ -n ${MDB_PEERS_SIMD:-} ]]; then
  read -r -a levels <<<"$MDB_PEERS_SIMD"
else
  flags=$(grep -m1 '^flags' /proc/cpuinfo)
  [[ " $flags " == *" avx512f "* ]] && levels+=(AVX_512)
  [[ " $flags " == *" avx2 "* && " $flags " == *" fma "* ]] && levels+=(AVX2_256)
fi
if ((${#levels[@]} == 0)); then
  say "this CPU runs neither AVX_512 nor AVX2_256: Debian's gmx (SSE4.1) is the best build"
  exit 2
fi

# Debian's source package: a deb-src entry for the release's main archive, if none is there.
ensure_source() {
  if ls "$gmx_root"/src/gromacs-*/CMakeLists.txt >/dev/null 2>&1; then return 0; fi
  if ! apt-cache showsrc gromacs 2>/dev/null | grep -q '^Package: gromacs'; then
    local codename
    codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
    local list=/etc/apt/sources.list.d/mdbench-deb-src.list keyring=""
    # apt refuses one archive under two keyrings: sign as Debian's own entries do.
    [[ -f /usr/share/keyrings/debian-archive-keyring.gpg ]] &&
      keyring="[signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
    say "adding deb-src for Debian $codename ($list)"
    echo "deb-src ${keyring}http://deb.debian.org/debian $codename main" | $sudo tee "$list" >/dev/null
    if ! $sudo apt-get update -qq; then
      $sudo rm -f "$list"  # leave apt as it was
      say "apt-get update failed with $list; removed it"
      exit 2
    fi
  fi
  say "installing the build's packages"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    dpkg-dev cmake g++ make libfftw3-dev libmuparser-dev >/dev/null
  mkdir -p "$gmx_root/src"
  (cd "$gmx_root/src" && apt-get source -qq gromacs >/dev/null)
}

# One build per SIMD level: only the gmx binary (and libgromacs), no tests, no GPU, no MPI.
build_level() {
  local level=$1 dir=$gmx_root/build-$1 src
  if [[ ${MDB_PEERS_REBUILD:-0} != 1 && -x $dir/bin/gmx ]]; then return 0; fi
  src=$(dirname "$(ls "$gmx_root"/src/gromacs-*/CMakeLists.txt | head -1)")
  say "building GROMACS ($(basename "$src")) with GMX_SIMD=$level into $dir (make -j$jobs, minutes)"
  mkdir -p "$dir"
  cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DGMX_SIMD="$level" \
    -DGMX_FFT_LIBRARY=fftw3 -DGMX_GPU=OFF -DGMX_MPI=OFF -DBUILD_TESTING=OFF -DGMXAPI=OFF \
    -DGMX_USE_MUPARSER=EXTERNAL >"$dir/configure.log" 2>&1 ||
    { say "configuring failed: $dir/configure.log"; exit 2; }
  cmake --build "$dir" --target gmx -j"$jobs" >"$dir/build.log" 2>&1 ||
    { say "building failed: $dir/build.log"; exit 2; }
  "$dir/bin/gmx" --version 2>/dev/null | grep -q "SIMD instructions: *$level" ||
    { say "$dir/bin/gmx does not report GMX_SIMD=$level"; exit 2; }
}

ensure_source
for level in "${levels[@]}"; do build_level "$level"; done

# The faster build by measurement: the same state, one pinned core, rounds alternating between
# the builds, medians of ns/day (the second half of each run, -resethway). Writes choice.txt,
# whose last line is "chosen: <level>".
choose() {
  local choice=$gmx_root/choice.txt
  if ((${#levels[@]} == 1)); then
    printf '%s is the only level tried\nchosen: %s\n' "${levels[0]}" "${levels[0]}" >"$choice"
    return 0
  fi
  local probe=$gmx_root/probe state=NVE-32000-lj-melt
  if [[ ! -x $build/bench/md_bench ]]; then
    cmake --build "$build" --target md_bench -j"$jobs" >/dev/null
  fi
  rm -rf "$probe"
  "$build/bench/md_bench" --md_cases=lj-melt --md_sizes=32000 \
    --benchmark_filter='^Step/NVE/32000/lj-melt/cpu/' --md_gromacs_inputs="$probe" >/dev/null 2>&1 ||
    { say "md_bench could not write the timed state ($build/bench/md_bench --md_gromacs_inputs)"; exit 2; }
  local level r
  for level in "${levels[@]}"; do
    (cd "$probe/$state" && "$gmx_root/build-$level/bin/gmx" grompp -f grompp.mdp -c conf.gro \
      -p topol.top -o "$level.tpr" >"$level-grompp.log" 2>&1) ||
      { say "gmx grompp ($level) failed: $probe/$state/$level-grompp.log"; exit 2; }
  done
  for ((r = 1; r <= reps; r++)); do
    for level in "${levels[@]}"; do
      (cd "$probe/$state" && "$gmx_root/build-$level/bin/gmx" mdrun -s "$level.tpr" -nt 1 \
        -pin on -pinoffset 0 -nb cpu -nsteps 1000 -resethway -noconfout -cpt -1 \
        -g "$level-$r.log" -e "$level-$r.edr" >/dev/null 2>&1) ||
        { say "gmx mdrun ($level) failed: $probe/$state/$level-$r.log"; exit 2; }
    done
  done
  local best="" best_rate=0 rate
  : >"$choice"
  for level in "${levels[@]}"; do
    rate=$(grep -h '^Performance:' "$probe/$state/$level"-*.log | awk '{print $2}' | sort -g |
      awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
    [[ -n $rate ]] || { say "no Performance line in $probe/$state/$level-*.log"; exit 2; }
    echo "$level: median $rate ns/day over $reps runs (lj-melt 32,000 atoms, 1 core)" >>"$choice"
    if awk -v a="$rate" -v b="$best_rate" 'BEGIN {exit !(a > b)}'; then
      best=$level
      best_rate=$rate
    fi
  done
  echo "chosen: $best (load average $(cut -d' ' -f1-3 /proc/loadavg))" >>"$choice"
}
choose
say "$(tr '\n' ';' <"$gmx_root/choice.txt")"
best=$(tail -1 "$gmx_root/choice.txt" | awk '{print $2}')
ln -sfn "build-$best" "$gmx_root/best"
echo "$gmx_root/best/bin/gmx"
