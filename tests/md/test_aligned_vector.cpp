// Arrays the SIMD kernels load as whole vectors start on a cache line, however they grow: a
// 32-byte vector at an address 16 past a line boundary (std::allocator's alignment) straddles
// two lines every other time.
#include "md/core/aligned_vector.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "md/core/grow.hpp"

namespace mdb {
namespace {

bool on_a_line(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % kCacheLineBytes == 0;
}

TEST(AlignedVector, EveryAllocationStartsOnACacheLine) {
  // Sizes below and above glibc's mmap threshold (128 KiB), where its blocks sit 16 bytes past
  // a page boundary; and a float array, whose elements alone would allow 4-byte alignment.
  for (const std::size_t n :
       {std::size_t{1}, std::size_t{3}, std::size_t{1000}, std::size_t{300000}}) {
    SCOPED_TRACE(n);
    AlignedVector<double> d(n, 1.0);
    AlignedVector<float> f(n, 1.0f);
    EXPECT_TRUE(on_a_line(d.data()));
    EXPECT_TRUE(on_a_line(f.data()));
    resize_with_headroom(d, 3 * n + 5);  // grows: a new block, copied
    resize_with_headroom(f, 3 * n + 5);
    EXPECT_TRUE(on_a_line(d.data()));
    EXPECT_TRUE(on_a_line(f.data()));
    EXPECT_EQ(d[0], 1.0);
    EXPECT_EQ(f[n - 1], 1.0f);
  }
}

}  // namespace
}  // namespace mdb
