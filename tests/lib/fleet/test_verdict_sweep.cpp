// audit and report give one verdict per resource: over a generated inventory (every runtime of
// the ai-platform catalog, as training jobs, batch prediction jobs and model versions, in every
// state, created at several times) on dates from 2018 to 2026, the report counts for each
// record the status audit gives it, the same totals, and the exit code follows the same rule.

#include "catalog/catalog_set.hpp"
#include "lib/fleet/audit.hpp"
#include "lib/fleet/report.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <unistd.h>

namespace {

struct Inventory {
  std::string path;
  size_t records = 0;
  Inventory() {
    path = (std::filesystem::temp_directory_path() / ("rtcat-verdict-sweep-" + std::to_string(::getpid()) + ".jsonl")).string();
    auto set = catalog::CatalogSet::embedded();
    const catalog::Catalog* c = set.get("ai-platform");
    REQUIRE(c);
    std::ofstream out(path, std::ios::binary);
    const char* const states[] = {"READY", "CREATING", "FAILED", "SUCCEEDED", "RUNNING", "QUEUED", ""};
    const char* const created[] = {"", "2018-06-01T00:00:00Z", "2020-06-01T00:00:00Z", "2022-06-01T00:00:00Z",
                                   "2024-06-01T00:00:00Z"};
    const char* const seen[] = {"", "2024-11-30T08:00:00Z"};
    size_t n = 0;
    for (const auto& r : c->runtimes) {
      const std::string python = r.python && !r.python->empty() ? r.python->back().str() : "3.7";
      for (const char* state : states) {
        for (const char* when : created) {
          for (const char* last : seen) {
            const std::string times = std::string(*when ? R"(,"createTime":")" + std::string(when) + "\"" : "") +
                                      (*last ? R"(,"lastUseTime":")" + std::string(last) + "\"" : "");
            const std::string st = *state ? R"(,"state":")" + std::string(state) + "\"" : "";
            const std::string id = std::to_string(n);
            out << R"({"jobId":"train_)" << id << "\"" << st << times << R"(,"trainingInput":{"runtimeVersion":")" << r.id
                << R"(","pythonVersion":")" << python << "\"}}\n";
            out << R"({"jobId":"batch_)" << id << "\"" << st << times << R"(,"predictionInput":{"runtimeVersion":")" << r.id
                << "\"}}\n";
            out << R"({"name":"projects/p/models/m/versions/v)" << id << "\"" << st << times << R"(,"runtimeVersion":")" << r.id
                << R"(","pythonVersion":")" << python << R"(","framework":"TENSORFLOW"})"
                << "\n";
            n += 1;
            records += 3;
          }
        }
      }
    }
  }
  ~Inventory() { std::filesystem::remove(path); }
};

std::string key(const lib::Resource& r) {
  return std::to_string(r.line);
}

} // namespace

TEST_CASE("sweep: audit and report give every record the same verdict, on every date, and exit alike") {
  const auto set = catalog::CatalogSet::embedded();
  const Inventory inv;
  size_t compared = 0;
  size_t stale = 0;
  size_t disagreeing = 0;
  for (int year = 2018; year <= 2026; ++year) {
    for (const char* month_day : {"-01-15", "-07-01"}) {
      const std::string on_text = std::to_string(year) + month_day;
      CAPTURE(on_text);
      const catalog::Date on = catalog::parse_date(on_text);
      const bool past_sunset = on_text >= "2025-02-01";

      // audit, as `rtcat audit` runs it.
      lib::Auditor auditor(set, on, 90, "");
      lib::AuditSummary summary;
      std::map<std::string, std::pair<lib::VerdictStatus, std::optional<catalog::Severity>>> audited;
      lib::Units units([&](const lib::Resource& r) {
        const lib::Verdict& v = auditor.judge(r);
        summary.add(v);
        audited[key(r)] = {v.status, v.severity};
        stale += v.stale_export ? 1 : 0;
        disagreeing += v.evidence != lib::RecordEvidence::none ? 1 : 0;
        // The platform's shutdown decides a live record's standing, never the catalog's dates.
        CHECK((v.stale_export ? past_sunset : true));
        if (past_sunset) {
          CHECK(lib::status_name(v.status) != "inventory-disagrees");
        }
      });
      lib::read_inventory(
          inv.path, [&](const lib::Resource& r) { units.add(r); }, [&](const lib::Malformed&) { summary.add_malformed(); });
      units.finish();
      REQUIRE(summary.resources == inv.records);
      REQUIRE(summary.malformed == 0);

      // report, as `rtcat report` runs it: every affected record handed over with its verdict.
      lib::ReportOptions o;
      o.on = on;
      o.warn_days = 90;
      o.migrate = false;
      size_t rows = 0;
      o.on_row = [&](const lib::Resource& r, const lib::Verdict& v) {
        ++rows;
        auto it = audited.find(key(r));
        REQUIRE(it != audited.end());
        if (it->second.first != v.status || it->second.second != v.severity) {
          FAIL_CHECK("line " << r.line << " " << lib::kind_name(r.kind) << " " << r.runtime << " " << r.state << ": audit "
                             << lib::status_name(it->second.first) << ", report " << lib::status_name(v.status));
        }
        ++compared;
      };
      const lib::Report rep = lib::build_report(set, {inv.path}, o);

      // The same totals: every record by status, and in words one wording per status.
      CHECK(rep.resources == summary.resources);
      CHECK(rep.by_status == summary.by_status);
      size_t affected = 0;
      size_t broken = 0;
      for (const auto& [line, verdict] : audited) {
        affected += verdict.second && *verdict.second >= catalog::Severity::warning ? 1 : 0;
        broken += verdict.second == catalog::Severity::error ? 1 : 0;
      }
      CHECK(rep.affected == affected);
      CHECK(rep.broken == broken);
      CHECK(rows == affected);
      size_t worded = 0;
      for (const auto& [words, n] : rep.by_words) {
        worded += n;
      }
      CHECK(worded == summary.resources);
      CHECK(rep.by_words.size() == rep.by_status.size());
      // One exit rule, on every threshold.
      CHECK(rep.worst == summary.worst);
      for (auto threshold : {std::optional<catalog::Severity>(catalog::Severity::error),
                             std::optional<catalog::Severity>(catalog::Severity::warning),
                             std::optional<catalog::Severity>(catalog::Severity::note), std::optional<catalog::Severity>()}) {
        CHECK(lib::fails(rep.worst, threshold) == lib::fails(summary.worst, threshold));
      }
    }
  }
  CHECK(compared > 10000);
  CHECK(stale > 0);
  CHECK(disagreeing > 0);
  MESSAGE("compared " << compared << " affected records; " << stale << " stale exports, " << disagreeing << " contradictions");
}
