#include "tests/support/json_events.hpp"
#include "util/json_fast.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

// Whether the simdjson module is loaded: ctest runs these tests with RTCAT_JSON_MODULE naming
// the build's module, and again with RTCAT_JSON_MODULE=none (walk() then declines everything).
bool with_module() {
  return !util::json_fast::module_path().empty();
}

using Recorder = fixtures::EventRecorder;

} // namespace

TEST_CASE("json_fast: the module is the one RTCAT_JSON_MODULE names, and none with none") {
  const char* chosen = std::getenv("RTCAT_JSON_MODULE");
  std::string env = chosen ? chosen : "";
  Recorder r;
  bool walked = util::json_fast::walk("{}", r);
  if (env == "none") {
    CHECK(util::json_fast::module_path().empty());
    CHECK_FALSE(walked);
    CHECK(r.out.empty());
  } else if (!env.empty()) {
    CHECK(util::json_fast::module_path() == env);
    CHECK(walked);
    CHECK(r.out == "{ }");
  }
  CHECK(walked == with_module());
}

TEST_CASE("json_fast: a document's events in document order, duplicate keys and escapes included") {
  if (!with_module()) {
    return; // no module: the walk declines (test above)
  }
  Recorder r;
  CHECK(util::json_fast::walk(R"( {"a":"x\u00e9\n","b":[1,-2.5e3,true,null,{}],"a":"y"} )", r));
  CHECK(r.out == "{ k:a s:x\xc3\xa9\n k:b [ n n b z { } ] k:a s:y }");
  Recorder scalar;
  CHECK(util::json_fast::walk("\"top\"\r\n", scalar));
  CHECK(scalar.out == "s:top");
}

TEST_CASE("json_fast: an event that returns false stops the walk") {
  if (!with_module()) {
    return;
  }
  Recorder r;
  r.stop_after = 2;
  CHECK_FALSE(util::json_fast::walk(R"({"a":1,"b":2})", r));
  CHECK(r.out == "{ k:a n");
}

TEST_CASE("json_fast: whatever nlohmann rejects, the fast reader declines (the caller's parser then reports it)") {
  // Strictness is the contract: a text the fast reader takes must be one nlohmann's strict parser
  // takes too, or a malformed record would pass unreported. Valid texts it declines are fine.
  const std::vector<std::string> texts = {"",
                                          " ",
                                          "{",
                                          "}",
                                          "{\"a\":1,}",
                                          "[1,]",
                                          "{\"a\" 1}",
                                          "{'a':1}",
                                          "{\"a\":01}",
                                          "{\"a\":-}",
                                          "{\"a\":1.}",
                                          "{\"a\":.5}",
                                          "{\"a\":1e}",
                                          "{\"a\":+1}",
                                          "{\"a\":NaN}",
                                          "{\"a\":Infinity}",
                                          "{\"a\":tru}",
                                          "{\"a\":nul}",
                                          "{\"a\":\"\x01\"}",
                                          "{\"a\":\"tab\tin\"}",
                                          "{\"a\":\"\\x\"}",
                                          "{\"a\":\"\\ud800\"}",
                                          "{\"a\":\"\\udc00\"}",
                                          "{\"a\":\"\\ud800\\u0041\"}",
                                          "{\"a\":\"\\u12\"}",
                                          "{\"a\":\"\xff\"}",
                                          "{\"a\":\"\xc3\"}",
                                          "{\"a\":\"\xed\xa0\x80\"}",
                                          "{\"a\":1} {\"b\":2}",
                                          "{\"a\":1}x",
                                          "{\"a\":1}\x0b",
                                          "\xef\xbb\xbf{\"a\":1}",
                                          "{\"a\":1e400}",
                                          "{\"a\":123456789012345678901234567890}",
                                          "{\"a\":-9223372036854775809}",
                                          "{\"a\":18446744073709551615}",
                                          "{\"a\":/*c*/1}",
                                          "[" + std::string(2000, '[') + std::string(2000, ']') + "]",
                                          "{\"a\":\"\\ud83d\\ude00\"}",
                                          "{\"a\":[1,2,{\"b\":null}]}",
                                          "\"\\u0000\"",
                                          "{\"\":\"\"}",
                                          "{\"a\":1}\n\n\t "};
  for (const std::string& text : texts) {
    Recorder r;
    bool fast = util::json_fast::walk(text, r);
    bool strict = nlohmann::json::accept(text);
    INFO("text: ", text);
    CHECK((!fast || strict));
  }
}

TEST_CASE("json_fast: a document over the size limit is left to the caller") {
  std::string big = "{\"a\":\"" + std::string(util::json_fast::k_max_document, 'x') + "\"}";
  Recorder r;
  CHECK_FALSE(util::json_fast::walk(big, r));
  CHECK(r.out.empty());
}

TEST_CASE("json_fast: a document read in place (readable bytes after it) reads as one copied, whatever follows it") {
  if (!with_module()) {
    return; // no module: the walk declines (test above)
  }
  // Each document, then bytes that would change its meaning if they were read as part of it.
  const char* documents[] = {R"({"a":"x\u00e9","b":[1,2.5e3,true,null]})",
                             R"("top")",
                             "12",
                             R"({"s":"ends here"})",
                             R"({"a":1)",
                             R"({"a":"unterminated)",
                             "[1,2"};
  const std::string tails[] = {std::string(util::json_fast::k_padding, '"'), std::string(util::json_fast::k_padding, ']'),
                               R"(,"c":3} {"d":"e"}, 99999999999999999999999)" + std::string(util::json_fast::k_padding, ' '),
                               std::string(util::json_fast::k_padding, '\\'), std::string(util::json_fast::k_padding, '\0')};
  for (const char* doc : documents) {
    for (const std::string& tail : tails) {
      std::string buffer = std::string(doc) + tail;
      std::string_view text(buffer.data(), std::string_view(doc).size());
      CAPTURE(std::string(doc));
      Recorder copied;
      bool copied_ok = util::json_fast::walk(text, copied);
      Recorder in_place;
      bool in_place_ok = util::json_fast::walk(text, in_place, buffer.size());
      CHECK(in_place_ok == copied_ok);
      CHECK(in_place.out == copied.out);
      Recorder short_slack; // fewer readable bytes than the padding: copied, the same again
      CHECK(util::json_fast::walk(text, short_slack, text.size() + util::json_fast::k_padding - 1) == copied_ok);
      CHECK(short_slack.out == copied.out);
    }
  }
}

TEST_CASE("json_fast: with keys, a member that has none of them, at any depth, is left out; array elements never are") {
  if (!with_module()) {
    return;
  }
  static constexpr std::string_view keys[] = {"a", "id"};
  const std::string doc = R"({"a":1,"x":2,"b":{"c":3},"d":{"y":{"id":"k","z":[1]},"w":0},"e":[1,{"q":4},"a"],"f":[],)"
                          R"("g":{"a":{"deep":true}},"h":"a","":{"":{"id":null}}})";
  Recorder r;
  CHECK(util::json_fast::walk(doc, r, 0, keys));
  // "x", "b", "f", "h" (a string value "a" is no key) and "e" go; "d" stays for the "id" within,
  // but its "w" and its "y"'s "z" go; "g" stays for its "a", whose "deep" goes (a kept member's
  // value is filtered too); the empty keys stay for the "id" within.
  CHECK(r.out == "{ k:a n k:d { k:y { k:id s:k } } k:g { k:a { } } k: { k: { k:id z } } }");
  Recorder scalar;
  CHECK(util::json_fast::walk("[{\"x\":1},2]", scalar, 0, keys));
  CHECK(scalar.out == "[ { } n ]");
}

TEST_CASE("json_fast: keys leave out exactly the members without them, over a grid of documents and key sets") {
  if (!with_module()) {
    return;
  }
  const std::vector<std::string> documents = {
      R"({})",
      R"([])",
      R"("a")",
      R"({"a":"a"})",
      R"({"b":"a"})",
      R"({"a":{"a":{"a":1}},"b":{"b":{"b":2}}})",
      R"({"b":[{"b":1},{"a":2},[[{"c":{"a":null}}]]],"c":1.5e3})",
      R"([{"b":1},{"a":[{"b":{}}]},"a",true])",
      R"({"a":1,"a":2,"b":3,"b":{"a":4}})",
      R"({"":1,"id":{"":2},"imageUri":"x","containerSpec":{"imageUri":"y","args":["--a"]}})",
      R"({"jobId":"j","trainingInput":{"args":["x"],"runtimeVersion":"2.1","masterConfig":{"imageUri":"i"}},"etag":"e"})"};
  static constexpr std::string_view none[] = {"never"};
  static constexpr std::string_view one[] = {"a"};
  static constexpr std::string_view two[] = {"b", "a"};
  static constexpr std::string_view empty_key[] = {""};
  static constexpr std::string_view inventory[] = {"jobId", "runtimeVersion", "imageUri", "containerSpec", "id"};
  const std::vector<std::span<const std::string_view>> key_sets = {none, one, two, empty_key, inventory};
  for (const std::string& doc : documents) {
    Recorder all;
    REQUIRE(util::json_fast::walk(doc, all));
    for (auto keys : key_sets) {
      CAPTURE(doc);
      CAPTURE(keys.front());
      Recorder kept;
      CHECK(util::json_fast::walk(doc, kept, 0, keys));
      CHECK(kept.out == fixtures::kept_members(all.events, keys));
      Recorder again; // without keys after a walk with them: every member again
      CHECK(util::json_fast::walk(doc, again));
      CHECK(again.out == all.out);
    }
  }
}
