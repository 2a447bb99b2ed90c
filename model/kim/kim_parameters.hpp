#pragma once
// The parameters a KIM model publishes through the KIM parameter API.
#include <string>
#include <string_view>
#include <vector>

namespace KIM {
class Model;
}

namespace mdb {

/// One published parameter (GetParameterMetadata / GetParameter): name, KIM's description,
/// whether it is an integer, and its values (integers converted to double, exactly), in the
/// units the model was created with (metal for KimModel). Models publish what their driver
/// chooses; names and meaning are the driver's (e.g. the SW driver's A is A*epsilon in eV).
struct KimParameter {
  std::string name;
  std::string description;
  bool integer = false;
  std::vector<double> values;
};

/// Reads every published parameter, in the model's order. Throws std::runtime_error naming the
/// parameter when KIM refuses to give one.
std::vector<KimParameter> read_kim_parameters(const KIM::Model& model);

/// The parameter called `name`, or nullptr.
const KimParameter* find_kim_parameter(const std::vector<KimParameter>& params,
                                       std::string_view name);

}  // namespace mdb
