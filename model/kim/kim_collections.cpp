#include "model/kim/kim_collections.hpp"

#include <KIM_CollectionItemType.hpp>
#include <KIM_Collections.hpp>

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "model/kim/kim_api_lock.hpp"
#include "model/kim/kim_log.hpp"

namespace mdb {

std::vector<std::string> list_kim_models() {
  install_kim_log();
  const std::lock_guard<std::mutex> lock(kim_api_mutex());
  KimLogCapture capture;
  KIM::Collections* collections = nullptr;
  if (KIM::Collections::Create(&collections)) {
    throw std::runtime_error("kim: cannot read the KIM collections: " + capture.reason());
  }
  std::vector<std::string> names;
  int extent = 0;
  const int error =
      collections->CacheListOfItemNamesByType(KIM::COLLECTION_ITEM_TYPE::portableModel, &extent);
  for (int i = 0; !error && i < extent; ++i) {
    const std::string* name = nullptr;
    if (!collections->GetItemNameByType(i, &name) && name != nullptr) names.push_back(*name);
  }
  KIM::Collections::Destroy(&collections);
  if (error) {
    throw std::runtime_error("kim: cannot list the portable models: " + capture.reason());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

bool kim_model_installed(std::string_view name) {
  const auto names = list_kim_models();
  return std::binary_search(names.begin(), names.end(), name);
}

}  // namespace mdb
