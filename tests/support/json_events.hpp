#pragma once

// A json_fast::Events handler that writes the events as text ("{ k:a s:x n [ b z ] }"), for the
// unit tests and the fuzz target of lib/json_fast: two event streams are the same when their
// texts are. Also the reference of json_fast::walk's `keys`: which members a walk with them
// leaves out, worked out from all of a document's events.

#include "util/json_fast.hpp"

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fixtures {

// Events, each a token: "{", "}", "[", "]", "n" (number), "b", "z" (null), "s:TEXT", "k:TEXT";
// and their text, the tokens joined by spaces.
struct EventLog {
  std::string out;
  std::vector<std::string> events;

  void add(const std::string& event) {
    out += (out.empty() ? "" : " ") + event;
    events.push_back(event);
  }
};

// The module's events as an EventLog (out, events), stopping the walk after stop_after events.
class EventRecorder final : public util::json_fast::Events, public EventLog {
public:
  size_t stop_after = static_cast<size_t>(-1); // events before one returns false

  bool null() override { return record("z"); }
  bool boolean() override { return record("b"); }
  bool number() override { return record("n"); }
  bool string(std::string_view value) override { return record("s:" + std::string(value)); }
  bool key(std::string_view value) override { return record("k:" + std::string(value)); }
  bool start_object() override { return record("{"); }
  bool end_object() override { return record("}"); }
  bool start_array() override { return record("["); }
  bool end_array() override { return record("]"); }

private:
  bool record(const std::string& event) {
    add(event);
    return events.size() <= stop_after;
  }
};

namespace detail {

inline bool is_key(const std::string& event, std::span<const std::string_view> keys) {
  return event.rfind("k:", 0) == 0 && std::find(keys.begin(), keys.end(), std::string_view(event).substr(2)) != keys.end();
}

// The index past the value that starts at i.
inline size_t past_value(const std::vector<std::string>& all, size_t i) {
  if (all[i] != "{" && all[i] != "[") {
    return i + 1;
  }
  for (int depth = 0;; ++i) {
    depth += all[i] == "{" || all[i] == "[" ? 1 : all[i] == "}" || all[i] == "]" ? -1 : 0;
    if (depth == 0) {
      return i + 1;
    }
  }
}

// Copies the value at i to `out`, leaving out the members json_fast::walk's `keys` leave out;
// the index past it.
inline size_t keep_value(const std::vector<std::string>& all, size_t i, std::span<const std::string_view> keys,
                         std::vector<std::string>& out) {
  out.push_back(all[i]);
  if (all[i] == "[") {
    for (++i; all[i] != "]";) {
      i = keep_value(all, i, keys, out);
    }
    out.push_back(all[i]);
    return i + 1;
  }
  if (all[i] != "{") {
    return i + 1;
  }
  for (++i; all[i] != "}";) {
    size_t past = past_value(all, i + 1);
    bool kept = std::any_of(all.begin() + static_cast<std::ptrdiff_t>(i), all.begin() + static_cast<std::ptrdiff_t>(past),
                            [&](const std::string& e) { return is_key(e, keys); });
    if (kept) {
      out.push_back(all[i]);
      keep_value(all, i + 1, keys, out);
    }
    i = past;
  }
  out.push_back(all[i]);
  return i + 1;
}

} // namespace detail

// The text of the events a walk with `keys` reports, given all of a document's events (those of a
// walk without keys): an object member is left out when neither its key nor any key within its
// value is one of `keys`.
inline std::string kept_members(const std::vector<std::string>& all, std::span<const std::string_view> keys) {
  if (all.empty()) {
    return "";
  }
  std::vector<std::string> kept;
  detail::keep_value(all, 0, keys, kept);
  EventLog log;
  for (const std::string& e : kept) {
    log.add(e);
  }
  return log.out;
}

} // namespace fixtures
