#pragma once
// The parameter files an installed KIM portable model carries inside its shared library.
#include <string>
#include <string_view>
#include <vector>

namespace mdb {

/// One embedded parameter file: "kim:<model>/<file name>" (what parsers' messages call it) and
/// its bytes.
struct KimEmbeddedFile {
  std::string name;
  std::string text;
};

/// The parameter files KIM hands to the driver of `model_name` when it creates the model, in the
/// driver's order. KIM's collections give the model's shared library; the files are embedded in
/// it and listed by its KIM shared-library schema (version 2, KIM API 2.x), which is where KIM
/// itself reads them. Throws std::runtime_error "kim:<model>: <reason>" when the model is not
/// installed, its library cannot be loaded, its schema is not version 2, or its driver's name
/// does not start with `driver_prefix` (e.g. "DUNN__MD_").
std::vector<KimEmbeddedFile> kim_parameter_files(const std::string& model_name,
                                                 std::string_view driver_prefix,
                                                 std::string_view driver_label);

}  // namespace mdb
