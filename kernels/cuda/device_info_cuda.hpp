#pragma once
// Whether a usable CUDA device is present, and what it is (benchmark context). Plain C++ header (no
// CUDA includes).
#include <string>

namespace mdb {

/// True when the CUDA runtime reports at least one usable device (one this binary has code for).
/// Never throws: a missing driver or any other runtime error counts as "no device".
bool cuda_device_available() noexcept;

/// "<name>, sm_<major><minor>, <memory> GiB" of device 0, or an empty string when there is no
/// usable device or driver. Never throws.
std::string cuda_device_description() noexcept;

}  // namespace mdb
