// libFuzzer harness: the LAMMPS data reader (read_lammps_data): names from the file, named types,
// and a fixed atom style. See docs/FUZZING.md; the body lives in fuzz_targets.cpp so the regression
// test replays it.
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mdb::fuzz::run_or_abort(mdb::fuzz::feed_lammps_data, data, size);
  return 0;
}
