# Shared by ci/bench.sh and ci/test.sh (sourced, not run).
# Debian packages the build needs; CUDA (nvcc) is optional and used when present.
MDB_PACKAGES=(cmake g++ make libbenchmark-dev libgtest-dev libeigen3-dev nlohmann-json3-dev)

# Installs whatever is missing with apt-get; prints nothing when all is there.
mdb_install_packages() {
  local missing=() p
  for p in "${MDB_PACKAGES[@]}"; do
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

# Configures and builds Release into build/ (extra arguments go to cmake).
mdb_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build build -j"$(nproc)"
}
