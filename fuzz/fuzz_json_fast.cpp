// The simdjson module against nlohmann, on any input: a document the module takes must be one
// nlohmann's strict parser takes too, with the same events in the same order (lib/json_fast's
// contract; the inventory reader relies on it for identical results with and without the module),
// a document read in place must read as one copied, and a walk with keys must leave out exactly
// the members without them (fixtures::kept_members).
// The module is the build's (librtcat-json.so next to this target's folder) unless
// RTCAT_JSON_MODULE names another.
#include "tests/support/json_events.hpp"
#include "util/json_fast.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

// nlohmann's events, written as fixtures::EventRecorder writes the module's.
struct SaxRecorder {
  using json = nlohmann::json;
  fixtures::EventLog log;
  bool null() { return add("z"); }
  bool boolean(bool) { return add("b"); }
  bool number_integer(json::number_integer_t) { return add("n"); }
  bool number_unsigned(json::number_unsigned_t) { return add("n"); }
  bool number_float(json::number_float_t, const std::string&) { return add("n"); }
  bool string(std::string& value) { return add("s:" + value); }
  bool binary(json::binary_t&) { return add("?"); }
  bool key(std::string& value) { return add("k:" + value); }
  bool start_object(std::size_t) { return add("{"); }
  bool end_object() { return add("}"); }
  bool start_array(std::size_t) { return add("["); }
  bool end_array() { return add("]"); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

private:
  bool add(const std::string& event) {
    log.add(event);
    return true;
  }
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("RTCAT_JSON_MODULE", RTCAT_FUZZ_JSON_MODULE, 0); // not overwritten when set
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  fixtures::EventRecorder fast;
  bool taken = util::json_fast::walk(text, fast);
  // Read in place, followed by bytes that would change its meaning if they were read as part of
  // it: the same answer and the same events as the copy.
  std::string slack = std::string(text) + std::string(util::json_fast::k_padding, '"');
  fixtures::EventRecorder in_place;
  if (util::json_fast::walk(std::string_view(slack.data(), size), in_place, slack.size()) != taken || in_place.out != fast.out) {
    __builtin_trap();
  }
  if (!taken) {
    return 0; // declined: the caller's parser reads it
  }
  SaxRecorder strict;
  if (!nlohmann::json::sax_parse(text.begin(), text.end(), &strict, nlohmann::json::input_format_t::json, true) ||
      strict.log.out != fast.out) {
    __builtin_trap(); // the module took what nlohmann refuses, or saw other events
  }
  // The keys of the corpus's records and of the inventory reader, and the empty key.
  static constexpr std::string_view keys[] = {"a", "k", "", "jobId", "runtimeVersion", "imageUri"};
  fixtures::EventRecorder kept;
  if (!util::json_fast::walk(text, kept, 0, keys) || kept.out != fixtures::kept_members(fast.events, keys)) {
    __builtin_trap();
  }
  return 0;
}
