#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/audit.hpp"
#include "lib/json_out.hpp"
#include "lib/migration_json.hpp"
#include "util/escape.hpp"
#include "util/text.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>

namespace cli {

namespace {

struct AuditArgs {
  std::vector<std::string> files;
  bool strict = false;
};

// Output written in large blocks as the audit goes, so memory stays flat.
class Sink {
public:
  ~Sink() { flush(); }
  void put(const std::string& s) {
    m_buf += s;
    if (m_buf.size() > (1 << 16)) {
      flush();
    }
  }
  void flush() {
    std::fwrite(m_buf.data(), 1, m_buf.size(), stdout);
    std::fflush(stdout);
    m_buf.clear();
  }

private:
  std::string m_buf;
};

std::string csv_row(std::initializer_list<std::string> fields) {
  return util::join(fields, ",", [](const std::string& f) { return util::csv_field(f); }) + "\n";
}

// With --strict, a first pass stops at the first malformed record before anything is written.
void validate_strictly(const std::vector<std::string>& files) {
  for (const auto& path : files) {
    lib::read_inventory(
        path, [](const lib::Resource&) {},
        [](const lib::Malformed& m) {
          throw catalog::InvalidInput(m.path + ":" + std::to_string(m.line) + ":" + std::to_string(m.column) + ": " + m.message +
                                      " (--strict stops here; without it the other records are audited)");
        });
  }
}

int run_audit(Context& ctx, const AuditArgs& a) {
  std::string format = ctx.format("audit", {"table", "json", "jsonl", "csv"});
  const catalog::Date on = ctx.today();
  lib::Auditor auditor(ctx.catalogs(), on, ctx.g.warn_days, ctx.g.platform);
  if (a.strict) {
    validate_strictly(a.files);
  }
  lib::AuditSummary summary;
  std::vector<lib::Finding> malformed; // kept for the JSON document, capped
  const size_t k_keep = 1000;
  const bool color = ctx.color();
  Sink out;
  bool first = true;
  if (format == "json") {
    out.put("{\"date\":\"" + catalog::format_date(on) + "\",\"resources\":[\n");
  } else if (format == "csv") {
    out.put("path,line,kind,name,state,runtime,python,framework,status,deadline,days,action,target\n");
  }

  auto on_resource = [&](const lib::Resource& r) {
    const lib::Verdict& shared = auditor.judge(r);
    const auto own = lib::Auditor::reconciled(r, shared);
    const lib::Verdict& v = own ? *own : shared;
    summary.add(v);
    if (format == "table") {
      if (!v.findings.empty()) {
        out.put(findings_text(lib::Auditor::findings_for(r, v), color));
      }
    } else if (format == "csv") {
      out.put(csv_row({r.path, std::to_string(r.line), r.kind, r.name, r.state, r.runtime, r.python, r.framework, v.status,
                       v.deadline ? catalog::format_date(*v.deadline) : "", v.days ? std::to_string(*v.days) : "", v.action,
                       v.target}));
    } else {
      out.put((format == "json" && !first ? ",\n" : "") + lib::json_resource(r, v) + (format == "jsonl" ? "\n" : ""));
      first = false;
    }
  };
  auto on_malformed = [&](const lib::Malformed& m) {
    summary.add_malformed();
    lib::Finding f = lib::malformed_finding(m);
    if (format == "table") {
      out.put(findings_text({f}, color));
    } else if (format == "csv") {
      out.put(csv_row({m.path, std::to_string(m.line), "malformed", "", "", "", "", "", "malformed", "", "", m.message, ""}));
    } else if (format == "jsonl") {
      out.put(lib::json_finding(f) + "\n");
    } else if (malformed.size() < k_keep) {
      malformed.push_back(f);
    }
  };
  for (const auto& path : a.files) {
    lib::read_inventory(path, on_resource, on_malformed);
  }

  if (format == "json") {
    out.put("\n],\"findings\":[");
    for (size_t i = 0; i < malformed.size(); ++i) {
      out.put((i ? ",\n" : "\n") + lib::json_finding(malformed[i]));
    }
    out.put("],\"summary\":" + lib::json_summary(summary) + "}\n");
  } else if (format == "jsonl") {
    out.put("{\"summary\":" + lib::json_summary(summary) + "}\n");
  } else if (format == "table" && !ctx.g.quiet) {
    lib::Table t;
    t.headers = {"STATUS", "RESOURCES"};
    for (const auto& [status, n] : summary.by_status) {
      t.rows.push_back({{status}, {std::to_string(n)}});
    }
    if (summary.malformed) {
      t.rows.push_back({{"malformed", lib::Tone::bad}, {std::to_string(summary.malformed)}});
    }
    out.put("audited " + std::to_string(summary.resources) + " resource" + (summary.resources == 1 ? "" : "s") + " in " +
            std::to_string(a.files.size()) + " file" + (a.files.size() == 1 ? "" : "s") + " on " + catalog::format_date(on) +
            (summary.malformed ? " (" + std::to_string(summary.malformed) + " malformed records skipped)" : "") + "\n");
    if (!t.rows.empty()) {
      out.put(lib::render(t, lib::TableFormat::text, color));
    }
  }
  out.flush();
  auto threshold = ctx.fail_threshold();
  return threshold && summary.worst && *summary.worst >= *threshold ? k_exit_findings : k_exit_ok;
}

} // namespace

Action define_audit(CLI::App& sub, Context& ctx) {
  auto args = std::make_shared<AuditArgs>();
  sub.add_option("files", args->files,
                 "Inventory files: `gcloud ai-platform jobs list --format=json`, `gcloud ai-platform versions list "
                 "--format=json` (JSON arrays) or JSON Lines")
      ->required()
      ->type_name("FILE");
  sub.add_flag("--strict", args->strict, "Stop with an input error (exit 2) at the first malformed record");
  return [&ctx, args] { return run_audit(ctx, *args); };
}

} // namespace cli
