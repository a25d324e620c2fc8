#include "lib/core/freshness.hpp"

#include "catalog/error.hpp"

#include <cctype>

namespace lib {

int parse_data_age(std::string_view text, const std::string& what) {
  const std::string where = what.empty() ? "" : what + ": ";
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
    ++digits;
  }
  std::string_view unit = text.substr(digits);
  int per = unit.empty() || unit == "d" ? 1 : unit == "w" ? 7 : 0;
  if (digits == 0 || digits > 5 || per == 0) {
    throw catalog::InvalidInput(where + "invalid age '" + std::string(text) +
                                "' (expected days like 90d, weeks like 12w, or a number of days)");
  }
  long days = std::stol(std::string(text.substr(0, digits))) * per;
  if (days > catalog::k_max_span_days) {
    throw catalog::InvalidInput(where + "age '" + std::string(text) + "' is more than " +
                                std::to_string(catalog::k_max_span_days) + " days");
  }
  return static_cast<int>(days);
}

std::vector<Finding> data_age_findings(const std::vector<const catalog::Catalog*>& catalogs, catalog::Date on, int max_days,
                                       const std::string& limit) {
  std::vector<Finding> out;
  for (const auto* c : catalogs) {
    std::string problem;
    if (!c->as_of) {
      problem = "carries no as_of date, so the age of its data is unknown";
    } else if (long age = catalog::days_between(*c->as_of, on); age > max_days) {
      problem = "is as of " + catalog::format_date(*c->as_of) + ", " + std::to_string(age) + " days before " +
                catalog::format_date(on) + ": older than --max-data-age " + limit;
    } else {
      continue;
    }
    Finding f = finding_of(RuleId::data_too_old, "the " + c->name + " catalog " + problem +
                                                     " (bring newer data in with rtcat db import, see rtcat catalogs)");
    f.catalog = c->name;
    out.push_back(std::move(f));
  }
  return out;
}

} // namespace lib
