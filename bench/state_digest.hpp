#pragma once
// What the prepared states of this build come from (bench/state_digest.cmake): a digest of the
// engine, model and kernel sources, the case table, the state preparation, the data built into
// the binary, and the compiler and flags. Two builds with the same digest prepare the same states,
// so they share them in the state cache (state_cache.hpp); a build whose harness alone changed
// keeps the states of the one before.
namespace mdb::bench {

const char* state_digest();

}  // namespace mdb::bench
