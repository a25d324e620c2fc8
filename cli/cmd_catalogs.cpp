#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "lib/core/catalog_diff.hpp"

#include "render/catalogs.hpp"

namespace cli {

// What `rtcat catalogs --help` says after the options (Command::help).
const std::string_view k_catalogs_help =
    R"(Lists the catalogs in effect (--catalog / RTCAT_CATALOG, else the embedded ones): the date their data
is as of, its age on the date evaluated (--at), how many entries each has, and where it was read from.
--max-data-age on the other commands fails a run when a catalog is older than that.
With --diff OLD NEW, compares two catalog files or stores instead, before importing newer data.
Formats (--format): table (default), json, csv, markdown; with --diff, text (default) or json.

Examples:
  rtcat catalogs
  rtcat catalogs --at 2026-12-01 --format json
  rtcat catalogs --diff catalog.db vertex-training.json
  rtcat db import catalog.db vertex-training.json && rtcat --catalog catalog.db catalogs)";

namespace {

// The formats of `catalogs --diff`, the default first.
constexpr std::string_view k_diff_formats[] = {"text", "json"};

struct CatalogsArgs {
  std::vector<std::string> diff; // OLD NEW
};

void declare_catalogs(Options& sub, CatalogsArgs& a) {
  sub.add_option("--diff", a.diff,
                 "Compare two catalog files or stores (OLD NEW): catalogs and entries added or removed, and the "
                 "as_of, release and milestone dates that changed")
      ->expected(2)
      ->type_name("OLD NEW");
}

// Where each catalog in effect comes from: a --catalog / RTCAT_CATALOG path, else "embedded".
std::string source_of(const std::string& name, const std::vector<std::string>& paths) {
  for (const auto& p : paths) {
    if (catalog::CatalogSet::from_paths({p}).has(name)) {
      return p;
    }
  }
  return "embedded";
}

int run_catalogs(Context& ctx, const CatalogsArgs& a) {
  if (!a.diff.empty()) {
    std::string format = ctx.format("catalogs --diff", k_diff_formats);
    auto before = catalog::CatalogSet::from_paths({a.diff[0]});
    auto after = catalog::CatalogSet::from_paths({a.diff[1]});
    ctx.out(render::catalog_diff(lib::diff_catalogs(before, after), format));
    return k_exit_ok;
  }
  std::string format = ctx.format();
  std::vector<std::string> paths = ctx.g.catalogs.empty() ? Context::env_catalogs() : ctx.g.catalogs;
  const catalog::Date on = ctx.today();
  std::vector<lib::CatalogFacts> rows;
  for (const auto* c : ctx.selected()) {
    lib::CatalogFacts f;
    f.name = c->name;
    f.title = c->title;
    f.as_of = c->as_of;
    if (c->as_of) {
      f.age_days = catalog::days_between(*c->as_of, on);
    }
    f.entries = c->runtimes.size();
    f.source = source_of(c->name, paths);
    rows.push_back(std::move(f));
  }
  ctx.out(render::catalogs_listing(rows, format, ctx.color(), ctx.width()));
  return k_exit_ok;
}

} // namespace

Action define_catalogs(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_catalogs, run_catalogs);
}

} // namespace cli
