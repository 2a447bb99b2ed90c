#include "bench/state_cache.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench/state_digest.hpp"
#include "compare/history/fnv1a.hpp"

namespace mdb::bench {
namespace {

namespace fs = std::filesystem;

constexpr char kMagic[] = "mdbench-state 1\n";
constexpr char kRecordMagic[] = "mdbench-record 1\n";

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Native byte order: an entry is only ever read by the binary that wrote it.
class Writer {
 public:
  explicit Writer(const char* magic = kMagic) : bytes_(magic) {}
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void put_string(const std::string& s) {
    put<std::uint64_t>(s.size());
    bytes_.append(s);
  }
  template <class T>
  void put_array(const T* data, std::size_t n) {
    put<std::uint64_t>(n);
    bytes_.append(reinterpret_cast<const char*>(data), n * sizeof(T));
  }
  std::string finish() {
    put<std::uint64_t>(fnv1a(bytes_.data(), bytes_.size()));
    return std::move(bytes_);
  }

 private:
  std::string bytes_;
};

// Every read is bounds-checked; a short or malformed entry sets ok() false and reads zeros.
class Reader {
 public:
  explicit Reader(const std::string& bytes, std::string_view magic = kMagic) : b_(bytes) {
    const std::size_t body = b_.size() >= sizeof(std::uint64_t) ? b_.size() - 8 : 0;
    std::uint64_t sum = 0;
    if (body >= magic.size()) std::memcpy(&sum, b_.data() + body, sizeof sum);
    ok_ = body >= magic.size() && b_.compare(0, magic.size(), magic) == 0 &&
          fnv1a(b_.data(), body) == sum;
    pos_ = magic.size();
    end_ = body;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == end_; }
  template <class T>
  T get() {
    T v{};
    if (!take(sizeof v)) return v;
    std::memcpy(&v, b_.data() + pos_ - sizeof v, sizeof v);
    return v;
  }
  std::string get_string() {
    const auto n = get<std::uint64_t>();
    if (!take(n)) return {};
    return b_.substr(pos_ - n, n);
  }
  template <class T>
  std::vector<T> get_array() {
    const auto n = get<std::uint64_t>();
    if (n > (end_ - pos_) / sizeof(T) || !take(n * sizeof(T))) {
      ok_ = false;
      return {};
    }
    std::vector<T> v(n);
    if (n > 0) std::memcpy(v.data(), b_.data() + pos_ - n * sizeof(T), n * sizeof(T));
    return v;
  }

 private:
  bool take(std::size_t n) {
    if (!ok_ || n > end_ - pos_) {
      ok_ = false;
      return false;
    }
    pos_ += n;
    return true;
  }
  const std::string& b_;
  std::size_t pos_ = 0, end_ = 0;
  bool ok_ = false;
};

std::string encode(const std::string& key, const System& s, double energy) {
  Writer w;
  w.put_string(key);
  w.put_string(std::string(s.units().name));
  w.put(s.box().lo());
  w.put(s.box().lengths());
  w.put<std::uint64_t>(s.species_table().size());
  for (const Species& sp : s.species_table()) {
    w.put_string(sp.name);
    w.put(sp.mass);
  }
  w.put_array(s.species().data(), s.size());
  for (auto a : {s.x(), s.y(), s.z(), s.vx(), s.vy(), s.vz(), s.fx(), s.fy(), s.fz()}) {
    w.put_array(a.data(), a.size());
  }
  const Topology& t = s.topology();
  w.put_array(t.charge.data(), t.charge.size());
  w.put_array(t.molecule.data(), t.molecule.size());
  w.put_array(t.bonds.data(), t.bonds.size());
  w.put_array(t.angles.data(), t.angles.size());
  w.put(energy);
  return w.finish();
}

std::optional<CachedState> decode(const std::string& bytes, const std::string& key,
                                  const UnitSystem& units) {
  Reader r(bytes);
  if (!r.ok() || r.get_string() != key || r.get_string() != units.name) return std::nullopt;
  const auto lo = r.get<std::array<double, 3>>();
  const auto len = r.get<std::array<double, 3>>();
  const auto n_species = r.get<std::uint64_t>();
  std::vector<Species> species;
  for (std::uint64_t k = 0; r.ok() && k < n_species; ++k) {
    std::string name = r.get_string();
    species.push_back({std::move(name), r.get<double>()});
  }
  const std::vector<int> type = r.get_array<int>();
  std::array<std::vector<double>, 9> arrays;
  for (auto& a : arrays) a = r.get_array<double>();
  Topology t;
  t.charge = r.get_array<double>();
  t.molecule = r.get_array<int>();
  t.bonds = r.get_array<Bond>();
  t.angles = r.get_array<Angle>();
  const auto energy = r.get<double>();
  if (!r.ok() || !r.at_end()) return std::nullopt;
  for (const auto& a : arrays) {
    if (a.size() != type.size()) return std::nullopt;
  }
  try {  // the System's own checks (species, box, topology) refuse anything inconsistent
    System s(Box(lo, len), units);
    for (Species& sp : species) s.add_species(std::move(sp.name), sp.mass);
    s.reserve(type.size());
    for (std::size_t i = 0; i < type.size(); ++i) {
      s.add_atom(type[i], arrays[0][i], arrays[1][i], arrays[2][i]);
    }
    const std::array<std::span<double>, 6> rest{s.vx(), s.vy(), s.vz(), s.fx(), s.fy(), s.fz()};
    for (std::size_t a = 0; a < rest.size(); ++a) {
      std::copy(arrays[a + 3].begin(), arrays[a + 3].end(), rest[a].begin());
    }
    if (!t.empty()) s.set_topology(std::move(t));
    return CachedState{std::move(s), energy};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return bytes;
}

}  // namespace

StateCache::StateCache(std::string root, std::string build_id) : root_(std::move(root)) {
  if (root_.empty() || build_id.empty()) return;
  dir_ = (fs::path(root_) / build_id).string();
}

std::string StateCache::path_of(const std::string& key, const char* suffix) const {
  return (fs::path(dir_) / (hex(fnv1a(key.data(), key.size())) + suffix)).string();
}

std::optional<CachedState> StateCache::load(const std::string& key, const UnitSystem& units) const {
  if (!enabled()) return std::nullopt;
  const auto bytes = read_file(path_of(key));
  if (!bytes) return std::nullopt;
  std::error_code ec;  // marks the build as in use for prune_other_builds; best effort
  fs::last_write_time(dir_, fs::file_time_type::clock::now(), ec);
  return decode(*bytes, key, units);
}

bool StateCache::store(const std::string& key, const System& system, double energy) const {
  if (!enabled()) return false;
  return write_entry(path_of(key), encode(key, system, energy));
}

std::optional<std::string> StateCache::load_record(const std::string& key) const {
  if (!enabled()) return std::nullopt;
  const auto bytes = read_file(path_of(key, ".record"));
  if (!bytes) return std::nullopt;
  Reader r(*bytes, kRecordMagic);
  if (!r.ok() || r.get_string() != key) return std::nullopt;
  std::string payload = r.get_string();
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return payload;
}

bool StateCache::store_record(const std::string& key, const std::string& bytes) const {
  if (!enabled()) return false;
  Writer w(kRecordMagic);
  w.put_string(key);
  w.put_string(bytes);
  return write_entry(path_of(key, ".record"), w.finish());
}

bool StateCache::write_entry(const std::string& path, const std::string& bytes) const {
  std::error_code ec;
  const bool new_build = !fs::exists(dir_, ec);
  fs::create_directories(dir_, ec);
  if (ec) return false;
  // Unique per writer, so two processes storing the same entry never share a temporary file.
  const std::string tmp = path + ".tmp" + hex(std::random_device{}()) + hex(std::random_device{}());
  bool ok = false;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    ok = static_cast<bool>(out);
  }
  if (ok) fs::rename(tmp, path, ec);
  if (!ok || ec) {
    fs::remove(tmp, ec);
    return false;
  }
  if (new_build) prune_other_builds();
  return true;
}

void StateCache::prune_other_builds() const {
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> builds;
  for (const auto& e : fs::directory_iterator(root_, ec)) {
    if (e.is_directory(ec) && e.path() != fs::path(dir_)) {
      builds.emplace_back(e.last_write_time(ec), e.path());
    }
  }
  if (builds.size() < static_cast<std::size_t>(kKeptBuilds)) return;
  std::sort(builds.begin(), builds.end(), [](const auto& a, const auto& b) {
    return a.first > b.first;  // newest first
  });
  for (std::size_t k = kKeptBuilds - 1; k < builds.size(); ++k)
    fs::remove_all(builds[k].second, ec);
}

std::string default_state_cache_root() {
  auto from = [](const char* var, const char* tail) -> std::string {
    const char* v = std::getenv(var);
    if (v == nullptr || *v == '\0') return {};
    return (fs::path(v) / tail).string();
  };
  std::string root = from("XDG_CACHE_HOME", "mdbench/states");
  if (root.empty()) root = from("HOME", ".cache/mdbench/states");
  return root;
}

namespace {
std::unique_ptr<StateCache>& process_cache() {
  static std::unique_ptr<StateCache> cache = std::make_unique<StateCache>("", "");
  return cache;
}
}  // namespace

void set_state_cache_root(const std::string& root) {
  const bool off = root.empty() || root == "off";
  process_cache() =
      std::make_unique<StateCache>(off ? "" : root, off ? std::string() : state_digest());
}

const StateCache& state_cache() {
  return *process_cache();
}

}  // namespace mdb::bench
