#pragma once
// A student's reference figures (its accuracy against its teacher, teacher_accuracy.hpp; its
// structure against the teacher's, teacher_structure.hpp), kept between runs of one build beside
// its prepared states (state_cache.hpp). They come from MD and model calls on prepared states,
// the same numbers at every run of the same binary and models, and cost about 18 s of each
// default run (c-nn-student at 512 atoms: 8 frames labelled by c-dunn; water: 2 x 1,000 steps of
// MD with PME). A stored set is taken only while every model it came from gives, on its start
// state, the energy it gave when the set was stored, as a state is taken: a KIM model upgraded
// outside the binary is never credited with its predecessor's figures.
#include <functional>
#include <string>
#include <vector>

#include "bench/cases.hpp"
#include "md/core/system.hpp"

namespace mdb::bench {

/// The figures `compute` gives for `key`: this build's stored set when `models` (the cases whose
/// models make them) still give their stored energies on `start`, else computed and stored for
/// later runs. Nothing is stored when a model is a custom case's (its inputs are files outside
/// the binary and the key) or the cache is off. What `compute` throws passes through, unstored.
std::vector<double> cached_reference_figures(const std::string& key, const System& start,
                                             const std::vector<const CaseSpec*>& models,
                                             const std::function<std::vector<double>()>& compute);

/// Figure sets this process took from the cache.
long reference_figures_from_cache();

}  // namespace mdb::bench
