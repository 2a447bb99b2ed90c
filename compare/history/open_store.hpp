#pragma once
// Picks the adapter by what the user typed. Built with whichever adapters CMake found.
#include <memory>
#include <string>

#include "compare/history/store.hpp"

namespace mdb::history {

/// A postgresql:// or postgres:// URL (or a "key=value" libpq string starting with "host="/
/// "dbname="), else an SQLite file path. Throws StoreError when this build lacks that kind.
std::unique_ptr<Store> open_store(const std::string& where, Store::Open mode);

bool is_postgres_location(const std::string& where);
bool sqlite_available();
bool postgres_available();

}  // namespace mdb::history
