#pragma once
// Describes the CUDA device for benchmark context. Plain C++ header (no CUDA includes).
#include <string>

namespace mdb {

/// "<name>, sm_<major><minor>, <memory> GiB" of device 0, or an empty string when there is no
/// usable device or driver. Never throws.
std::string cuda_device_description() noexcept;

}  // namespace mdb
