#include "util/bytes.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <set>
#include <string>
#include <sys/mman.h>

TEST_CASE("same_bytes: every length up to 40, a difference at every position, in every byte value") {
  for (size_t n = 0; n <= 40; ++n) {
    std::string a(n, 'x');
    for (size_t i = 0; i < n; ++i) {
      a[i] = static_cast<char>('a' + i % 26);
    }
    std::string b = a;
    CAPTURE(n);
    CHECK(util::same_bytes(a.data(), b.data(), n));
    CHECK(util::same_text(a, b));
    for (size_t at = 0; at < n; ++at) {
      for (int delta : {1, 0x80, 0xff}) {
        b[at] = static_cast<char>(a[at] + delta);
        CAPTURE(at);
        CHECK_FALSE(util::same_bytes(a.data(), b.data(), n));
        CHECK_FALSE(util::same_text(a, b));
        b[at] = a[at];
      }
    }
  }
  CHECK_FALSE(util::same_text("abc", "abcd"));
  CHECK(util::same_text("", ""));
}

TEST_CASE("hash_mix: texts that differ by a byte or by a split between parts hash apart") {
  std::set<uint64_t> seen;
  size_t texts = 0;
  for (size_t n = 0; n <= 24; ++n) {
    for (size_t at = 0; at < std::max<size_t>(n, 1); ++at) {
      std::string t(n, 'q');
      if (n > 0) {
        t[at] = 'z';
      }
      seen.insert(util::hash_mix(0, t));
      ++texts;
    }
  }
  CHECK(seen.size() == texts); // all distinct
  // The same bytes split differently between two parts.
  CHECK(util::hash_mix(util::hash_mix(0, "ab"), "c") != util::hash_mix(util::hash_mix(0, "a"), "bc"));
  CHECK(util::hash_mix(util::hash_mix(0, "abc"), "") != util::hash_mix(util::hash_mix(0, ""), "abc"));
  CHECK(util::hash_mix(7, "same") == util::hash_mix(7, std::string("same")));
}

TEST_CASE("json_plain: every length up to 40, every byte value at every position, as the byte-by-byte rule") {
  auto plain_byte = [](unsigned char u) { return u >= 0x20 && u < 0x80 && u != '"' && u != '\\'; };
  size_t checked = 0;
  for (size_t n = 1; n <= 40; ++n) {
    for (size_t at = 0; at < n; ++at) {
      for (int b = 0; b < 256; ++b) {
        std::string text(n, 'a');
        text[at] = static_cast<char>(b);
        CHECK_MESSAGE(util::json_plain(text) == plain_byte(static_cast<unsigned char>(b)),
                      "length " << n << " at " << at << " byte " << b);
        ++checked;
      }
    }
  }
  CHECK(checked == 256 * 820);
  CHECK(util::json_plain(""));
}

TEST_CASE("json_plain: the bytes after a text are not counted, and a text that ends a page reads no further") {
  // Two pages, the second inaccessible: a read past the first faults.
  const size_t page = 4096;
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(map != MAP_FAILED);
  REQUIRE(mprotect(static_cast<char*>(map) + page, page, PROT_NONE) == 0);
  char* first = static_cast<char*>(map);
  std::memset(first, '"', page); // every byte around the texts is one a JSON string escapes
  auto plain_byte = [](unsigned char u) { return u >= 0x20 && u < 0x80 && u != '"' && u != '\\'; };
  size_t checked = 0;
  for (size_t n = 1; n <= 40; ++n) {
    // At the page's end, and where the sixteen bytes from the start stay within it.
    for (char* at : {first + page - n, first + 64}) {
      for (size_t i = 0; i < n; ++i) {
        for (int b = 0; b < 256; ++b) {
          std::memset(at, 'a', n);
          at[i] = static_cast<char>(b);
          CHECK_MESSAGE(util::json_plain(std::string_view(at, n)) == plain_byte(static_cast<unsigned char>(b)),
                        "length " << n << " at offset " << (at - first) << " byte " << i << " = " << b);
          ++checked;
        }
      }
      std::memset(at, '"', n);
    }
  }
  CHECK(checked == 2 * 256 * 820);
  munmap(map, 2 * page);
}
