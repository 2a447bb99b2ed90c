#pragma once
// The four readers under fuzzing, each behind one function that both the libFuzzer harnesses
// (fuzz_*.cpp, clang) and the regression test (test_fuzz_regressions.cpp, any compiler) call, so
// a crash input replays through exactly the code that found it.
#include <cstddef>
#include <string>
#include <string_view>

namespace mdb::fuzz {

/// Each feeds `bytes` to its reader (several option sets where the reader takes options) and
/// catches std::exception; a crash, an abort, a sanitizer report or a hang is left to surface.
/// Returns "" when every call returned a value that keeps the header's promises or threw the
/// documented error (JsonError, PolicyError, StructureFileError; the options are valid), else
/// what went wrong, including "threw another std::exception" (a message without file and line).
std::string feed_gbench_json(std::string_view bytes);
std::string feed_policy(std::string_view bytes);
std::string feed_extxyz(std::string_view bytes);
std::string feed_lammps_data(std::string_view bytes);

/// The feed function for a target named as its corpus folder ("gbench_json", ...), or nullptr.
using Feed = std::string (*)(std::string_view);
Feed feed_for(std::string_view target);

/// For the harnesses: runs `feed` and aborts (which libFuzzer reports with the input) when it
/// returns a broken promise.
void run_or_abort(Feed feed, const unsigned char* data, std::size_t size);

}  // namespace mdb::fuzz
