#include "cli/context.hpp"

#include "catalog/error.hpp"
#include "catalog/store.hpp"
#include "cli/commands.hpp"
#include "cli/exit_code.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/freshness.hpp"
#include "lib/core/python_line.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <sys/ioctl.h>
#include <unistd.h>

#include "render/findings.hpp"

namespace cli {

catalog::Date Context::today() {
  if (!m_today) {
    if (!g.at.empty()) {
      auto d = catalog::try_parse_date(g.at);
      if (!d) {
        throw catalog::InvalidInput("--at: invalid date '" + g.at + "' (expected YYYY-MM-DD, like 2025-01-31)");
      }
      m_today = d;
    } else if (const char* env = std::getenv("RTCAT_TODAY"); env) {
      auto d = catalog::try_parse_date(env);
      if (!*env) {
        throw catalog::InvalidInput("RTCAT_TODAY: empty value (unset it to use today's date, or give YYYY-MM-DD)");
      }
      if (!d) {
        throw catalog::InvalidInput(std::string("RTCAT_TODAY: invalid date '") + env + "' (expected YYYY-MM-DD)");
      }
      m_today = d;
    } else {
      m_today = catalog::utc_date(std::chrono::system_clock::now());
    }
  }
  return *m_today;
}

const catalog::CatalogSet& Context::catalogs() {
  if (!m_set) {
    std::vector<std::string> paths = g.catalogs.empty() ? env_catalogs() : g.catalogs;
    m_set = paths.empty() ? catalog::CatalogSet::embedded() : catalog::CatalogSet::from_paths(paths);
    for (const auto& u : m_set->upgraded_stores()) {
      print_error(store_upgrade_line(u.path, u.from, u.to));
    }
    if (!paths.empty()) {
      // Your own catalogs: a Python they pin that the python catalog does not list, said once.
      for (const catalog::Catalog* c : m_set->all()) {
        auto unlisted = lib::unlisted_pythons(*c);
        if (!unlisted.empty()) {
          print_error("rtcat: note: catalog " + c->name + " pins Python " +
                      util::join(unlisted, ", ", [](const catalog::Version& v) { return v.str(); }) +
                      ", which the python catalog does not list: no release bound or end of life for " +
                      (unlisted.size() == 1 ? "it" : "them") + " [python-unlisted]\n");
        }
      }
    }
  }
  return *m_set;
}

std::vector<std::string> Context::env_catalogs() {
  const char* env = std::getenv("RTCAT_CATALOG");
  return env ? catalog::catalog_paths(env) : std::vector<std::string>{};
}

std::vector<const catalog::Catalog*> Context::selected() {
  return lib::catalogs_in_scope(catalogs(), scope());
}

namespace {

std::string checked_format(const std::string& given, std::string_view what, std::span<const std::string_view> allowed,
                           std::span<const FormatAlias> aliases) {
  if (given.empty()) {
    return allowed.empty() ? std::string() : std::string(allowed.front());
  }
  if (std::find(allowed.begin(), allowed.end(), given) != allowed.end()) {
    return given;
  }
  for (const auto& a : aliases) {
    if (a.alias == given) {
      return std::string(a.format);
    }
  }
  throw catalog::InvalidInput("--format " + given + " is not available for " + std::string(what) + " " +
                              util::choices(given, std::vector<std::string>(allowed.begin(), allowed.end())));
}

} // namespace

std::string Context::format() const {
  if (command == nullptr) {
    throw std::logic_error("Context::format: no command row");
  }
  return checked_format(g.format, command->name, command->formats, command->format_aliases);
}

std::string Context::format(std::string_view what, std::span<const std::string_view> allowed) const {
  return checked_format(g.format, what, allowed, {});
}

bool Context::color() const {
  if (g.color == "always") {
    return true;
  }
  if (g.color == "never") {
    return false;
  }
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) {
    return false;
  }
  const char* term = std::getenv("TERM");
  return isatty(STDOUT_FILENO) && !(term && std::string(term) == "dumb");
}

size_t Context::width() const {
  if (g.wide) {
    return 0;
  }
  if (const char* env = std::getenv("COLUMNS"); env && *env) {
    const std::string_view text(env);
    size_t columns = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), columns);
    if (error == std::errc() && end == text.data() + text.size() && columns > 0) {
      return columns;
    }
  }
  struct winsize size = {};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  return 0;
}

std::optional<catalog::Severity> Context::fail_threshold() const {
  if (g.fail_on == "never") {
    return std::nullopt;
  }
  return catalog::parse_severity(g.fail_on);
}

int Context::exit_for(const std::vector<lib::Finding>& findings) const {
  return lib::fails(findings, fail_threshold()) ? k_exit_findings : k_exit_ok;
}

void Context::out(const std::string& text) const {
  print(text);
}

void Context::out_table(const render::Table& t, render::TableFormat format) const {
  out(render::table(t, format, color(), width()));
}

void add_job_options(Options& sub, JobArgs& a, const JobOptionsHelp& help) {
  sub.add_option("-r,--runtime", a.runtime, help.runtime)->type_name("ID")->required();
  sub.add_option("-p,--python", a.python, help.python)->type_name("X.Y")->check(python_version());
  Opt framework = sub.add_option("--framework", a.frameworks, help.framework)->type_name("NAME");
  Opt require =
      sub.add_option("--require", a.requires_, "A PEP 440 requirement the job installs, like 'tensorflow>=2.11'; repeatable")
          ->type_name("SPEC");
  if (help.one_value_per_flag) {
    framework->allow_extra_args(false);
    require->allow_extra_args(false);
  }
  sub.add_option("--service", a.service,
                 "training (jobs) or prediction (model versions); default: the image's own service, else training")
      ->check(one_of(lib::service_names()));
}

lib::Request job_request(Context& ctx, const JobArgs& a) {
  for (const auto& f : a.frameworks) {
    lib::known_framework(f, lib::catalogs_in_scope(ctx.catalogs(), {}));
  }
  lib::Request req = lib::request_from_text(a.runtime, a.python, a.frameworks, a.requires_);
  req.service = lib::service_for(ctx.catalogs(), a.runtime, ctx.g.platform,
                                 a.service.empty() ? std::nullopt : std::optional(lib::parse_service(a.service)));
  req.on = ctx.today();
  req.warn_days = ctx.g.warn_days;
  req.platform = ctx.g.platform;
  return req;
}

std::string store_upgrade_line(const std::string& path, int from, int to) {
  return "rtcat: upgraded catalog store " + path + " from schema version " + std::to_string(from) + " to " + std::to_string(to) +
         "\n";
}

void report_store_upgrade(const catalog::Store& store) {
  if (auto from = store.upgraded_from()) {
    print_error(store_upgrade_line(store.path(), *from, catalog::Store::k_schema_version));
  }
}

int Context::freshness_gate(int code) {
  if (g.max_data_age.empty()) {
    return code;
  }
  int max_days = lib::parse_data_age(g.max_data_age, "--max-data-age");
  auto findings = lib::data_age_findings(selected(), today(), max_days, g.max_data_age);
  if (findings.empty()) {
    return code;
  }
  std::fflush(stdout); // the answer first, then the gate
  print_error(render::findings_text(findings, false));
  return std::max(code, exit_for(findings));
}

} // namespace cli
