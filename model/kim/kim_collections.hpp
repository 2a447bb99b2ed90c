#pragma once
// The KIM portable models installed on this machine.
#include <string>
#include <string_view>
#include <vector>

namespace mdb {

/// Names of the installed KIM portable models, sorted, from every collection KIM searches
/// (system, user, environment variables, current directory), as
/// `kim-api-collections-management list` shows them. Throws std::runtime_error when KIM cannot
/// read its collections.
std::vector<std::string> list_kim_models();

/// Whether list_kim_models() contains `name` exactly.
bool kim_model_installed(std::string_view name);

}  // namespace mdb
