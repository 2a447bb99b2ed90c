#pragma once
// The one interface the store speaks SQL through. Each database API (SQLite, libpq) implements
// it in its own target and nothing else includes that API's headers. Statements use $1, $2, ...
// for parameters, which both SQLite and PostgreSQL read.
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace mdb::history {

/// A store that cannot be opened, read or written; the message is one line in the user's terms.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A run whose content is already stored.
class DuplicateRunError : public StoreError {
 public:
  using StoreError::StoreError;
};

/// NULL, an integer, a double (NaN is stored as NULL: SQLite has no NaN) or text.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string>;

/// One result row; cells by column index.
class SqlRow {
 public:
  virtual ~SqlRow() = default;
  virtual bool is_null(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;
  /// NaN for NULL.
  virtual double real(int column) const = 0;
  /// "" for NULL.
  virtual std::string text(int column) const = 0;
};

class SqlConnection {
 public:
  virtual ~SqlConnection() = default;
  /// Runs one or more statements without parameters (DDL, BEGIN, COMMIT).
  virtual void exec(std::string_view sql) = 0;
  /// Runs one statement, calling `each` per result row.
  virtual void query(std::string_view sql, const std::vector<SqlValue>& params,
                     const std::function<void(const SqlRow&)>& each) = 0;
  /// Runs one statement once per parameter set (prepared once).
  virtual void execute_many(std::string_view sql,
                            const std::vector<std::vector<SqlValue>>& param_sets) = 0;
  /// Starts a transaction that holds the write lock from its first statement, so two writers
  /// queue instead of failing when both try to upgrade a read lock.
  virtual void begin_write() = 0;
  /// The column type of a generated integer key: the two dialects differ only there.
  virtual std::string id_column() const = 0;
  /// What to call the store in messages (a path, or a URL without its password).
  virtual std::string describe() const = 0;
  /// "sqlite" or "postgresql".
  virtual std::string dialect() const = 0;
};

/// Convenience for a single-row, single-column integer query; `fallback` when no row.
std::int64_t query_integer(SqlConnection& db, std::string_view sql,
                           const std::vector<SqlValue>& params, std::int64_t fallback);

inline SqlValue sql_real(double v) {
  return std::isnan(v) ? SqlValue{} : SqlValue{v};
}

}  // namespace mdb::history
