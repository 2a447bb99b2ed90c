// The TorchScript adapter reaches md_bench as a module opened on first use
// (model/torch/torch_module.hpp): a process starts without libtorch, loads it with the first
// TorchScript model, and a module that cannot load is one line naming the file.
#include <gtest/gtest.h>
#include <link.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#ifdef MDB_HAVE_TORCH
#include "model/torch/torch_module.hpp"
#endif

namespace {

#ifdef MDB_HAVE_TORCH
// Whether a shared object whose file name contains `part` is loaded in this process.
bool loaded(const char* part) {
  struct Query {
    const char* part;
    bool found = false;
  } q{part};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto* query = static_cast<Query*>(data);
        if (info->dlpi_name != nullptr && std::strstr(info->dlpi_name, query->part) != nullptr) {
          query->found = true;
        }
        return 0;
      },
      &q);
  return q.found;
}

TEST(TorchModule, LibtorchLoadsWithTheModuleNotWithTheProgram) {
  if (loaded(mdb::kTorchModuleFile)) {
    GTEST_SKIP() << "another test of this process opened the module (ctest runs each alone)";
  }
  // Were libtorch linked into the program again, it would be here before any model.
  EXPECT_FALSE(loaded("libtorch_cpu"));
  const mdb::TorchModuleApi& api = mdb::torch_module();
  EXPECT_EQ(api.version, mdb::kTorchModuleVersion);
  EXPECT_TRUE(loaded(mdb::kTorchModuleFile));
  EXPECT_TRUE(loaded("libtorch_cpu"));
}

void expect_one_line_error(const std::vector<std::string>& candidates, const std::string& part) {
  try {
    mdb::open_torch_module(candidates);
    ADD_FAILURE() << "opened " << candidates.front();
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(part), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(TorchModule, AModuleThatDoesNotOpenIsOneLineNamingEachFileTried) {
  expect_one_line_error({"/nonexistent/a/libmdb_torch.so", "/nonexistent/b/libmdb_torch.so"},
                        "/nonexistent/a/libmdb_torch.so: ");
  expect_one_line_error({"/nonexistent/a/libmdb_torch.so", "/nonexistent/b/libmdb_torch.so"},
                        "; /nonexistent/b/libmdb_torch.so: ");
  expect_one_line_error({}, "no file to try");
  try {  // a file named twice is tried once
    mdb::open_torch_module({"/nonexistent/a/libmdb_torch.so", "/nonexistent/a/libmdb_torch.so"});
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).find(';'), std::string::npos) << e.what();
  }
  // A shared object that loads but is no module of ours (the C library).
  expect_one_line_error({"libc.so.6"}, "libc.so.6 is not md_bench's TorchScript module");
}

// MDB_TORCH_MODULE names the one module tried (a module built against another libtorch): a
// missing one is the error, not a silent fallback to the build's own.
TEST(TorchModule, MdbTorchModuleNamesTheOnlyModuleTried) {
  if (loaded(mdb::kTorchModuleFile)) {
    GTEST_SKIP() << "another test of this process opened the module (ctest runs each alone)";
  }
  ASSERT_EQ(setenv("MDB_TORCH_MODULE", "/nonexistent/chosen/libmdb_torch.so", 1), 0);
  try {
    mdb::torch_module();
    ADD_FAILURE() << "opened a module MDB_TORCH_MODULE did not name";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("/nonexistent/chosen/libmdb_torch.so: "), std::string::npos) << what;
    EXPECT_EQ(what.find(';'), std::string::npos) << what;  // no other file tried
    EXPECT_NE(what.find("unset MDB_TORCH_MODULE"), std::string::npos) << what;
  }
  ASSERT_EQ(setenv("MDB_TORCH_MODULE", MDB_TORCH_MODULE, 1), 0);
  EXPECT_EQ(mdb::torch_module().layout, mdb::torch_module_layout());
  unsetenv("MDB_TORCH_MODULE");
}

// A module of another build is refused, and the next file is tried: one whose API version is
// not this build's, one whose types are laid out otherwise (torch_module_layout).
TEST(TorchModule, AnotherBuildsModuleIsRefusedAndTheNextFileTried) {
  const std::string version = MDB_STALE_TORCH_VERSION_MODULE;
  const std::string layout = MDB_STALE_TORCH_LAYOUT_MODULE;
  expect_one_line_error({version}, version + " is another build's TorchScript module (version " +
                                       std::to_string(mdb::kTorchModuleVersion + 1));
  expect_one_line_error({layout}, layout +
                                      " is another build's TorchScript module (other type "
                                      "layouts)");
  const mdb::TorchModuleApi& api = mdb::open_torch_module({version, layout, MDB_TORCH_MODULE});
  EXPECT_EQ(api.layout, mdb::torch_module_layout());
  EXPECT_NE(api.load, nullptr);
}
#else
TEST(TorchModule, SkippedWithoutLibtorch) {
  GTEST_SKIP() << "md_bench was built without libtorch";
}
#endif

}  // namespace
