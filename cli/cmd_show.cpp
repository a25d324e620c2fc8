#include "catalog/error.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/check.hpp"
#include "util/text.hpp"

#include <CLI/CLI.hpp>

namespace cli {

namespace {

struct ShowArgs {
  std::string id;
};

std::string show_text(const lib::EntryView& v, catalog::Date on, bool color) {
  const catalog::RuntimeEntry& r = *v.entry;
  std::string out;
  auto field = [&](const std::string& name, const std::string& value) {
    if (!value.empty()) {
      out += "  " + name + std::string(13 - name.size(), ' ') + value + "\n";
    }
  };
  out += v.catalog->entry_noun + " " + r.id + "  (" + v.catalog->name + ": " + v.catalog->title + ")\n";
  field("version", r.version ? r.version->str() : "-");
  field("released", released_text(r));
  field("python", python_text(r));
  std::vector<std::string> pkgs;
  for (const auto& p : r.packages) {
    pkgs.push_back(p.name + " " + p.version);
  }
  for (const auto& p : r.package_lines) {
    pkgs.push_back(p.name + " " + p.version + ".x");
  }
  field("packages", pkgs.empty() ? "none recorded" : util::join(pkgs));
  if (!r.framework.empty()) {
    field("framework", r.framework + " " + r.framework_version);
    field("accelerator", r.accelerator + (r.cuda ? " (CUDA " + *r.cuda + ")" : ""));
  }
  for (const auto& u : r.uris) {
    field("uri", u);
  }
  field("status",
        lib::paint(v.lifecycle.status.name, status_tone(v.lifecycle), color) + " on " + catalog::format_date(on) +
            (v.lifecycle.status.later_possible ? " (a later milestone may also be in effect: its date is unknown)" : ""));
  field("confidence", r.confidence);
  out += "\ntimeline\n";
  if (r.released || r.released_by) {
    out += "  " + released_text(r) + std::string(r.released ? 16 - 10 : 16 - 13, ' ') + "released\n";
  }
  for (const auto& m : v.lifecycle.milestones) {
    std::string d = lib::short_date(m);
    std::string tag = m.stated ? "stated" : (m.capped ? "sunset" : (m.date && !m.at_latest ? "policy" : "at the latest"));
    if (!m.date) {
      tag = "unknown";
    }
    out += "  " + d + std::string(d.size() < 16 ? 16 - d.size() : 1, ' ') + m.name() +
           std::string(m.name().size() < 18 ? 18 - m.name().size() : 1, ' ') + "(" + tag + ") " + m.policy->meaning + "\n";
  }
  if (!r.notes.empty()) {
    out += "\nnotes\n  " + r.notes + "\n";
  }
  if (!r.sources.empty()) {
    out += "\nsources\n";
    for (const auto& s : r.sources) {
      out += "  " + s + "\n";
    }
  }
  return out;
}

int run_show(Context& ctx, const ShowArgs& a) {
  std::string format = ctx.format("show", {"table", "json"});
  auto ref = lib::find_entry(ctx.catalogs(), a.id, ctx.scope());
  if (!ref) {
    auto near = lib::did_you_mean(ctx.catalogs(), a.id, ctx.scope());
    std::string hint = near.empty() ? "" : " (did you mean " + util::join(near) + "?)";
    throw catalog::InvalidInput("no entry '" + a.id + "' in the catalog" + hint + "; 'rtcat list' shows every id");
  }
  catalog::Date on = ctx.today();
  lib::EntryView v{ref->catalog, ref->entry, lib::evaluate(*ref->catalog, *ref->entry, on, ctx.g.warn_days)};
  ctx.out(format == "json" ? lib::json_entry_full(v) : show_text(v, on, ctx.color()));
  return 0;
}

} // namespace

void register_show(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<ShowArgs>();
  auto* sub = app.add_subcommand("show", "One entry in full, with its timeline, notes and sources");
  sub->add_option("id", args->id, "Runtime or image id (2.11, tf-cpu.2-17.py310), or CATALOG:ID")->required();
  sub->footer(R"(Examples:
  rtcat show 1.15
  rtcat show vertex-prediction:sklearn-cpu.1-6 --format json)");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_show(ctx, *args); }; });
}

} // namespace cli
