#include "history_fixtures.hpp"

#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdio>

#if defined(MDB_HAVE_POSTGRES)
#include "compare/history/postgres/pg_connection.hpp"
#endif

namespace mdb::history::testing {

StoreLocation fresh_store(const std::string& backend, const std::string& tag) {
  static std::atomic<int> counter{0};
  // A file name and a PostgreSQL identifier: lower-case letters, digits and underscores.
  std::string unique;
  for (const char c : tag)
    unique +=
        std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
  unique += '_';
  unique += std::to_string(::getpid());
  unique += '_';
  unique += std::to_string(counter++);
  if (backend == "sqlite") {
    if (!sqlite_available()) return {"", "built without SQLite (libsqlite3-dev)"};
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "mdb_history";
    std::filesystem::create_directories(dir);
    const auto path = dir / (unique + ".sqlite");
    for (const char* suffix : {"", "-wal", "-shm"}) {
      std::filesystem::remove(path.string() + suffix);
    }
    return {path.string(), ""};
  }
  if (!postgres_available()) return {"", "built without PostgreSQL (libpq-dev)"};
  const char* url = std::getenv("MDB_TEST_PG_URL");
  if (url == nullptr || *url == '\0') {
    return {"", "no PostgreSQL server: MDB_TEST_PG_URL is set by tests/history/with_postgres.sh"};
  }
#if defined(MDB_HAVE_POSTGRES)
  // A schema per store keeps tests apart in one database; libpq's options set search_path.
  const std::string base = url;
  const std::string schema = "t_" + unique;
  open_postgres(base)->exec("CREATE SCHEMA " + schema);
  return {base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
              schema,
          ""};
#else
  return {"", "built without PostgreSQL"};
#endif
}

RunRecord synthetic_run(const std::string& key, int rows, int metrics, int reps, double salt,
                        const std::string& machine) {
  RunRecord r;
  r.key = key;
  r.commit = "commit-" + key;
  r.time = "2026-01-01T00:00:00Z";
  r.machine = machine;
  r.source = "gbench";
  r.context = {{"synthetic", key}};
  for (int i = 0; i < rows; ++i) {
    RowRecord row;
    row.name = "Row/" + std::to_string(i);
    row.time_unit = "ns";
    for (int m = 0; m < metrics; ++m) {
      MetricValues mv{
          m == 0 ? std::string("real_time") : std::string("metric_").append(std::to_string(m)), {}};
      for (int k = 0; k < reps; ++k) mv.values.push_back(salt + i + 0.01 * m + 0.001 * k);
      row.metrics.push_back(std::move(mv));
    }
    r.rows.push_back(std::move(row));
  }
  return r;
}

RunRecord point_run(const std::string& benchmark, double value, int index,
                    const std::string& machine) {
  RunRecord r;
  char time[32];
  std::snprintf(time, sizeof time, "2026-01-01T00:00:00.%06dZ", index);
  r.key = machine + "/" + benchmark + "/" + std::to_string(index);
  r.commit = std::string("c").append(std::to_string(index));
  r.time = time;
  r.machine = machine;
  r.source = "gbench";
  r.context = nlohmann::json::object();
  RowRecord row;
  row.name = benchmark;
  row.time_unit = "ns";
  row.metrics.push_back({"real_time", {value}});
  r.rows.push_back(std::move(row));
  return r;
}

}  // namespace mdb::history::testing
