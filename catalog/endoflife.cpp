#include "catalog/endoflife.hpp"

#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/json_node.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <set>

namespace catalog {

using json = nlohmann::json;

namespace {

using At = detail::Node;

// An RFC 3339 date-time as its UTC date, or null.
std::optional<Date> opt_date_time(const At& n) {
  auto s = n.opt_str();
  if (!s) {
    return std::nullopt;
  }
  auto d = parse_date_time_utc(*s);
  if (!d) {
    n.fail("invalid date-time \"" + *s + "\" (expected RFC 3339, like 2025-06-03T14:05:52+01:00)");
  }
  return d;
}

// A phase of endoflife.date's releases and the milestone it becomes.
struct Phase {
  std::string_view is_key;
  std::string_view from_key;
  std::string_view milestone;
  Severity severity;
  std::string_view meaning;
  std::string_view reached;
  std::string_view upcoming;
};

constexpr std::array k_phases = {
    Phase{"isEoas", "eoasFrom", k_eol_support_end, Severity::warning,
          "End of active support (endoflife.date's eoasFrom): from then on, only security fixes or the product's "
          "lesser level of support, until its end of life.",
          "left active support", "leaves active support"},
    Phase{"isEol", "eolFrom", k_eol_end_of_life, Severity::error,
          "End of life (endoflife.date's eolFrom): no more fixes of any kind, not even for security; extended "
          "support, where the product offers it, is paid for apart.",
          "reached end of life", "reaches end of life"},
    Phase{"isEoes", "eoesFrom", k_eol_extended_support_end, Severity::error,
          "End of extended support (endoflife.date's eoesFrom): the last support of any kind, even paid for, ends.",
          "left extended support", "leaves extended support"},
};

int two_digits(std::string_view s, size_t at) {
  if (at + 2 > s.size() || s[at] < '0' || s[at] > '9' || s[at + 1] < '0' || s[at + 1] > '9') {
    return -1;
  }
  return (s[at] - '0') * 10 + (s[at + 1] - '0');
}

// The entry of one release: its dates, and the milestones of the phases the product has.
RuntimeEntry read_release(const At& n, const std::vector<const Phase*>& phases, const std::optional<Date>& as_of,
                          const std::string& as_of_what) {
  n.expect_object();
  RuntimeEntry r;
  r.id = n.at("name").str();
  if (r.id.empty() || r.id.find_first_of(" \t\n:") != std::string::npos) {
    n.at("name").fail("release name \"" + r.id + "\" cannot be an entry id (it must be non-empty, without spaces or ':')");
  }
  r.version = Version::try_parse(r.id);
  r.released = n.at("releaseDate").opt_date();
  // rtcat writes a date that is only the last day it can be with its first day (or null) in
  // custom as <field>_earliest (render/endoflife.hpp); other custom fields are the product's own.
  const At custom = n.at("custom");
  if (!custom.raw().is_null()) {
    custom.expect_object();
  }
  if (custom.has("releaseDate_earliest") && r.released) {
    auto earliest = custom.at("releaseDate_earliest").opt_date();
    if (earliest && *earliest > *r.released) {
      custom.at("releaseDate_earliest").fail("after releaseDate (" + format_date(*r.released) + ")");
    }
    if (!earliest || *earliest < *r.released) {
      r.released_by = r.released;
      r.released_after = earliest ? std::optional<Date>(add_days(*earliest, -1)) : std::nullopt;
      r.released.reset();
    }
  }
  std::vector<std::string> notes;
  if (auto codename = n.at("codename").opt_str(); codename && !codename->empty()) {
    notes.push_back("codename: " + *codename);
  }
  for (const Phase* p : phases) {
    At is = n.at(p->is_key);
    At from = n.at(p->from_key);
    if (!n.has(p->is_key) && !n.has(p->from_key)) {
      continue; // this release does not say
    }
    std::optional<bool> reached = is.opt_bool();
    StatedMilestone m;
    m.name = std::string(p->milestone);
    m.date = from.opt_date();
    if (!m.date && n.has(p->is_key) && is.raw().is_null()) {
      notes.push_back(std::string(p->is_key) + " null: not eligible for this phase");
      continue; // states nothing: the phase does not apply to this release
    }
    if (!m.date && reached.value_or(false)) {
      // Reached on a day no one wrote down: after the release, by the file's date.
      if (!r.released) {
        is.fail("reached on an unknown day, and releaseDate is unknown: no window can be stated");
      }
      if (!as_of) {
        is.fail("reached on an unknown day, and the file gives no last_modified or generated_at to bound it");
      }
      if (*r.released > *as_of) {
        is.fail("reached on an unknown day, but releaseDate (" + format_date(*r.released) + ") is after " + as_of_what + " (" +
                format_date(*as_of) + ")");
      }
      m.date = as_of;
      if (*r.released < *as_of) {
        m.from = r.released;
        m.sources = {n.origin() + " (" + n.path() + ": " + std::string(p->is_key) + " true, " + std::string(p->from_key) +
                     " null: reached after releaseDate " + format_date(*r.released) + ", by " + as_of_what + " " +
                     format_date(*as_of) + ")"};
      }
    }
    const std::string earliest_key = std::string(p->from_key) + "_earliest";
    if (m.date && !m.from && custom.has(earliest_key)) {
      // The last day it can be: a window from its first day, or for a bound from the release.
      At e = custom.at(earliest_key);
      std::optional<Date> first = e.opt_date();
      if (first && *first > *m.date) {
        e.fail("after " + std::string(p->from_key) + " (" + format_date(*m.date) + ")");
      }
      // A bound ("no later than") starts where the release can: its day, or its window's first.
      // With no lower end known, the day is all the model can state.
      const std::optional<Date> release_first =
          r.released ? r.released : (r.released_after ? std::optional<Date>(add_days(*r.released_after, 1)) : std::nullopt);
      if (!first && release_first && *release_first < *m.date) {
        first = release_first;
      }
      if (first && *first < *m.date) {
        m.from = first;
        m.sources = {n.origin() + " (" + e.path() + ": the first day of a window that ends on " + std::string(p->from_key) + ")"};
      }
    }
    r.milestones.push_back(std::move(m));
  }
  if (n.has("latest") && !n.at("latest").raw().is_null()) {
    At latest = n.at("latest");
    latest.expect_object();
    std::string text = "latest: " + latest.at("name").str();
    if (auto d = latest.at("date").opt_date()) {
      text += " (" + format_date(*d) + ")";
    }
    notes.push_back(text);
  }
  std::string joined;
  for (const auto& s : notes) {
    joined += (joined.empty() ? "" : "; ") + s;
  }
  r.notes = joined;
  r.sources = std::vector<std::string>{n.origin()};
  return r;
}

} // namespace

std::optional<Date> parse_date_time_utc(std::string_view text) {
  auto day = try_parse_date(text.substr(0, 10));
  if (!day) {
    return std::nullopt;
  }
  if (text.size() == 10) {
    return day;
  }
  // YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)
  if (text.size() < 20 || (text[10] != 'T' && text[10] != 't') || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  int hh = two_digits(text, 11);
  int mm = two_digits(text, 14);
  int ss = two_digits(text, 17);
  if (hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60) {
    return std::nullopt;
  }
  size_t i = 19;
  if (i < text.size() && text[i] == '.') {
    ++i;
    size_t digits = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      ++i;
    }
    if (i == digits) {
      return std::nullopt;
    }
  }
  std::string_view zone = text.substr(i);
  int offset = 0; // minutes east of UTC
  if (zone == "Z" || zone == "z") {
    offset = 0;
  } else if (zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':') {
    int oh = two_digits(zone, 1);
    int om = two_digits(zone, 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) {
      return std::nullopt;
    }
    offset = (zone[0] == '+' ? 1 : -1) * (oh * 60 + om);
  } else {
    return std::nullopt;
  }
  int minutes = hh * 60 + mm - offset;
  return add_days(*day, minutes < 0 ? -1 : (minutes >= 24 * 60 ? 1 : 0));
}

Catalog parse_endoflife(std::string_view text, const std::string& origin) {
  json doc = util::json::parse(text, origin);
  At root{doc, origin, ""};
  root.expect_object();
  const bool envelope = root.has("result");
  At product = envelope ? root.at("result") : root;
  product.expect_object();
  if (!product.has("name") || !product.has("releases")) {
    product.fail("expected an endoflife.date product: an object with \"name\" and \"releases\" (API v1 ProductDetails), or "
                 "the envelope of one (\"result\")");
  }

  Catalog c;
  c.name = product.at("name").str();
  if (c.name.empty() || c.name.find_first_of(" :/\\") != std::string::npos) {
    product.at("name").fail("product name \"" + c.name +
                            "\" cannot be a catalog name (it must be non-empty, without spaces, "
                            "':' or slashes)");
  }
  c.title = product.has("label") ? product.at("label").str() : c.name;
  c.entry_noun = "release";
  std::string as_of_what;
  if (envelope) {
    c.as_of = opt_date_time(root.at("last_modified"));
    as_of_what = "last_modified";
    if (!c.as_of) {
      c.as_of = opt_date_time(root.at("generated_at"));
      as_of_what = "generated_at";
    }
  }
  if (c.as_of) {
    c.as_of_note = "The " + as_of_what + " date (UTC) of " + origin + ", endoflife.date's API v1 product \"" + c.name + "\".";
  }

  const At releases = product.at("releases");
  if (!releases.raw().is_array()) {
    releases.fail("expected an array");
  }
  // The phases the product has: those any of its releases mentions.
  std::vector<const Phase*> phases;
  for (const auto& p : k_phases) {
    for (const auto& rel : releases.raw()) {
      if (rel.is_object() && (rel.contains(p.is_key) || rel.contains(p.from_key))) {
        phases.push_back(&p);
        break;
      }
    }
  }
  for (const Phase* p : phases) {
    MilestonePolicy m;
    m.name = std::string(p->milestone);
    m.severity = p->severity;
    m.meaning = std::string(p->meaning);
    m.reached = std::string(p->reached);
    m.upcoming = std::string(p->upcoming);
    c.policy.milestones.push_back(std::move(m));
  }
  if (product.has("links")) {
    At links = product.at("links");
    links.expect_object();
    if (auto policy = links.at("releasePolicy").opt_str()) {
      c.policy.sources.push_back(*policy);
    }
  }
  c.policy.sources.push_back(origin);

  std::set<std::string> ids;
  for (size_t i = 0; i < releases.raw().size(); ++i) {
    At rn{releases.raw()[i], origin, releases.path() + "/" + std::to_string(i)};
    c.runtimes.push_back(read_release(rn, phases, c.as_of, as_of_what));
    if (!ids.insert(c.runtimes.back().id).second) {
      rn.at("name").fail("duplicate release name \"" + c.runtimes.back().id + "\"");
    }
  }
  // Whatever a catalog file must satisfy, this one does: checked by its own reader.
  return parse_catalog(write_catalog(c), origin);
}

} // namespace catalog
