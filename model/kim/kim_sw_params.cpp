#include "model/kim/kim_sw_params.hpp"

#include <stdexcept>

namespace mdb {

SwParams sw_params_from_kim(const std::vector<KimParameter>& params, const std::string& species) {
  auto value = [&](const char* name) {
    const KimParameter* p = find_kim_parameter(params, name);
    if (p == nullptr) {
      throw std::invalid_argument(std::string("sw_params_from_kim: no parameter '").append(name) +
                                  "' (not a model of the KIM SW driver?)");
    }
    if (p->values.size() != 1) {
      throw std::invalid_argument(std::string("sw_params_from_kim: parameter '").append(name) +
                                  "' has " + std::to_string(p->values.size()) +
                                  " values; only single-species SW models map onto one entry");
    }
    return p->values[0];
  };
  const double sigma = value("sigma");
  SwEntry e{species,
            species,
            species,
            /*epsilon=*/1.0,
            sigma,
            /*a=*/value("cutoff") / sigma,
            value("lambda"),
            /*gamma=*/value("gamma") / sigma,
            value("costheta0"),
            value("A"),
            value("B"),
            value("p"),
            value("q"),
            /*tol=*/0.0};
  SwParams out;
  out.entries.push_back(std::move(e));
  out.validate("sw_params_from_kim");
  return out;
}

}  // namespace mdb
