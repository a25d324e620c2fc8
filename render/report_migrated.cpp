#include "util/escape.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <functional>

#include "render/findings.hpp"
#include "render/json.hpp"
#include "render/report_parts.hpp"
#include "render/vertex.hpp"

namespace render {

using lib::Representative;

namespace {

const char* const k_title = "Migrated spec per runtime";

// The section's first paragraph; `code` wraps a command (Markdown backticks, HTML <code>).
std::string intro(const Report& r, const std::function<std::string(const std::string&)>& code) {
  return "For one legacy AI Platform job or model version of each runtime (the most urgent affected one), what " +
         code("rtcat migrate --at " + catalog::format_date(r.on)) +
         " writes: its Vertex AI equivalent as a gcloud snippet, and what to check before running it. " +
         code("rtcat migrate --inventory FILE -o DIR") + " writes one file for every job and model version.";
}

// "training job census_20191102 (jobs.json:2): the most urgent affected training job of the
// runtime's 4 resources."
std::string chosen(const ReportGroup& g, const Representative& rep) {
  const lib::Resource& res = rep.row.resource;
  std::string kind = kind_words(res);
  std::string s = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0]))) + kind.substr(1) + " " +
                  (res.name.empty() ? std::string("(unnamed)") : res.name) + " (" + res.path + ":" + std::to_string(res.line) +
                  ")";
  if (g.resources == 1) {
    return s + ": the runtime's only resource" + (rep.affected ? "." : ", not affected.");
  }
  std::string of = " of the runtime's " + util::plural(g.resources, "resource");
  std::string migrates = rep.passed_over ? " that can be migrated" : "";
  return s + (rep.affected ? ": the most urgent affected " + kind + of + migrates : ":" + of + ", none affected") + ".";
}

// The snippet migrate --format gcloud writes for the record.
std::string snippet(const lib::migrate::MigratedRecord& m) {
  std::string out;
  for (const auto& part : migrated_record_texts(m, "gcloud")) {
    out += part.second;
  }
  return out;
}

// Each finding on one line: "warning: message [rule] (use X)", without the record's position.
std::vector<std::string> finding_lines(const std::vector<lib::Finding>& findings) {
  std::vector<std::string> out;
  for (auto f : findings) {
    f.path.clear();
    std::string line = findings_text({f}, false);
    out.push_back(line.substr(0, line.size() - 1));
  }
  return out;
}

// A code fence longer than any run of backticks in the text.
std::string fence_for(const std::string& text) {
  size_t run = 0;
  size_t longest = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max<size_t>(3, longest + 1), '`');
}

const char* severity_class(catalog::Severity s) {
  return s == catalog::Severity::error ? "sev-error" : s == catalog::Severity::warning ? "sev-warning" : "sev-note";
}

// Calls f(group, its representative) for each group that has one, in report order.
template <class F> void each_representative(const Report& r, F f) {
  for (const auto& g : r.groups) {
    if (g.representative) {
      f(g, *g.representative);
    }
  }
}

} // namespace

std::string migrated_markdown(const Report& r) {
  std::string s;
  each_representative(r, [&](const ReportGroup& g, const Representative& rep) {
    s += "### " + util::markdown_text(group_title(g)) + "\n\n";
    s += util::markdown_text(chosen(g, rep)) + "\n\n";
    if (!rep.migrated) {
      s += util::markdown_text("Not migrated: " + rep.not_migrated) + "\n\n";
      return;
    }
    std::string code = snippet(*rep.migrated);
    std::string fence = fence_for(code);
    s += fence + "sh\n" + code + fence + "\n\n";
    for (const auto& line : finding_lines(rep.migrated->findings())) {
      s += "- " + util::markdown_text(line) + "\n";
    }
    s += rep.migrated->findings().empty() ? "" : "\n";
  });
  return s.empty()
             ? s
             : "## " + std::string(k_title) + "\n\n" + intro(r, [](const std::string& c) { return "`" + c + "`"; }) + "\n\n" + s;
}

std::string migrated_html(const Report& r) {
  std::string s;
  each_representative(r, [&](const ReportGroup& g, const Representative& rep) {
    const lib::Resource& res = rep.row.resource;
    s += "<details>\n<summary><strong>" + breakable(group_title(g)) + "</strong>: " + breakable(kind_words(res)) + " " +
         breakable(res.name.empty() ? std::string("(unnamed)") : res.name) + "</summary>\n";
    s += "<p>" + breakable(chosen(g, rep)) + "</p>\n";
    if (!rep.migrated) {
      s += "<p class=\"sev-warning\">" + breakable("Not migrated: " + rep.not_migrated) + "</p>\n</details>\n";
      return;
    }
    s += "<pre class=\"spec\">" + util::xml_escape(snippet(*rep.migrated)) + "</pre>\n";
    auto findings = rep.migrated->findings();
    if (!findings.empty()) {
      s += "<ul class=\"findings\">\n";
      for (const auto& f : findings) {
        std::string line = finding_lines({f}).front();
        std::string sev(catalog::to_string(f.severity));
        s += "<li><span class=\"" + std::string(severity_class(f.severity)) + "\">" + sev + "</span>" +
             util::xml_escape(line.substr(sev.size())) + "</li>\n";
      }
      s += "</ul>\n";
    }
    s += "</details>\n";
  });
  return s.empty() ? s
                   : "<h2 id=\"migrated\">" + std::string(k_title) + "</h2>\n<p>" +
                         intro(r, [](const std::string& c) { return "<code>" + util::xml_escape(c) + "</code>"; }) + "</p>\n" + s;
}

ordered migrated_json(const Report& r) {
  ordered out = ordered::array();
  each_representative(r, [&](const ReportGroup& g, const Representative& rep) {
    const lib::Resource& res = rep.row.resource;
    ordered j;
    j["catalog"] = g.catalog->name;
    j["runtime"] = g.entry->id;
    j["service"] = lib::service_name(g.service);
    j["resource"] = {{"name", res.name},
                     {"kind", lib::kind_label(res)},
                     {"source", res.path + ":" + std::to_string(res.line)},
                     {"affected", rep.affected}};
    const auto* m = rep.migrated ? &*rep.migrated : nullptr;
    j["kind"] = !m                                  ? ordered(nullptr)
                : m->training && m->training->study ? ordered("HyperparameterTuningJob")
                : m->training                       ? ordered("CustomJob")
                : m->batch                          ? ordered("BatchPredictionJob")
                                                    : ordered("Model");
    auto texts = m ? migrated_record_texts(*m, "json") : std::vector<std::pair<std::string, std::string>>{};
    j["spec"] = texts.empty() ? ordered(nullptr) : util::json::parse_ordered(texts.front().second, rep.where);
    j["gcloud"] = m ? ordered(snippet(*m)) : ordered(nullptr);
    j["findings"] = findings_json(m ? m->findings() : std::vector<lib::Finding>{});
    j["not_migrated"] = text_or_null(rep.not_migrated);
    out.push_back(std::move(j));
  });
  return out;
}

} // namespace render
