#include "catalog/error.hpp"
#include "lib/core/service.hpp"

#include <doctest/doctest.h>

#include <string>

TEST_CASE("service names: each parses back to its service, and --service accepts exactly them") {
  CHECK(lib::service_names() == std::vector<std::string>{"training", "prediction"});
  for (lib::Service s : {lib::Service::training, lib::Service::prediction}) {
    CHECK(lib::parse_service(lib::service_name(s)) == s);
    CHECK(lib::find_service(lib::service_name(s)) == s);
  }
  CHECK_FALSE(lib::find_service("serving"));
  CHECK_FALSE(lib::find_service(""));
  CHECK_FALSE(lib::find_service("Training"));
}

TEST_CASE("parse_service: an unknown name is an input error naming the valid ones") {
  CHECK_THROWS_AS(lib::parse_service("serving"), catalog::InvalidInput);
  try {
    lib::parse_service("trainig");
    FAIL("no throw");
  } catch (const catalog::InvalidInput& e) {
    CHECK(std::string(e.what()).starts_with("invalid service 'trainig' "));
    CHECK(std::string(e.what()).find("training") != std::string::npos);
  }
}
