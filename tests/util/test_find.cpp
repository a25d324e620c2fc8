#include "util/find.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

// A text of `n` bytes over a small alphabet, so that a needle's bytes (and near misses) occur
// often; deterministic.
std::string text_of(size_t n, uint32_t seed, std::string_view alphabet) {
  std::string out(n, ' ');
  for (auto& c : out) {
    seed = seed * 1664525u + 1013904223u;
    c = alphabet[(seed >> 24) % alphabet.size()];
  }
  return out;
}

} // namespace

TEST_CASE("Finder: the same as std::string_view::find, for every start, across the 16- and 32-byte blocks") {
  const std::vector<std::string> needles = {"e",
                                            "ab",
                                            "ersion",
                                            "gcloud",
                                            "image_uri",
                                            "--runtime-version",
                                            "rtcat: ignore[",
                                            "aaaa",
                                            "Va",
                                            "\"\"\"",
                                            std::string(40, 'a')};
  for (const auto& needle : needles) {
    const util::Finder finder(needle);
    CAPTURE(needle);
    for (size_t n : {0, 1, 5, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 100, 131, 257}) {
      for (uint32_t seed = 1; seed <= 3; ++seed) {
        // An alphabet of the needle's own bytes, and a few others, plants whole and partial hits.
        std::string text = text_of(n, seed * 7919 + static_cast<uint32_t>(n), needle + "xV_-\n");
        if (n >= needle.size() + 3 && seed == 2) {
          text.replace(n - needle.size(), needle.size(), needle); // a hit at the very end
        }
        CAPTURE(n);
        CAPTURE(seed);
        for (size_t from = 0; from <= n + 1; ++from) {
          CAPTURE(from);
          REQUIRE(finder.find(text, from) == std::string_view(text).find(needle, from));
        }
        CHECK(util::contains(text, needle) == (text.find(needle) != std::string::npos));
      }
    }
  }
}

TEST_CASE("Finder: in source text, each occurrence in turn; nothing past the end") {
  const std::string text = "runtimeVersion: '2.1'\npythonVersion: '3.7'\n# version 2 of the runtime_version\n";
  const util::Finder finder("ersion");
  std::vector<size_t> at;
  for (size_t p = 0; (p = finder.find(text, p)) != std::string_view::npos; p += 6) {
    at.push_back(p);
  }
  CHECK(at == std::vector<size_t>{8, 29, 46, 71});
  CHECK(finder.find(text, text.size()) == std::string_view::npos);
  CHECK(finder.find(text, text.size() + 5) == std::string_view::npos);
  CHECK(finder.find("ersio") == std::string_view::npos);
  CHECK(util::Finder("").find("abc", 2) == 2);
}

TEST_CASE("json_string_run: up to the first quote, backslash or control character, in every position") {
  for (size_t n : {0, 1, 15, 16, 17, 31, 32, 33, 70}) {
    const std::string plain = text_of(n, 11 + static_cast<uint32_t>(n), "abc \x7f\xc3\xa9~/");
    CAPTURE(n);
    CHECK(util::json_string_run(plain) == n);
    for (size_t at = 0; at < n; ++at) {
      for (char stop : {'"', '\\', '\0', '\n', '\x1f'}) {
        std::string text = plain;
        text[at] = stop;
        CAPTURE(at);
        CAPTURE(static_cast<int>(stop));
        REQUIRE(util::json_string_run(text) == at);
      }
      std::string text = plain;
      text[at] = ' '; // 0x20 and above are plain
      CHECK(util::json_string_run(text) == n);
    }
  }
}
