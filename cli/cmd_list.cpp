#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/endoflife.hpp"
#include "lib/core/entry_filter.hpp"
#include "lib/core/frameworks.hpp"
#include "util/text.hpp"

#include "render/endoflife.hpp"
#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

// What `rtcat list --help` says after the options (Command::help).
const std::string_view k_list_help = R"(Examples:
  rtcat list
  rtcat list --platform ai-platform --at 2020-06-01 --status supported,expiring
  rtcat list --platform vertex-prediction --framework scikit-learn --format json
  rtcat list --platform python --format endoflife     # as endoflife.date's API v1 serves a product)";

namespace {

struct ListArgs {
  std::vector<std::string> status;
  std::string python;
  std::string framework;
};

// Declares the arguments and options that fill a ListArgs.
void declare_list(Options& sub, ListArgs& a) {
  sub.add_option("--status", a.status,
                 "Only entries with this status (supported, expiring, unknown, unreleased, or a milestone such as "
                 "submission_end); repeatable or comma-separated")
      ->type_name("STATUS");
  sub.add_option("--python", a.python, "Only entries that accept this Python version")->type_name("X.Y")->check(python_version());
  sub.add_option("--framework", a.framework,
                 "Only entries that carry this framework (tensorflow, scikit-learn, xgboost, pytorch)")
      ->type_name("NAME");
}

int run_list(Context& ctx, const ListArgs& a) {
  std::string format = ctx.format();
  auto catalogs = ctx.selected();
  catalog::Date on = ctx.today();
  lib::EntryFilter filter;
  filter.statuses = lib::parse_statuses(a.status, catalogs);
  if (!a.python.empty()) {
    filter.python = catalog::Version::parse(a.python);
  }
  filter.framework = a.framework.empty() ? "" : lib::known_framework(a.framework, lib::catalogs_in_scope(ctx.catalogs(), {}));
  std::vector<lib::EntryView> rows = lib::filter_entries(catalogs, on, ctx.g.warn_days, filter);
  if (format == "json") {
    ctx.out(render::json_entries(rows));
  } else if (format == "endoflife") {
    // One product, as endoflife.date serves it: of one catalog.
    if (catalogs.size() != 1) {
      std::vector<std::string> names;
      for (const auto* c : catalogs) {
        names.push_back(c->name);
      }
      throw catalog::InvalidInput("list --format endoflife writes one endoflife.date product, and " +
                                  std::to_string(catalogs.size()) + " catalogs are selected: choose one with --platform (" +
                                  util::join(names) + ")");
    }
    ctx.out(render::endoflife_json(lib::endoflife_product(*catalogs.front(), rows, on), on));
  } else {
    // CSV has the same columns whatever --platform selects, so scripts read it one way.
    ctx.out_table(format, [&](render::TableFormat table) {
      return render::entries_table(rows, catalogs.size() > 1 || table == render::TableFormat::csv, table);
    });
  }
  return k_exit_ok;
}

} // namespace

Action define_list(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_list, run_list);
}

} // namespace cli
