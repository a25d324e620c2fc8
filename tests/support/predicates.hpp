#pragma once

// Table-driven checks of a predicate: the examples it must hold for and the ones it must not,
// each failure naming its example.

#include <doctest/doctest.h>

#include <initializer_list>
#include <string_view>

namespace fixtures {

template <class Pred>
void check_predicate(Pred pred, std::initializer_list<std::string_view> holds, std::initializer_list<std::string_view> fails) {
  for (std::string_view s : holds) {
    INFO(s);
    CHECK(pred(s));
  }
  for (std::string_view s : fails) {
    INFO(s);
    CHECK_FALSE(pred(s));
  }
}

} // namespace fixtures
