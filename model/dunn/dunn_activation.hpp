#pragma once
// The hidden-layer activations of a DUNN network over arrays, forward and backward.
#include <cstddef>

#include "model/dunn/dunn_params.hpp"

namespace mdb {

/// v = act(v) for n values in place: sigmoid 1 / (1 + e^-z), tanh, relu max(z, 0), elu
/// (z < 0 ? e^z - 1 : z). Compiled so the loops call vector tanh/exp (libmvec): one call per four
/// values instead of one per value.
void dunn_activate(DunnActivation act, double* v, std::size_t n);

/// d *= act'(z) for n values, with act' written in terms of the output a = act(z): tanh 1 - a^2,
/// sigmoid a (1 - a), relu (a > 0), elu (a < 0 ? a + 1 : 1). relu and elu at z = 0 exactly take
/// the left derivative where the driver takes the right one (a set of measure zero).
void dunn_activation_backward(DunnActivation act, const double* a, double* d, std::size_t n);

}  // namespace mdb
