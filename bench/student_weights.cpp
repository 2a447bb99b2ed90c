#include "bench/student_weights.hpp"

#include "model/nnp/nn_weights_json.hpp"

namespace mdb::bench {

const NnSpec& c_nn_student_spec() {
  static const NnSpec spec = parse_nn_weights(c_nn_student_json(), "bench/data/c-nn-student.json");
  return spec;
}

const NnSpec& water_nn_student_spec() {
  static const NnSpec spec =
      parse_nn_weights(water_nn_student_json(), "bench/data/water-nn-student.json");
  return spec;
}

std::string student_summary(const NnSpec& s) {
  // Appends, not "literal" + std::to_string: GCC 12 warns falsely (-Wrestrict) on the latter.
  std::string out = "AEV ";
  out.append(std::to_string(s.aev.length(static_cast<int>(s.species.size())))).append(", ");
  const auto w = s.widths(0);
  for (std::size_t k = 1; k < w.size(); ++k) {
    if (k > 1) out.append("-");
    out.append(std::to_string(w[k]));
  }
  return out;
}

}  // namespace mdb::bench
