#include "model/kim/kim_eam_params.hpp"

#include <stdexcept>

#include "model/kim/kim_embedded_files.hpp"

namespace mdb {

EamFile kim_eam_file(const std::string& model_name) {
  std::vector<KimEmbeddedFile> files =
      kim_parameter_files(model_name, "EAM_Dynamo__MD_", "EAM_Dynamo");
  if (files.size() != 1) {
    throw std::runtime_error("kim:" + model_name + ": " + std::to_string(files.size()) +
                             " parameter files; only models of one setfl or fs file are read");
  }
  KimEmbeddedFile& f = files.front();
  const EamFormat format = eam_format_of(f.name);
  if (format == EamFormat::Funcfl) {
    throw std::runtime_error("kim:" + model_name + ": " + f.name +
                             " is a funcfl file; only setfl and fs files are read");
  }
  return parse_eam_file(std::move(f.name), std::move(f.text), format);
}

}  // namespace mdb
