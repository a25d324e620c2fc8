#include "util/fixed_text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <type_traits>

namespace {

struct Row {
  util::FixedText<8> name;
  int value;
};

// A table of them holds no pointer: its rows are plain bytes, and the texts are in them.
constexpr Row k_rows[] = {{"one", 1}, {"seven77", 7}, {"", 0}};
static_assert(std::is_trivially_copyable_v<Row>);
static_assert(k_rows[1].name.view() == "seven77"); // capacity 8: seven bytes and the NUL
static_assert(k_rows[1].name.size() == 7);
static_assert(k_rows[2].name.empty());

} // namespace

TEST_CASE("FixedText: a table's texts, read as views, C strings and compared") {
  CHECK(k_rows[0].name.view() == "one");
  CHECK(std::string(k_rows[0].name.c_str()) == "one");
  CHECK(k_rows[0].name == std::string_view("one"));
  CHECK_FALSE(k_rows[0].name == std::string_view("on"));
  CHECK(std::string("seven77") == k_rows[1].name.view());
  std::string_view as_view = k_rows[1].name; // converts where a view is wanted
  CHECK(as_view == "seven77");
  CHECK(k_rows[2].name.view().empty());
  CHECK(k_rows[2].name.c_str()[0] == '\0');
  // The text lies inside the row.
  const char* row = reinterpret_cast<const char*>(&k_rows[0]);
  CHECK(k_rows[0].name.c_str() >= row);
  CHECK(k_rows[0].name.c_str() < row + sizeof(Row));
}
