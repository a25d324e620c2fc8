#include "lib/core/timeline.hpp"

#include "catalog/error.hpp"
#include "lib/core/check.hpp"
#include "lib/core/frameworks.hpp"

#include <algorithm>
#include <cctype>

namespace lib {

std::vector<Event> timeline(const std::vector<const Catalog*>& catalogs) {
  std::vector<Event> out;
  for (const auto* c : catalogs) {
    for (const auto& r : c->runtimes) {
      ReleaseWindow w = release_window(*c, r);
      if (w.latest()) {
        Event e{c, &r, "released", w.latest(), !w.released, Severity::note, "released", std::nullopt};
        if (!w.released && w.earliest() && *w.earliest() <= *w.latest()) {
          e.earliest = w.earliest();
        }
        out.push_back(e);
      }
      for (const auto& m : resolve_milestones(*c, r)) {
        std::optional<Date> earliest = m.is_window() ? m.earliest : std::nullopt;
        out.push_back(Event{c, &r, m.name(), m.date, m.at_latest, m.policy->severity, m.policy->meaning, earliest});
      }
    }
    if (c->policy.sunset) {
      std::string meaning = c->policy.sunset_meaning.empty() ? "the platform shuts down: nothing on it runs from this day on"
                                                             : c->policy.sunset_meaning;
      out.push_back(Event{c, nullptr, "sunset", c->policy.sunset, false, Severity::error, meaning, std::nullopt});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Event& a, const Event& b) {
    if (a.date.has_value() != b.date.has_value()) {
      return a.date.has_value();
    }
    return a.date && *a.date < *b.date;
  });
  return out;
}

std::vector<Event> within(const std::vector<Event>& events, Date from, Date to) {
  std::vector<Event> out;
  std::copy_if(events.begin(), events.end(), std::back_inserter(out),
               [&](const Event& e) { return e.date && *e.date >= from && e.earliest.value_or(*e.date) <= to; });
  return out;
}

Date span_end(Date from, std::string_view span) {
  auto fail = [&]() -> Date {
    throw catalog::InvalidInput("--within: invalid span '" + std::string(span) + "' (expected days like 90d, or 12w, 6m, 1y)");
  };
  size_t digits = 0;
  while (digits < span.size() && std::isdigit(static_cast<unsigned char>(span[digits]))) {
    ++digits;
  }
  if (digits == 0 || span.size() > 7) {
    return fail();
  }
  int n = 0;
  for (size_t i = 0; i < digits; ++i) {
    n = n * 10 + (span[i] - '0');
  }
  std::string_view unit = span.substr(digits);
  if (unit.empty() || unit == "d") {
    return catalog::add_days(from, n);
  }
  if (unit == "w") {
    return catalog::add_days(from, 7 * n);
  }
  if (unit == "m") {
    return catalog::add_months(from, n);
  }
  if (unit == "y") {
    return catalog::add_months(from, 12 * n);
  }
  return fail();
}

EntryView view_of(const Catalog& c, const RuntimeEntry& r, Date on, int warn_days) {
  return EntryView{&c, &r, evaluate(c, r, on, warn_days), judge_python(c, r, std::nullopt, on)};
}

std::vector<Combo> combos(const std::vector<const Catalog*>& catalogs, Date on, int warn_days) {
  std::vector<Combo> out;
  for (const auto* c : catalogs) {
    if (c->name == catalog::k_python_catalog) {
      continue; // the Python lines themselves, not runtimes that run one
    }
    std::vector<Combo> mine;
    for (const auto& r : c->runtimes) {
      if (!r.python || entry_framework(r) == "ray") {
        continue; // Ray images run Ray clusters, not training jobs
      }
      Lifecycle lc = evaluate(*c, r, on, warn_days);
      for (const auto& py : *r.python) {
        // Valid exactly when check finds no error for it (an unknown status is a warning).
        Request req;
        req.runtime = r.id;
        req.python = py;
        req.on = on;
        req.warn_days = warn_days;
        auto fs = judge(*c, r, lc, req);
        if (std::none_of(fs.begin(), fs.end(), [](const Finding& f) { return f.severity == Severity::error; })) {
          mine.push_back(Combo{c, &r, py, lc, judge_python(*c, r, py, on)});
        }
      }
    }
    std::stable_sort(mine.begin(), mine.end(), [](const Combo& a, const Combo& b) {
      if (a.entry->version && b.entry->version && *a.entry->version != *b.entry->version) {
        return *a.entry->version > *b.entry->version;
      }
      return false;
    });
    out.insert(out.end(), mine.begin(), mine.end());
  }
  return out;
}

} // namespace lib
