#include "compare/history/sqlite/sqlite_connection.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <unordered_map>

namespace mdb::history {
namespace {

// Writers wait this long for another writer's transaction before giving up: a run's insert takes
// well under a second, so a minute means something is stuck.
constexpr int kBusyTimeoutMs = 60000;

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql, const std::string& where) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
        SQLITE_OK) {
      throw StoreError(where + ": " + sqlite3_errmsg(db));
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(const std::vector<SqlValue>& params, const std::string& where) {
    sqlite3_reset(stmt_);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int k = static_cast<int>(i) + 1;
      const SqlValue& v = params[i];
      int rc = SQLITE_OK;
      if (std::holds_alternative<std::monostate>(v)) {
        rc = sqlite3_bind_null(stmt_, k);
      } else if (const auto* n = std::get_if<std::int64_t>(&v)) {
        rc = sqlite3_bind_int64(stmt_, k, *n);
      } else if (const auto* d = std::get_if<double>(&v)) {
        rc = sqlite3_bind_double(stmt_, k, *d);
      } else {
        const auto& s = std::get<std::string>(v);
        rc = sqlite3_bind_text(stmt_, k, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
      }
      if (rc != SQLITE_OK) throw StoreError(where + ": " + sqlite3_errmsg(db_));
    }
  }
  /// True while there is a row.
  bool step(const std::string& where) {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(where + ": " + sqlite3_errmsg(db_));
  }
  sqlite3_stmt* get() const { return stmt_; }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class Row final : public SqlRow {
 public:
  explicit Row(sqlite3_stmt* s) : s_(s) {}
  bool is_null(int c) const override { return sqlite3_column_type(s_, c) == SQLITE_NULL; }
  std::int64_t integer(int c) const override { return sqlite3_column_int64(s_, c); }
  double real(int c) const override {
    return is_null(c) ? std::nan("") : sqlite3_column_double(s_, c);
  }
  std::string text(int c) const override {
    const auto* p = sqlite3_column_text(s_, c);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           static_cast<std::size_t>(sqlite3_column_bytes(s_, c)))
             : std::string();
  }

 private:
  sqlite3_stmt* s_;
};

class SqliteConnection final : public SqlConnection {
 public:
  SqliteConnection(const std::string& path, bool create) : path_(path) {
    const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError(path + ": cannot open (" + why + ")");
    }
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    // SQLite reads the header lazily: the first statement is where a foreign file shows.
    try {
      exec("PRAGMA foreign_keys = ON");
      query("PRAGMA schema_version", {}, [](const SqlRow&) {});
      // WAL: readers never block the writer, and a killed writer's transaction is simply not
      // in the log. NORMAL syncing keeps every committed run through a process crash.
      query("PRAGMA journal_mode = WAL", {}, [](const SqlRow&) {});
      exec("PRAGMA synchronous = NORMAL");
    } catch (const StoreError& e) {
      cache_.clear();
      sqlite3_close(db_);
      db_ = nullptr;
      const std::string what = e.what();
      if (what.find("not a database") != std::string::npos) {
        throw StoreError(path + ": not an SQLite database (nor an mdbench history store)");
      }
      throw;
    }
  }
  ~SqliteConnection() override {
    cache_.clear();  // finalize every statement before closing
    sqlite3_close(db_);
  }

  void exec(std::string_view sql) override {
    char* err = nullptr;
    if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      const std::string why = err ? err : sqlite3_errmsg(db_);
      sqlite3_free(err);
      throw StoreError(path_ + ": " + why);
    }
  }
  void query(std::string_view sql, const std::vector<SqlValue>& params,
             const std::function<void(const SqlRow&)>& each) override {
    Statement& st = prepared(sql);
    Done done(st);
    st.bind(params, path_);
    Row row(st.get());
    while (st.step(path_)) each(row);
  }
  void execute_many(std::string_view sql,
                    const std::vector<std::vector<SqlValue>>& param_sets) override {
    Statement& st = prepared(sql);
    Done done(st);
    for (const auto& params : param_sets) {
      st.bind(params, path_);
      while (st.step(path_)) {
      }
    }
  }
  void begin_write() override { exec("BEGIN IMMEDIATE"); }
  std::string id_column() const override { return "INTEGER PRIMARY KEY"; }
  std::string describe() const override { return path_; }
  std::string dialect() const override { return "sqlite"; }

 private:
  // Resets a statement when its use ends, however it ends: a statement left mid-step would keep
  // its read transaction open.
  struct Done {
    explicit Done(Statement& s) : st(s) {}
    ~Done() { sqlite3_reset(st.get()); }
    Done(const Done&) = delete;
    Done& operator=(const Done&) = delete;
    Statement& st;
  };
  // Statements are prepared once per connection: adding a run repeats the same few hundreds of
  // times.
  Statement& prepared(std::string_view sql) {
    auto it = cache_.find(std::string(sql));
    if (it == cache_.end()) {
      it = cache_.emplace(std::string(sql), std::make_unique<Statement>(db_, sql, path_)).first;
    }
    return *it->second;
  }

  std::string path_;
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

}  // namespace

std::unique_ptr<SqlConnection> open_sqlite(const std::string& path, bool create) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) {
    if (!create) throw StoreError(path + ": no history store there");
  } else if (!std::filesystem::is_regular_file(status)) {
    throw StoreError(path + ": not a file");
  }
  return std::make_unique<SqliteConnection>(path, create);
}

}  // namespace mdb::history
