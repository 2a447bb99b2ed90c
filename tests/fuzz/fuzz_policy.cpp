// libFuzzer harness: compare's policy file parser (parse_policy).
// See docs/FUZZING.md; the body lives in fuzz_targets.cpp so the regression test replays it.
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mdb::fuzz::run_or_abort(mdb::fuzz::feed_policy, data, size);
  return 0;
}
