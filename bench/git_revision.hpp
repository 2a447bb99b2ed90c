#pragma once
// The source revision md_bench was built from (generated at build time, see bench/CMakeLists.txt).

namespace mdb::bench {

/// `git describe --always --dirty --abbrev=12` of the source tree at build time, or "unknown"
/// outside a git checkout.
const char* git_revision();

}  // namespace mdb::bench
