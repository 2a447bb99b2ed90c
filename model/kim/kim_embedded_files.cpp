#include "model/kim/kim_embedded_files.hpp"

#include <dlfcn.h>
#include <KIM_CollectionItemType.hpp>
#include <KIM_Collections.hpp>
#include <KIM_FunctionTypes.hpp>

#include <memory>
#include <mutex>
#include <stdexcept>

#include "model/kim/kim_api_lock.hpp"
#include "model/kim/kim_log.hpp"

namespace mdb {
namespace {

// KIM::SHARED_LIBRARY_SCHEMA::SharedLibrarySchemaV2 (KIM_SharedLibrarySchema.hpp, KIM API 2.x,
// KIM_SHARED_LIBRARY_SCHEMA_VERSION 2; Debian ships the header only among its CMake item
// templates, /usr/share/cmake/kim-api-items/, not as an API header): every portable model's
// library exports one as `kim_shared_library_schema`, next to `kim_shared_library_schema_version`.
// KIM's CollectionItemType and LanguageName are classes holding one int.
struct EmbeddedFile {
  const char* file_name;
  unsigned int file_length;
  const unsigned char* file_pointer;
};
struct SharedLibrarySchemaV2 {
  int item_type;
  const char* item_name;
  int create_language_name;
  KIM::Function* create_routine;
  const char* driver_name;
  const EmbeddedFile* simulator_model_specification_file;
  int number_of_parameter_files;
  const EmbeddedFile* parameter_files;
  int number_of_metadata_files;
  const EmbeddedFile* metadata_files;
};
constexpr int kSchemaVersion = 2;

std::string library_of(const std::string& model, const std::string& where) {
  install_kim_log();
  const std::lock_guard<std::mutex> lock(kim_api_mutex());
  KimLogCapture capture;
  KIM::Collections* collections = nullptr;
  if (KIM::Collections::Create(&collections)) {
    throw std::runtime_error(where + ": cannot read the KIM collections: " + capture.reason());
  }
  const std::string* file = nullptr;
  const int error = collections->GetItemLibraryFileNameAndCollection(
      KIM::COLLECTION_ITEM_TYPE::portableModel, model, &file, nullptr);
  std::string path = error || file == nullptr ? std::string() : *file;
  KIM::Collections::Destroy(&collections);
  if (path.empty()) {
    throw std::runtime_error(where + ": not an installed portable model: " + capture.reason());
  }
  return path;
}

}  // namespace

std::vector<KimEmbeddedFile> kim_parameter_files(const std::string& model_name,
                                                 std::string_view driver_prefix,
                                                 std::string_view driver_label) {
  const std::string where = "kim:" + model_name;
  const std::string path = library_of(model_name, where);
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw std::runtime_error(where + ": cannot load " + path + ": " + (why ? why : "?"));
  }
  const std::unique_ptr<void, int (*)(void*)> closer(handle, dlclose);
  const auto* version = static_cast<const int*>(dlsym(handle, "kim_shared_library_schema_version"));
  const auto* schema =
      static_cast<const SharedLibrarySchemaV2*>(dlsym(handle, "kim_shared_library_schema"));
  if (version == nullptr || schema == nullptr) {
    throw std::runtime_error(where + ": " + path + " exports no KIM shared-library schema");
  }
  if (*version != kSchemaVersion) {
    throw std::runtime_error(where + ": KIM shared-library schema version " +
                             std::to_string(*version) + ", expected " +
                             std::to_string(kSchemaVersion));
  }
  // The item's own name must read back: the layout is the one we mirror.
  if (schema->item_type != KIM::COLLECTION_ITEM_TYPE::portableModel.collectionItemTypeID ||
      schema->item_name == nullptr || model_name != schema->item_name) {
    throw std::runtime_error(where + ": the library's schema does not describe this model");
  }
  const std::string_view driver = schema->driver_name ? schema->driver_name : "";
  if (driver.substr(0, driver_prefix.size()) != driver_prefix) {
    throw std::runtime_error(where + ": its driver is '" + std::string(driver) + "', not the " +
                             std::string(driver_label) + " driver");
  }
  if (schema->number_of_parameter_files < 0 ||
      (schema->number_of_parameter_files > 0 && schema->parameter_files == nullptr)) {
    throw std::runtime_error(where + ": the library's schema lists no parameter files");
  }
  std::vector<KimEmbeddedFile> files(static_cast<std::size_t>(schema->number_of_parameter_files));
  for (std::size_t k = 0; k < files.size(); ++k) {
    const EmbeddedFile& e = schema->parameter_files[k];
    files[k].name = where + "/" + (e.file_name ? e.file_name : "?");
    files[k].text.assign(reinterpret_cast<const char*>(e.file_pointer), e.file_length);
  }
  return files;
}

}  // namespace mdb
