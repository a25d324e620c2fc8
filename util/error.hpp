#pragma once

#include <stdexcept>

namespace util {

// Base of every failure rtcat reports to the user. Findings (an expired runtime, an
// incompatible Python) are results, not errors.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Malformed or unreadable input: a bad flag value, date, version or file. Exit code 2.
struct InvalidInput : Error {
  using Error::Error;
};

} // namespace util
