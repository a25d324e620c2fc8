#pragma once

#include <string>
#include <vector>

namespace fixtures {

// The ids of the entries `rows` point to (each row has an `entry`: an EntryView, a Candidate...),
// in order.
template <class Rows> std::vector<std::string> ids(const Rows& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) {
    out.push_back(r.entry->id);
  }
  return out;
}

} // namespace fixtures
