#include "catalog/error.hpp"
#include "cli/context.hpp"
#include "lib/frameworks.hpp"
#include "util/text.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

namespace {

struct ListArgs {
  std::vector<std::string> status;
  std::string python;
  std::string framework;
};

// Valid --status values: the fixed ones and every milestone of the catalogs in scope.
std::vector<std::string> status_names(const std::vector<const catalog::Catalog*>& catalogs) {
  std::vector<std::string> out(std::begin(lib::k_status_names), std::end(lib::k_status_names));
  for (const auto* c : catalogs) {
    for (const auto& m : c->policy.milestones) {
      if (std::find(out.begin(), out.end(), m.name) == out.end()) {
        out.push_back(m.name);
      }
    }
  }
  return out;
}

int run_list(Context& ctx, const ListArgs& a) {
  std::string format = ctx.format("list", {"table", "json", "csv", "markdown"});
  auto catalogs = ctx.selected();
  catalog::Date on = ctx.today();
  std::vector<std::string> wanted;
  for (const auto& s : a.status) {
    size_t start = 0;
    while (start <= s.size()) {
      size_t comma = s.find(',', start);
      wanted.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) {
        break;
      }
      start = comma + 1;
    }
  }
  auto valid = status_names(catalogs);
  for (const auto& w : wanted) {
    if (std::find(valid.begin(), valid.end(), w) == valid.end()) {
      throw catalog::InvalidInput("--status: unknown status '" + w + "' (valid: " + util::join(valid) + ")");
    }
  }
  std::optional<catalog::Version> python;
  if (!a.python.empty()) {
    python = catalog::Version::parse(a.python);
  }
  std::string framework = a.framework.empty() ? "" : lib::framework_key(a.framework);

  std::vector<lib::EntryView> rows;
  for (const auto* c : catalogs) {
    for (const auto& r : c->runtimes) {
      lib::EntryView v{c, &r, lib::evaluate(*c, r, on, ctx.g.warn_days)};
      if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), v.lifecycle.status.name) == wanted.end()) {
        continue;
      }
      if (python && (!r.python || std::find(r.python->begin(), r.python->end(), *python) == r.python->end())) {
        continue;
      }
      if (!framework.empty() && !lib::package_version(r, framework)) {
        continue;
      }
      rows.push_back(std::move(v));
    }
  }
  if (format == "json") {
    ctx.out(render::json_entries(rows));
  } else {
    ctx.out(render::table(render::entries_table(rows, catalogs.size() > 1), render::table_format(format), ctx.color()));
  }
  return 0;
}

} // namespace

void register_list(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<ListArgs>();
  auto* sub = app.add_subcommand("list", "Every entry with release, Python, frameworks, status on the date and next milestone");
  sub->add_option("--status", args->status,
                  "Only entries with this status (supported, expiring, unknown, unreleased, or a milestone such as "
                  "submission_end); repeatable or comma-separated")
      ->type_name("STATUS");
  sub->add_option("--python", args->python, "Only entries that accept this Python version")->type_name("X.Y");
  sub->add_option("--framework", args->framework,
                  "Only entries that carry this framework (tensorflow, scikit-learn, xgboost, pytorch)")
      ->type_name("NAME");
  sub->footer(R"(Examples:
  rtcat list
  rtcat list --platform ai-platform --at 2020-06-01 --status supported,expiring
  rtcat list --platform vertex-prediction --framework scikit-learn --format json)");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_list(ctx, *args); }; });
}

} // namespace cli
