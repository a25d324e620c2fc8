#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/frameworks.hpp"
#include "lib/migration_json.hpp"
#include "lib/upgrade.hpp"

#include <CLI/CLI.hpp>

namespace cli {

namespace {

struct UpgradeArgs {
  std::string runtime;
  std::string python;
  std::vector<std::string> frameworks;
  std::vector<std::string> requires_;
  std::string service = "training";
  std::string strategy = "newest";
  int min_days = 0;
  int max = 5;
};

std::string change_text(const lib::Change& c) {
  std::string from = c.from.empty() ? "(none)" : c.from;
  std::string to = c.to.empty() ? "(not recorded)" : c.to;
  std::string out = c.kind == "platform" ? "platform " + from + " -> " + to : c.name + " " + from + " -> " + to;
  if (c.breaking) {
    out += "  BREAKING";
  }
  if (!c.note.empty()) {
    out += ": " + c.note;
  }
  return out;
}

std::string candidate_text(const lib::Candidate& c, size_t rank) {
  std::string out = (rank ? std::to_string(rank) + ". " : "- ") + c.catalog->name + " " + c.entry->id;
  out += "  python " + (c.python.empty() ? std::string("unknown") : c.python);
  out += ", " + c.lifecycle.status.name + ", next " + next_text(c.lifecycle);
  if (c.lifecycle.status.days_left) {
    out += " (" + std::to_string(*c.lifecycle.status.days_left) + " days)";
  }
  out += ", usable until " + (c.usable_until ? catalog::format_date(*c.usable_until) : std::string("unknown")) + "\n";
  if (c.unconfirmed) {
    out += "     availability on this date unconfirmed: the sources do not say when it appeared" +
           (c.catalog->as_of ? " (they list it as of " + catalog::format_date(*c.catalog->as_of) + ")" : std::string()) + "\n";
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

int run_upgrade(Context& ctx, const UpgradeArgs& a) {
  std::string format = ctx.format("upgrade", {"table", "json"});
  lib::UpgradeRequest req;
  req.base.runtime = a.runtime;
  if (!a.python.empty()) {
    req.base.python = catalog::Version::parse(a.python);
  }
  for (const auto& f : a.frameworks) {
    req.base.frameworks.push_back(lib::framework_key(f));
  }
  for (const auto& r : a.requires_) {
    req.base.requires_.push_back(catalog::pep440::Requirement::parse(r));
  }
  req.base.service = a.service;
  req.base.on = ctx.today();
  req.base.warn_days = ctx.g.warn_days;
  req.base.platform = ctx.g.platform;
  req.strategy = lib::parse_strategy(a.strategy);
  req.min_days = a.min_days;
  req.max = static_cast<size_t>(a.max);
  lib::UpgradePlan plan = lib::plan_upgrade(ctx.catalogs(), req);

  if (format == "json") {
    ctx.out(lib::json_upgrade(req, plan));
    return ctx.exit_for(plan.findings);
  }
  std::string out = findings_text(plan.findings, ctx.color());
  if (!ctx.g.quiet && plan.current) {
    const auto& lc = *plan.current_lifecycle;
    out += plan.current->catalog->entry_noun + " " + a.runtime + " (" + plan.current->catalog->name + ") on " +
           catalog::format_date(req.base.on) + ": " + lc.status.name + ", next " + next_text(lc) + "\n";
    if (plan.handoff) {
      out += "migrate: " + plan.handoff_reason + "\n";
    }
    if (!plan.candidates.empty()) {
      out += "candidates for " + req.base.service + " (" + a.strategy + " first" +
             (a.min_days > 0 ? ", usable for at least " + std::to_string(a.min_days) + " days" : "") + "):\n";
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
  }
  ctx.out(out);
  return ctx.exit_for(plan.findings);
}

} // namespace

Action define_upgrade(CLI::App& sub, Context& ctx) {
  auto args = std::make_shared<UpgradeArgs>();
  sub.add_option("-r,--runtime", args->runtime, "Current runtime version or image id (1.15, CATALOG:ID)")->required();
  sub.add_option("-p,--python", args->python, "Python version the job uses now")->type_name("X.Y");
  sub.add_option("--framework", args->frameworks,
                 "Framework the job uses (tensorflow, scikit-learn, xgboost, pytorch); repeatable")
      ->type_name("NAME");
  sub.add_option("--require", args->requires_, "A PEP 440 requirement the job installs, like 'tensorflow>=2.11'; repeatable")
      ->type_name("SPEC");
  sub.add_option("--service", args->service, "training (jobs) or prediction (model versions)")
      ->check(CLI::IsMember({"training", "prediction"}));
  sub.add_option("--strategy", args->strategy, "newest (latest version first) or nearest (smallest step first)")
      ->check(CLI::IsMember({"newest", "nearest"}));
  sub.add_option("--min-days", args->min_days, "Only candidates still usable this many days after the date")
      ->check(CLI::Range(0, 36500));
  sub.add_option("--max", args->max, "At most this many candidates")->check(CLI::Range(1, 100));
  return [&ctx, args] { return run_upgrade(ctx, *args); };
}

} // namespace cli
