#include "render/endoflife.hpp"

#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include "render/json.hpp"

namespace render {

using ordered = nlohmann::ordered_json;

namespace {

// An instant of the day: its midnight, UTC.
std::string midnight(catalog::Date d) {
  return catalog::format_date(d) + "T00:00:00Z";
}

ordered label_of(const catalog::MilestonePolicy* m) {
  return m ? ordered(m->name) : ordered(nullptr);
}

// isX and xFrom of one phase; a date that is only the last day it can be leaves its first day
// in `custom`.
void put_phase(ordered& j, ordered& custom, const char* is_key, const char* from_key, const lib::EolPhase& p) {
  j[is_key] = p.reached;
  j[from_key] = date_or_null(p.date);
  if (p.earliest) {
    custom[std::string(from_key) + "_earliest"] = date_or_null(*p.earliest);
  }
}

ordered release_json(const lib::EolRelease& r) {
  ordered j;
  ordered custom = ordered::object();
  j["name"] = r.entry->id;
  j["codename"] = nullptr;
  j["label"] = r.entry->id;
  j["releaseDate"] = catalog::format_date(r.release_date);
  if (r.release_earliest) {
    custom["releaseDate_earliest"] = date_or_null(*r.release_earliest);
  }
  j["isLts"] = false;
  j["ltsFrom"] = nullptr;
  if (r.eoas) {
    put_phase(j, custom, "isEoas", "eoasFrom", *r.eoas);
  }
  put_phase(j, custom, "isEol", "eolFrom", r.eol);
  if (r.eoes) {
    put_phase(j, custom, "isEoes", "eoesFrom", *r.eoes);
  }
  j["isMaintained"] = r.maintained;
  j["latest"] = nullptr;
  j["custom"] = custom.empty() ? ordered(nullptr) : custom;
  return j;
}

} // namespace

std::string endoflife_json(const lib::EolProduct& p, catalog::Date on) {
  const catalog::Catalog& c = *p.catalog;
  const auto& sources = c.policy.sources;
  ordered product;
  product["name"] = c.name;
  product["label"] = c.title.empty() ? c.name : c.title;
  product["aliases"] = ordered::array();
  product["category"] = "runtime";
  product["tags"] = ordered::array({"runtime"});
  product["versionCommand"] = nullptr;
  product["identifiers"] = ordered::array();
  product["labels"] = ordered{{"eoas", label_of(p.phases.eoas)},
                              {"discontinued", nullptr},
                              {"eol", p.phases.eol ? p.phases.eol->name : std::string("none")},
                              {"eoes", label_of(p.phases.eoes)}};
  product["links"] = ordered{{"icon", nullptr},
                             {"html", sources.empty() ? std::string() : sources.front()},
                             {"releasePolicy", sources.empty() ? ordered(nullptr) : ordered(sources.front())}};
  product["releases"] = ordered::array();
  for (const auto& r : p.releases) {
    product["releases"].push_back(release_json(r));
  }
  ordered envelope;
  envelope["schema_version"] = "1.2.1";
  envelope["generated_at"] = midnight(on);
  envelope["last_modified"] = midnight(c.as_of.value_or(on));
  envelope["result"] = product;
  return util::json::dump_pretty(envelope);
}

} // namespace render
