#pragma once
// Every heap allocation of the process, counted: allocation_counter.cpp interposes malloc and
// its relatives (operator new uses them, and so does Eigen's aligned allocator, which never calls
// operator new). Link it into one test executable only: it replaces the C library's entry points.

namespace mdb::test {

/// Allocations so far, on any thread.
long allocations_so_far();

}  // namespace mdb::test
