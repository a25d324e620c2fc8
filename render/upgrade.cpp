#include "render/upgrade.hpp"

#include "render/findings.hpp"
#include "render/text.hpp"

namespace render {

std::string strategy_name(lib::Strategy strategy) {
  return strategy == lib::Strategy::newest ? "newest" : "nearest";
}

std::string breaking_mark(const lib::Change& c) {
  return c.breaking ? " (breaking)" : "";
}

std::string change_text(const lib::Change& c) {
  std::string from = c.from.empty() ? std::string(k_unknown) : c.from;
  std::string to = c.to.empty() ? std::string(k_unknown) : c.to;
  std::string out = c.kind == "platform" ? "platform " + from + " -> " + to : c.name + " " + from + " -> " + to;
  out += breaking_mark(c);
  if (!c.note.empty()) {
    out += ": " + c.note;
  }
  return out;
}

namespace {

// "2022-03-02", "between 2022-02-26 and 2022-03-02" (a window), or "unknown".
std::string usable_until_text(const lib::Candidate& c) {
  if (!c.usable_until) {
    return "unknown";
  }
  if (c.usable_until_earliest) {
    return "between " + catalog::format_date(*c.usable_until_earliest) + " and " + catalog::format_date(*c.usable_until);
  }
  return catalog::format_date(*c.usable_until);
}

// When an unconfirmed candidate appeared, as far as the sources say.
std::string appeared_text(const lib::Candidate& c) {
  std::string as_of = c.catalog->as_of ? catalog::format_date(*c.catalog->as_of) : "";
  const lib::ReleaseWindow& w = c.lifecycle.release;
  if (w.earliest() && !w.by && !as_of.empty()) {
    return "it appeared between " + catalog::format_date(*w.earliest()) + " and " + as_of + " (the sources list it as of " +
           as_of + ")";
  }
  if (w.earliest() || w.by) {
    return "it was " + lib::describe_release(w);
  }
  return "the sources do not say when it appeared" + (as_of.empty() ? "" : " (they list it as of " + as_of + ")");
}

std::string candidate_text(const lib::Candidate& c, size_t rank) {
  std::string out = (rank ? std::to_string(rank) + ". " : "- ") + c.catalog->name + " " + c.entry->id;
  out += "  python " + (c.python.empty() ? std::string("unknown") : c.python);
  out += ", " + c.lifecycle.status.name + ", next " + next_text(c.lifecycle);
  if (c.lifecycle.status.days_left) {
    out += " (" + days_phrase(c.lifecycle) + ")";
  }
  out += ", usable until " + usable_until_text(c) + "\n";
  if (c.unconfirmed) {
    out += "     availability on this date unconfirmed: " + appeared_text(c) + "\n";
  }
  if (!c.entry->uris.empty()) {
    out += "     image: " + c.entry->uris.front() + "\n";
  }
  for (const auto* twin : c.twins) {
    if (!twin->uris.empty()) {
      out += "     " + twin->accelerator + " image: " + twin->uris.front() + "\n";
    }
  }
  for (const auto& ch : c.changes) {
    out += "     " + change_text(ch) + "\n";
  }
  if (c.changes.empty()) {
    out += "     no recorded changes\n";
  }
  return out;
}

} // namespace

std::string upgrade_text(const lib::UpgradeRequest& req, const lib::UpgradePlan& plan, bool quiet, bool color, size_t width) {
  std::string out = findings_text(plan.findings, color, width);
  if (quiet || !plan.current) {
    return out;
  }
  const size_t findings_end = out.size(); // what follows is prose, fitted line by line
  const auto& lc = *plan.current_lifecycle;
  out += plan.current->catalog->entry_noun + " " + req.base.runtime + " (" + plan.current->catalog->name + ") on " +
         catalog::format_date(req.base.on) + ": " + lc.status.name + ", next " + next_text(lc) + "\n";
  for (const auto& f : plan.verdict) {
    if (f.severity == catalog::Severity::error) {
      out += "  cannot stay: " + f.message + " [" + f.rule + "]\n";
    }
  }
  if (plan.handoff) {
    out += "migrate: " + plan.handoff_reason + "\n";
  }
  if (!plan.candidates.empty()) {
    out += "candidates for " + std::string(lib::service_name(req.base.service)) + " (supported first, then " +
           strategy_name(req.strategy) +
           (req.min_days > 0 ? ", usable for at least " + std::to_string(req.min_days) + " days" : "") + "):\n";
    for (size_t i = 0; i < plan.candidates.size(); ++i) {
      out += candidate_text(plan.candidates[i], i + 1);
    }
  }
  if (!plan.closest.empty()) {
    out += "last known prebuilt images (none is offered: none is available on this date):\n";
    for (const auto& c : plan.closest) {
      out += candidate_text(c, 0);
    }
  }
  return out.substr(0, findings_end) + fit_lines(out.substr(findings_end), width, 4);
}

} // namespace render
