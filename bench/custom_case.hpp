#pragma once
// Custom cases from the command line (--md_case): any supported model on a lattice or on the
// structure in an extended XYZ / LAMMPS data file, without editing the case table.
#include <string_view>

#include "bench/cases.hpp"

namespace mdb::bench {

/// Parses `NAME:key=value,key=value,...` (docs/BENCHMARKS.md, "Custom cases"):
///   model=<a catalogue model> (required; bench/catalogue.hpp: lj | lj:<eps>/<sigma>/<cutoff>
///         | sw | sw:<file.sw> | nn-student | nn-teacher | c-nn-student | water-nn-student
///         | nn:<weights.json>
///         | kim:<KIM model> | dunn:<KIM DUNN model> | torch:<TorchScript file>); with nn:,
///         baseline=none (default) | sw | sw:<file>; teacher=<case> for accuracy counters,
///         and with it rdf=<species> for the g(r) counters of Trajectory rows
///   lattice=sc|bcc|fcc|diamond, a=<A>, species=<name>[, mass=<amu>]   or
///   structure=<file.xyz|.extxyz|.data|.lmp>[, types=<name>/<name>...]
///   T=<K> (300), P=<bar> (1), dt=<ps> (0.001), skin=<A> (1), friction=<1/ps> (5),
///   ensembles=NVE/NVT/NPT (NVE/NVT), sizes=<atoms>/<atoms> (64 repeat units, or the file's atoms)
/// The model is built and bound to the system once here, so an unknown model, a species the
/// model lacks or an unreadable or invalid file (a weights file's errors name the file) is a
/// one-line std::invalid_argument now, not an error run later.
CaseSpec parse_custom_case(std::string_view spec);

}  // namespace mdb::bench
