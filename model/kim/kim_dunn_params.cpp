#include "model/kim/kim_dunn_params.hpp"

#include <stdexcept>

#include "model/kim/kim_embedded_files.hpp"

namespace mdb {

DunnParamFiles kim_dunn_param_files(const std::string& model_name) {
  std::vector<KimEmbeddedFile> files = kim_parameter_files(model_name, "DUNN__MD_", "DUNN");
  if (files.size() != 3) {
    throw std::runtime_error("kim:" + model_name + ": " + std::to_string(files.size()) +
                             " parameter files, the DUNN driver reads 3");
  }
  auto take = [&](std::size_t k) {
    return DunnParamFile{std::move(files[k].name), std::move(files[k].text)};
  };
  return {take(0), take(1), take(2)};
}

DunnParams dunn_params_from_kim(const std::string& model_name) {
  return parse_dunn_params(kim_dunn_param_files(model_name));
}

}  // namespace mdb
