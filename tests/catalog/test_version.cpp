#include "catalog/error.hpp"
#include "catalog/version.hpp"

#include <doctest/doctest.h>

using catalog::Version;

TEST_CASE("versions compare numerically, never as strings") {
  CHECK(Version::parse("2.10") > Version::parse("2.9"));
  CHECK(Version::parse("3.10") > Version::parse("3.9"));
  CHECK(Version::parse("1.15") > Version::parse("1.2"));
  CHECK(Version::parse("2.1") == Version::parse("2.1.0"));
  CHECK(Version::parse("0.90") > Version::parse("0.82"));
}

TEST_CASE("version parsing is strict") {
  CHECK(Version::parse("2.11").str() == "2.11");
  CHECK(Version::parse("2.11").major() == 2);
  CHECK(Version::parse("2.11").minor() == 11);
  for (const char* bad : {"", "2.", ".2", "2..1", "2.x", "v2.1", "2.1 ", "1.2.3.4.5", "1234567890"}) {
    CAPTURE(bad);
    CHECK_FALSE(Version::try_parse(bad));
    CHECK_THROWS_AS(Version::parse(bad), catalog::InvalidInput);
  }
}
