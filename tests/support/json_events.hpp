#pragma once

// A json_fast::Events handler that writes the events as text ("{ k:a s:x n [ b z ] }"), for the
// unit tests and the fuzz target of lib/json_fast: two event streams are the same when their
// texts are.

#include "lib/json_fast.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace fixtures {

// Appends one event to a text of events.
inline void append_event(std::string& out, const std::string& event) {
  out += (out.empty() ? "" : " ") + event;
}

class EventRecorder final : public lib::json_fast::Events {
public:
  std::string out;
  size_t stop_after = static_cast<size_t>(-1); // events before one returns false

  bool null() override { return add("z"); }
  bool boolean() override { return add("b"); }
  bool number() override { return add("n"); }
  bool string(std::string_view value) override { return add("s:" + std::string(value)); }
  bool key(std::string_view value) override { return add("k:" + std::string(value)); }
  bool start_object() override { return add("{"); }
  bool end_object() override { return add("}"); }
  bool start_array() override { return add("["); }
  bool end_array() override { return add("]"); }

private:
  size_t m_events = 0;
  bool add(const std::string& event) {
    append_event(out, event);
    return ++m_events <= stop_after;
  }
};

} // namespace fixtures
