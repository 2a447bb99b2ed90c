#pragma once
// Page-locks an existing host allocation for the lifetime of an object, so copies to and from it
// run as DMA at the link's speed and without the driver's staging copy (which also makes small
// copies several microseconds slower). Plain C++ header (no CUDA includes).
#include <cstddef>

namespace mdb {

/// Registers [data, data + bytes) with the CUDA driver (cudaHostRegister) and unregisters it on
/// destruction. A range on pages another registration already locked (small buffers sharing a
/// page) is left as it is. Throws std::runtime_error (file:line: CUDA error) when the driver
/// refuses otherwise.
class PinnedHostRange {
 public:
  PinnedHostRange(const void* data, std::size_t bytes);
  ~PinnedHostRange();
  PinnedHostRange(const PinnedHostRange&) = delete;
  PinnedHostRange& operator=(const PinnedHostRange&) = delete;

 private:
  void* data_ = nullptr;
};

}  // namespace mdb
