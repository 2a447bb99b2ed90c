#!/usr/bin/env bash
# The layering of docs/ARCHITECTURE.md: a folder includes only folders below it. Prints every
# include that points up and exits 1 if there is one.
set -euo pipefail
root=${1:-$(dirname "$0")/../..}
cd "$root"
bad=0
check() {  # folder, then the folders it must not include
  local folder=$1
  shift
  local pattern
  pattern="#include [\"<]($(IFS='|'; echo "$*"))/"
  if grep -rnE "$pattern" "$folder" --include='*.cpp' --include='*.hpp' --include='*.cu' \
      --include='*.cuh'; then
    echo "check_layers: $folder includes from above it (${*})" >&2
    bad=1
  fi
}
check kernels md model bench compare tests
check md model bench compare tests
check model bench compare tests benchmark
check compare md model bench kernels tests
check bench tests
# lattice_bench (bench/hnlq/) stands on kernels/ alone: the HNLQ quantizer needs no MD engine.
check bench/hnlq md model compare tests
exit $bad
