#include "catalog/error.hpp"
#include "lib/jobs/requirements.hpp"

#include <doctest/doctest.h>

using lib::jobs::read_requirements;

TEST_CASE("requirements.txt lines become located requirements") {
  auto reqs =
      read_requirements("# c\n-r base.txt\nscikit-learn==0.23.2  # pin\n\n  pandas>=1.0\nhttps://x/y.whl\n", "requirements.txt");
  REQUIRE(reqs.size() == 2);
  CHECK(reqs[0].requirement.name == "scikit-learn");
  CHECK(reqs[0].pos.line == 3);
  CHECK(reqs[0].pos.column == 1);
  CHECK(reqs[1].pos.line == 5);
  CHECK(reqs[1].pos.column == 3);
  CHECK(reqs[1].pos.file == "requirements.txt");
  CHECK_THROWS_WITH_AS(read_requirements("tensorflow>=>2\n", "r.txt"), doctest::Contains("r.txt:1:1:"), catalog::InvalidInput);
}

TEST_CASE("setup.py literal lists become located requirements") {
  SUBCASE("REQUIRED_PACKAGES wins over install_requires=NAME") {
    auto reqs = read_requirements(
        "REQUIRED_PACKAGES = [\n  'xgboost>=1.0',  # c\n  \"tensorflow==2.1.0\",\n]\nsetup(install_requires=REQUIRED_PACKAGES)\n",
        "pkg/setup.py");
    REQUIRE(reqs.size() == 2);
    CHECK(reqs[0].requirement.name == "xgboost");
    CHECK(reqs[0].pos.line == 2);
    CHECK(reqs[0].pos.column == 4);
    CHECK(reqs[1].pos.line == 3);
  }
  SUBCASE("install_requires literal") {
    auto reqs = read_requirements("setup(name='t', install_requires=['numpy'])", "setup.py");
    REQUIRE(reqs.size() == 1);
    CHECK(reqs[0].requirement.name == "numpy");
  }
  SUBCASE("errors") {
    CHECK_THROWS_WITH_AS(read_requirements("setup(name='t')", "setup.py"), doctest::Contains("no literal"),
                         catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(read_requirements("install_requires=[dep()]", "setup.py"), doctest::Contains("setup.py:1:19:"),
                         catalog::InvalidInput);
  }
}
