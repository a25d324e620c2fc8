#pragma once

#include <stdexcept>
#include <string>

namespace catalog {

// Base of every failure rtcat reports to the user. Findings (an expired runtime, an
// incompatible Python) are results, not errors.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Malformed input: a bad flag value, date, version, specifier or catalog file. Exit code 2.
struct InvalidInput : Error {
  using Error::Error;
};

// An unreadable, corrupt or incompatible catalog store. Exit code 2.
struct StorageError : Error {
  using Error::Error;
};

} // namespace catalog
