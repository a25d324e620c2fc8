#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/compatibility.hpp"
#include "lib/core/finding.hpp"
#include "lib/core/lookup.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "render/table.hpp"

namespace catalog {
class Store;
}

namespace CLI {
class App;
}

namespace cli {

class Options;
struct Command;

// The global options, shared by every command.
struct Globals {
  std::vector<std::string> catalogs;
  std::string platform;
  std::string at;
  std::string format;
  std::string color = "auto";
  bool quiet = false;
  int warn_days = 90;
  std::string fail_on = "error";
  std::string max_data_age; // "" when not given
  bool wide = false;        // tables at full width on a terminal too
};

// What a command needs from the command line: the global options, the catalogs, the date,
// and where output goes.
class Context {
public:
  Globals g;
  // The row of the command being run (cli::main sets it once the command line names one).
  const Command* command = nullptr;

  // --at, else RTCAT_TODAY, else today's UTC date. Throws InvalidInput for a malformed date.
  catalog::Date today();
  // --catalog / RTCAT_CATALOG files, else the embedded catalogs.
  const catalog::CatalogSet& catalogs();
  // The catalog files RTCAT_CATALOG names: empty when it is unset or names none.
  static std::vector<std::string> env_catalogs();
  lib::Scope scope(std::optional<lib::Service> service = std::nullopt) const { return lib::Scope{g.platform, service}; }
  // The catalogs in scope of --platform.
  std::vector<const catalog::Catalog*> selected();

  // The --format in effect, checked against the formats of the command's row (the first is the
  // default); an alias of the row gives the format it stands for. Throws InvalidInput listing
  // the valid ones, with the closest.
  std::string format() const;
  // The same for a mode of the command with formats of its own (`catalogs --diff`), called `what`
  // in the error.
  std::string format(std::string_view what, std::span<const std::string_view> allowed) const;
  bool color() const;
  // The width text tables and finding lines fit, in columns, or 0 for no limit (full width):
  // 0 with --wide; else COLUMNS when it is a positive whole number; else the terminal's width
  // when stdout is a terminal; else 0 (piped or redirected).
  size_t width() const;
  std::optional<catalog::Severity> fail_threshold() const;
  // 1 when any finding reaches --fail-on, else 0.
  int exit_for(const std::vector<lib::Finding>& findings) const;

  // The freshness gate after a command ran with exit code `code`: with --max-data-age, the
  // data-too-old findings of the catalogs in scope on stderr, and 1 when they reach --fail-on.
  int freshness_gate(int code);

  // Writes a whole result to stdout.
  void out(const std::string& text) const;
  // Writes table `t` to stdout in `format`, in color with --color and fitted to width().
  void out_table(const render::Table& t, render::TableFormat format) const;
  // The same for a table made for the format named (a --format value): make(TableFormat) -> Table.
  template <class Make> void out_table(const std::string& format, Make make) const {
    const render::TableFormat table = render::table_format(format);
    out_table(make(table), table);
  }

private:
  std::optional<catalog::CatalogSet> m_set;
  std::optional<catalog::Date> m_today;
};

// A job as `check` and `upgrade` take it from the command line.
struct JobArgs {
  std::string runtime;
  std::string python;
  std::vector<std::string> frameworks;
  std::vector<std::string> requires_;
  std::string service; // "" when not given: the runtime's own service (lib::service_for)
};

// How a command describes the job options in its --help.
struct JobOptionsHelp {
  const char* runtime;
  const char* python;
  const char* framework;
  bool one_value_per_flag = false; // --framework and --require take one value each time they are given
};

// Declares -r/--runtime (required), -p/--python, --framework, --require and --service for `a`.
void add_job_options(Options& sub, JobArgs& a, const JobOptionsHelp& help);

// The request for that job on ctx's date, with its --warn-days and --platform. Throws
// InvalidInput for a malformed Python version or requirement.
lib::Request job_request(Context& ctx, const JobArgs& a);

// The line on stderr that says a catalog store was upgraded to a newer schema when it was opened.
std::string store_upgrade_line(const std::string& path, int from, int to);
// Prints that line when opening the store upgraded it.
void report_store_upgrade(const catalog::Store& store);

// The rule registry as `rtcat rules` prints it (table, csv, markdown or json; "text" reads as
// table), also printed by `scan --list-rules`; a table fits `width` (0: no limit).
std::string rules_listing(const std::string& format, bool color, size_t width = 0);

} // namespace cli
