#include "cli/reference.hpp"

#include "catalog/catalog_set.hpp"
#include "catalog/embedded.hpp"
#include "cli/commands.hpp"
#include "lib/core/entry_filter.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <deque>
#include <set>

namespace cli {

namespace {

// Values known from the embedded catalogs.
struct KnownValues {
  std::vector<std::string> catalogs;
  std::vector<std::string> runtimes; // "catalog:id", then each bare id once
  std::vector<std::string> statuses;
};

KnownValues known_values() {
  KnownValues k;
  std::set<std::string> bare;
  std::vector<std::string> bare_order;
  for (const auto& index : catalog::embedded_index()) {
    k.catalogs.emplace_back(index.name);
    for (auto id : index.ids) {
      k.runtimes.push_back(std::string(index.name) + ":" + std::string(id));
      if (bare.insert(std::string(id)).second) {
        bare_order.emplace_back(id);
      }
    }
  }
  k.runtimes.insert(k.runtimes.end(), bare_order.begin(), bare_order.end());
  auto set = catalog::CatalogSet::embedded();
  k.statuses = lib::status_names(set.all());
  return k;
}

std::vector<std::string> strings(std::span<const std::string_view> views) {
  return {views.begin(), views.end()};
}

// The values of option `name` of command `command`, where they are known.
std::vector<std::string> values_of(const std::string& command, const std::string& name, const KnownValues& k) {
  if (name == "--format" && command.empty()) { // before the command: every format of any command
    std::vector<std::string> all;
    for (const auto& c : commands()) {
      for (auto f : command_formats(c.name)) {
        if (std::find(all.begin(), all.end(), f) == all.end()) {
          all.emplace_back(f);
        }
      }
    }
    return all;
  }
  if (name == "--format") {
    return strings(command_formats(command));
  }
  if (name == "--platform" || (command == "db export" && name == "--name")) {
    return k.catalogs;
  }
  if (name == "--runtime" || (command == "show" && name == "id")) {
    return k.runtimes;
  }
  if (name == "--status") {
    return k.statuses;
  }
  if (command == "completion" && name == "shell") {
    return {"bash", "zsh", "fish"};
  }
  if (command == "cluster-env" && name == "--framework") {
    return {"pytorch", "mxnet", "tensorflow"};
  }
  if (name == "--color") {
    return {"auto", "always", "never"};
  }
  if (name == "--fail-on") {
    return {"error", "warning", "note", "never"};
  }
  if (name == "--service") {
    return lib::service_names();
  }
  if (name == "--strategy") {
    return {"newest", "nearest"};
  }
  return {};
}

OptionDoc option_doc(const CLI::Option& opt, const std::string& command, const KnownValues& k) {
  OptionDoc d;
  d.positional = !opt.nonpositional();
  if (d.positional) {
    d.names.push_back(opt.get_name());
  }
  for (const auto& s : opt.get_snames()) {
    d.names.push_back("-" + s);
  }
  for (const auto& l : opt.get_lnames()) {
    d.names.push_back("--" + l);
  }
  d.description = opt.get_description();
  if (opt.get_expected_min() > 0) {
    d.value = opt.get_type_name();
    d.value = d.value.substr(0, d.value.find(':')); // "INT:INT in [0 - 36500]": the checks are in the description
    if (d.value.empty() || d.value == "TEXT") {
      d.value = "VALUE";
    } else if (d.value == "INT" || d.value == "UINT") {
      d.value = "N";
    }
  }
  d.repeatable = opt.get_items_expected_max() > 1 || opt.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
  d.values = values_of(command, d.names.back(), k);
  d.files = d.values.empty() && (d.value == "FILE" || d.value == "PATH" || (d.positional && d.value != "ID"));
  return d;
}

CommandDoc command_doc(const CLI::App& app, const Command& row, const std::string& path, const CLI::App& root,
                       const KnownValues& k) {
  CommandDoc d{path, std::string(row.summary), std::string(row.help), {}, {}, {}};
  OptionDoc help;
  for (const CLI::Option* opt : app.get_options()) {
    OptionDoc o = option_doc(*opt, path, k);
    if (o.names.back() == "--help") {
      help = o;
    } else if (o.positional) {
      d.positionals.push_back(o);
    } else {
      d.options.push_back(o);
    }
  }
  for (const auto& g : global_names()) {
    if (row.globals & g.bit) {
      d.options.push_back(option_doc(*root.get_option(g.name), path, k));
    }
  }
  d.options.push_back(help);
  for (const auto& child : row.subcommands) {
    d.subcommands.push_back(
        command_doc(*app.get_subcommand(std::string(child.name)), child, path + " " + std::string(child.name), root, k));
  }
  return d;
}

// Adds every command of `table` (and their subcommands) under `parent`, with all their options;
// the declarations live in `declared`, the actions are dropped.
void add_commands(CLI::App& parent, std::span<const Command> table, Context& ctx, std::deque<Options>& declared,
                  const Options& globals) {
  for (const auto& c : table) {
    CLI::App* sub = parent.add_subcommand(std::string(c.name), std::string(c.summary));
    if (c.define) {
      Options& options = declared.emplace_back(&globals);
      c.define(options, ctx);
      options.build(*sub);
    }
    add_commands(*sub, c.subcommands, ctx, declared, globals);
  }
}

} // namespace

Reference reference() {
  CLI::App root{"rtcat", "rtcat"};
  root.set_version_flag("--version", "rtcat");
  Context ctx;
  Options globals;
  add_global_options(globals, ctx.g);
  globals.build(root);
  std::deque<Options> declared;
  add_commands(root, commands(), ctx, declared, globals);
  KnownValues k = known_values();
  Reference r;
  for (const CLI::Option* opt : root.get_options()) {
    r.globals.push_back(option_doc(*opt, "", k));
  }
  for (const auto& c : commands()) {
    r.commands.push_back(command_doc(*root.get_subcommand(std::string(c.name)), c, std::string(c.name), root, k));
  }
  return r;
}

} // namespace cli
