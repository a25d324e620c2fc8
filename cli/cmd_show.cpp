#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/check.hpp"
#include "util/text.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>

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
  const lib::ReleaseWindow& w = v.lifecycle.release;
  field("released", released_text(w));
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
  std::string why;
  const std::string& st = v.lifecycle.status.name;
  auto existed = lib::existed_by(*v.catalog, r);
  bool in_release = st == "unreleased" || (st == "unknown" && existed && on < *existed);
  if (in_release && !w.released && (w.after || w.by)) {
    why = " (" + lib::describe_release(w) + ")";
  } else if (st == "unknown" && v.lifecycle.next() && v.lifecycle.next()->maybe_reached_by(on)) {
    why = " (it " + lib::describe_upcoming(*v.lifecycle.next()) + ")";
  } else if (v.lifecycle.status.later_possible) {
    why = " (a later milestone may also be in effect: its date is unknown)";
  }
  field("status", lib::paint(st, status_tone(v.lifecycle), color) + " on " + catalog::format_date(on) + why);
  field("confidence", r.confidence);
  out += "\ntimeline\n";
  struct Line {
    std::string date, name, tag, text;
  };
  std::vector<Line> lines;
  if (w.released || w.after || w.by) {
    bool exact = w.released || (w.earliest() && w.by && *w.earliest() == *w.by);
    lines.push_back({released_text(w), "released", exact ? "" : "window", exact ? "" : lib::describe_release(w)});
  }
  for (const auto& m : v.lifecycle.milestones) {
    std::string tag = m.stated ? "stated" : (m.capped ? "sunset" : (m.date && !m.at_latest ? "policy" : "at the latest"));
    if (m.at_latest && m.windowed && !m.stated) {
      tag = m.capped ? "window, sunset" : "window";
    }
    if (!m.date) {
      tag = "unknown";
    }
    lines.push_back({lib::short_date(m), m.name(), tag, m.policy->meaning});
  }
  size_t width = 16;
  for (const auto& l : lines) {
    width = std::max(width, l.date.size() + 2);
  }
  for (const auto& l : lines) {
    std::string tagged = l.tag.empty() ? l.text : "(" + l.tag + ") " + l.text;
    out += "  " + l.date + std::string(width - l.date.size(), ' ') + l.name +
           (tagged.empty() ? "" : std::string(l.name.size() < 18 ? 18 - l.name.size() : 1, ' ') + tagged) + "\n";
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
  return k_exit_ok;
}

} // namespace

Action define_show(CLI::App& sub, Context& ctx) {
  auto args = std::make_shared<ShowArgs>();
  sub.add_option("id", args->id, "Runtime or image id (2.11, tf-cpu.2-17.py310), or CATALOG:ID")->required();
  return [&ctx, args] { return run_show(ctx, *args); };
}

} // namespace cli
