#pragma once
// The parameter files of an installed KIM portable model of the DUNN driver, for our native
// DunnPotential.
#include <string>

#include "model/dunn/dunn_params.hpp"
#include "model/dunn/dunn_params_text.hpp"

namespace mdb {

/// The three parameter files (descriptor.params, NN.params, dropout_binary.params) that KIM hands
/// to the DUNN driver (DUNN__MD_292677547454_000) when it creates `model_name`, e.g.
/// DUNN_WenTadmor_2019v1_C__MO_584345505904_000. KIM's collections give the model's shared
/// library; the files are embedded in it and listed by its KIM shared-library schema (version 2,
/// KIM API 2.x), which is where KIM itself reads them, in the order the driver takes them. The
/// files are named "kim:<model>/<file>" for DunnParamsError messages. Throws std::runtime_error
/// "kim:<model>: <reason>" when the model is not installed, its library cannot be loaded, its
/// schema is not version 2, or its driver is not DUNN's.
DunnParamFiles kim_dunn_param_files(const std::string& model_name);

/// parse_dunn_params(kim_dunn_param_files(model_name)).
DunnParams dunn_params_from_kim(const std::string& model_name);

}  // namespace mdb
