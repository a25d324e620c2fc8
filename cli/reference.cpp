#include "cli/reference.hpp"

#include "catalog/catalog_set.hpp"
#include "catalog/embedded.hpp"
#include "cli/commands.hpp"
#include "lib/core/entry_filter.hpp"
#include "util/text.hpp"

#include <algorithm>
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

// The values of option `name` of the command `row` at `command` ("db export"; nullptr and "" before
// the command) known from the catalogs and the table (those of a fixed set come from the
// option's own check).
std::vector<std::string> values_of(const Command* row, const std::string& command, const std::string& name,
                                   const KnownValues& k) {
  if (name == "--format") {
    std::vector<std::string_view> formats = row ? std::vector<std::string_view>(row->formats.begin(), row->formats.end())
                                                : all_formats(); // before the command: every command's
    return {formats.begin(), formats.end()};
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
  return {};
}

// The names of a declaration ("-r,--runtime"): its short ones first, then its long ones.
std::vector<std::string> names_of(const OptionSpec& spec) {
  std::vector<std::string> names;
  for (auto part : util::split(spec.names, ',')) {
    names.emplace_back(util::trim(part));
  }
  std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return !n.starts_with("--"); });
  return names;
}

OptionDoc option_doc(const OptionSpec& spec, const Command* row, const std::string& command, const KnownValues& k) {
  OptionDoc d;
  d.positional = spec.positional();
  d.names = names_of(spec);
  d.description = spec.help;
  d.value = value_name(spec);
  d.repeatable = spec.repeatable();
  d.values = fixed_values(spec);
  if (d.values.empty()) {
    d.values = values_of(row, command, d.names.back(), k);
  }
  d.files = d.values.empty() && (d.value == "FILE" || d.value == "PATH" || (d.positional && d.value != "ID"));
  return d;
}

OptionDoc help_flag() {
  return OptionDoc{{"-h", "--help"}, "", "Print this help message and exit", {}, false, false, false};
}

CommandDoc command_doc(const Command& row, const std::string& path, Context& ctx, const Options& globals, const KnownValues& k) {
  CommandDoc d{path, std::string(row.summary), std::string(row.help), {}, {}, {}};
  Options declared(&globals);
  if (row.define) {
    row.define(declared, ctx); // the action it returns is dropped
  }
  for (const OptionSpec& spec : declared.specs()) {
    (spec.positional() ? d.positionals : d.options).push_back(option_doc(spec, &row, path, k));
  }
  for (const auto& g : global_names()) {
    if (row.globals & g.bit) {
      d.options.push_back(option_doc(*globals.find(g.name), &row, path, k));
      if (std::string_view(g.name) == "--format" && !row.formats.empty()) {
        d.options.back().description = formats_help(row); // this command's formats, not every command's
      }
    }
  }
  d.options.push_back(help_flag());
  for (const auto& child : row.subcommands) {
    d.subcommands.push_back(command_doc(child, path + " " + std::string(child.name), ctx, globals, k));
  }
  return d;
}

} // namespace

Reference reference() {
  Context ctx;
  Options globals;
  add_global_options(globals, ctx.g);
  KnownValues k = known_values();
  Reference r;
  r.globals.push_back(help_flag());
  r.globals.push_back(OptionDoc{{"--version"}, "", "Display program version information and exit", {}, false, false, false});
  for (const OptionSpec& spec : globals.specs()) {
    r.globals.push_back(option_doc(spec, nullptr, "", k));
  }
  for (const auto& c : commands()) {
    r.commands.push_back(command_doc(c, std::string(c.name), ctx, globals, k));
  }
  return r;
}

} // namespace cli
