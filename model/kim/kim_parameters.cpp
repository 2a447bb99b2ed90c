#include "model/kim/kim_parameters.hpp"

#include <KIM_DataType.hpp>
#include <KIM_Model.hpp>

#include <stdexcept>

#include "model/kim/kim_log.hpp"

namespace mdb {

std::vector<KimParameter> read_kim_parameters(const KIM::Model& model) {
  KimLogCapture capture;
  int n = 0;
  model.GetNumberOfParameters(&n);
  std::vector<KimParameter> out(static_cast<std::size_t>(n));
  for (int p = 0; p < n; ++p) {
    KIM::DataType type;
    int extent = 0;
    const std::string* name = nullptr;
    const std::string* description = nullptr;
    if (model.GetParameterMetadata(p, &type, &extent, &name, &description)) {
      throw std::runtime_error("kim: cannot read the metadata of parameter " + std::to_string(p) +
                               ": " + capture.reason());
    }
    KimParameter& k = out[static_cast<std::size_t>(p)];
    k.name = *name;
    k.description = *description;
    k.integer = type == KIM::DATA_TYPE::Integer;
    k.values.resize(static_cast<std::size_t>(extent));
    for (int i = 0; i < extent; ++i) {
      int error = 0;
      if (k.integer) {
        int v = 0;
        error = model.GetParameter(p, i, &v);
        k.values[static_cast<std::size_t>(i)] = v;
      } else {
        error = model.GetParameter(p, i, &k.values[static_cast<std::size_t>(i)]);
      }
      if (error) {
        throw std::runtime_error("kim: cannot read parameter '" + k.name + "' [" +
                                 std::to_string(i) + "]: " + capture.reason());
      }
    }
  }
  return out;
}

const KimParameter* find_kim_parameter(const std::vector<KimParameter>& params,
                                       std::string_view name) {
  for (const auto& p : params) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace mdb
