#pragma once

#include "util/error.hpp"

namespace catalog {

// The error types are util's (util/error.hpp), so that generic helpers can throw them too;
// these names are kept for the code that speaks of catalogs.
using Error = util::Error;
using InvalidInput = util::InvalidInput;

// An unreadable, corrupt or incompatible catalog store. Exit code 2.
struct StorageError : Error {
  using Error::Error;
};

} // namespace catalog
