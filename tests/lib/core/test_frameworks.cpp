#include "lib/core/frameworks.hpp"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

TEST_CASE("framework keys: aliases and PEP 503 names, the same however often and in whatever order asked") {
  const std::vector<std::pair<std::string, std::string>> names = {{"TensorFlow", "tensorflow"},
                                                                  {"TENSORFLOW", "tensorflow"},
                                                                  {"tf", "tensorflow"},
                                                                  {"tensorflow-gpu", "tensorflow"},

                                                                  {"PyTorch", "torch"},
                                                                  {"pytorch_xla", "torch"},
                                                                  {"SCIKIT_LEARN", "scikit-learn"},
                                                                  {"sklearn", "scikit-learn"},
                                                                  {"Scikit", "scikit-learn"},
                                                                  {"XGBoost", "xgboost"},
                                                                  {"xgb", "xgboost"},
                                                                  {"Ray", "ray"},
                                                                  {"Some.Other_Package", "some-other-package"},
                                                                  {"", ""},
                                                                  {"._-", ""}};
  // Several rounds, forwards and backwards: each name comes back after more distinct names than
  // the keys kept (framework_key keeps the last few), and right after itself.
  for (int round = 0; round < 3; ++round) {
    for (size_t i = 0; i < names.size(); ++i) {
      // Named copies, not structured bindings: doctest's macros capture them in lambdas.
      const std::string name = names[round % 2 == 0 ? i : names.size() - 1 - i].first;
      const std::string key = names[round % 2 == 0 ? i : names.size() - 1 - i].second;
      CAPTURE(name);
      CHECK(lib::framework_key(name) == key);
      CHECK(lib::framework_key(std::string(name)) == key); // the same text elsewhere
    }
  }
}
