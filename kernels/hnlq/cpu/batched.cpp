// The batched quantizer's loops for the three lattices, compiled once (batched.hpp says why).
#include "kernels/hnlq/cpu/batched.hpp"

namespace mdb::hnlq {

MDB_HNLQ_BATCHED(, Z2Lattice)
MDB_HNLQ_BATCHED(, D4Lattice)
MDB_HNLQ_BATCHED(, E8Lattice)

}  // namespace mdb::hnlq
