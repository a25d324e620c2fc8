#include "render/catalogs.hpp"

#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include "render/json.hpp"
#include "render/table.hpp"

namespace render {

std::string catalogs_listing(const std::vector<lib::CatalogFacts>& rows, const std::string& format, bool color, size_t width) {
  if (format == "json") {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& r : rows) {
      list.push_back(
          nlohmann::ordered_json{{"name", r.name},
                                 {"title", r.title},
                                 {"as_of", date_or_null(r.as_of)},
                                 {"age_days", r.age_days ? nlohmann::ordered_json(*r.age_days) : nlohmann::ordered_json()},
                                 {"entries", r.entries},
                                 {"source", r.source}});
    }
    return util::json::dump_pretty(list);
  }
  Table t;
  t.headers = {"NAME", "AS OF", "AGE", "ENTRIES", "SOURCE", "TITLE"};
  for (const auto& r : rows) {
    t.rows.push_back({{r.name},
                      {r.as_of ? catalog::format_date(*r.as_of) : std::string(k_unknown)},
                      {r.age_days ? std::to_string(*r.age_days) + "d" : std::string(k_unknown)},
                      {std::to_string(r.entries)},
                      {r.source},
                      {r.title}});
  }
  t.fits = {Fit::keep, Fit::keep, Fit::keep, Fit::keep, Fit::text, Fit::text};
  return table(t, table_format(format), color, width);
}

std::string catalog_diff(const std::vector<lib::CatalogChange>& changes, const std::string& format) {
  if (format == "json") {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& c : changes) {
      list.push_back(nlohmann::ordered_json{{"catalog", c.catalog},
                                            {"id", c.id.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(c.id)},
                                            {"change", c.change},
                                            {"details", c.details}});
    }
    return util::json::dump_pretty(list);
  }
  if (changes.empty()) {
    return "no changes\n";
  }
  std::string out;
  for (const auto& c : changes) {
    out += c.change + " " + c.catalog + (c.id.empty() ? "" : ":" + c.id) +
           (c.details.empty() ? "" : ": " + util::join(c.details, "; ")) + "\n";
  }
  return out;
}

} // namespace render
