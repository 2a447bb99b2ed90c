#pragma once
// Whether a usable CUDA device is present, and what it is (benchmark context). Plain C++ header (no
// CUDA includes).
#include <string>

namespace mdb {

/// True when the CUDA runtime reports at least one usable device (one this binary has code for).
/// Never throws: a missing driver or any other runtime error counts as "no device".
bool cuda_device_available() noexcept;

/// Why cuda_device_available() is false, in a user's terms (no driver or device, with the
/// runtime's reason; or a device this binary has no code for, with its compute capability);
/// empty when it is true. Never throws.
std::string cuda_unavailable_reason() noexcept;

/// Makes device `index` the current one for the engines made after it. Throws
/// std::invalid_argument naming how many devices there are when there is no such device.
void cuda_select_device(int index);

/// "<name>, sm_<major><minor>, <memory> GiB" of the current device, or an empty string when there
/// is no usable device or driver. Never throws.
std::string cuda_device_description() noexcept;

/// The current device's peak DRAM bandwidth in GB/s (10^9 bytes), from its memory clock and bus
/// width; 0 when there is no usable device or the runtime does not report them. Never throws.
double cuda_peak_memory_bandwidth_gb_per_s() noexcept;

}  // namespace mdb
