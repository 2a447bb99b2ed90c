#include "compare/history/open_store.hpp"

#if defined(MDB_HAVE_SQLITE)
#include "compare/history/sqlite/sqlite_connection.hpp"
#endif
#if defined(MDB_HAVE_POSTGRES)
#include "compare/history/postgres/pg_connection.hpp"
#endif

namespace mdb::history {

bool is_postgres_location(const std::string& where) {
  for (const char* prefix : {"postgresql://", "postgres://", "host=", "dbname="}) {
    if (where.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

bool sqlite_available() {
#if defined(MDB_HAVE_SQLITE)
  return true;
#else
  return false;
#endif
}

bool postgres_available() {
#if defined(MDB_HAVE_POSTGRES)
  return true;
#else
  return false;
#endif
}

std::unique_ptr<Store> open_store(const std::string& where, [[maybe_unused]] Store::Open mode) {
  if (is_postgres_location(where)) {
#if defined(MDB_HAVE_POSTGRES)
    return std::make_unique<Store>(open_postgres(where), mode);
#else
    throw StoreError("this history was built without PostgreSQL (install libpq-dev and rebuild)");
#endif
  }
#if defined(MDB_HAVE_SQLITE)
  return std::make_unique<Store>(open_sqlite(where, mode == Store::Open::kCreate), mode);
#else
  throw StoreError("this history was built without SQLite (install libsqlite3-dev and rebuild)");
#endif
}

}  // namespace mdb::history
