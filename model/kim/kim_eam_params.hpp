#pragma once
// The potential file of an installed KIM portable model of the EAM_Dynamo driver, for our native
// Eam.
#include <string>

#include "model/eam_file.hpp"

namespace mdb {

/// The setfl or Finnis-Sinclair file that KIM hands to the EAM_Dynamo driver
/// (EAM_Dynamo__MD_120291908751) when it creates `model_name`, e.g.
/// EAM_Dynamo_ErcolessiAdams_1994_Al__MO_123629422045_005 (Al_EA.eam.alloy), parsed in the
/// format its name implies (the driver tells them apart by content; LAMMPS by pair style).
/// Named "kim:<model>/<file>" in EamFileError messages. Throws std::runtime_error
/// "kim:<model>: <reason>" when the model is not installed or not of that driver, or when it
/// has funcfl files (one per species; not read here) rather than one setfl or fs file.
EamFile kim_eam_file(const std::string& model_name);

}  // namespace mdb
