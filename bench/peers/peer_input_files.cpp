#include "bench/peers/peer_input_files.hpp"

#include <fstream>
#include <stdexcept>
#include <system_error>

namespace mdb::bench {

void make_input_folder(const std::filesystem::path& folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw std::runtime_error(folder.string() + ": cannot create (" + ec.message() + ")");
}

void write_input_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out.flush()) throw std::runtime_error(path.string() + ": cannot write");
}

}  // namespace mdb::bench
