#pragma once

#include "catalog/calendar.hpp"
#include "catalog/text.hpp"
#include "catalog/version.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace catalog {

enum class Severity { note, warning, error };
std::string_view to_string(Severity s);
// Parses "note", "warning" or "error"; nullopt otherwise.
std::optional<Severity> parse_severity(std::string_view text);

// One lifecycle milestone of a catalog's policy, in order.
struct MilestonePolicy {
  std::string name;                          // e.g. "submission_end"
  std::optional<int> after_months;           // derived as release + N months when set
  std::optional<Date> not_before;            // retroactive floor of derived dates
  Severity severity = Severity::error;       // for new work
  std::optional<Severity> deployed_severity; // for resources already deployed, when different
  std::string meaning;                       // "from that day on ..."
  std::string reached;                       // past tense phrase: "closed to new jobs"
  std::string upcoming;                      // future tense phrase: "closes to new jobs"
};

// From this date on, the listed job fields are required; before it they defaulted.
struct RequiredFields {
  Date from;
  std::vector<std::string> fields;
  std::vector<std::pair<std::string, std::string>> defaults;
  std::string source;
};

struct Policy {
  std::vector<MilestonePolicy> milestones;
  std::optional<Date> sunset; // every milestone is capped at this date
  std::string sunset_meaning;
  std::vector<std::pair<std::string, std::string>> successor; // service -> catalog name
  std::optional<RequiredFields> required_fields;
  std::string service; // "training" or "prediction" when the catalog serves one
  std::string uri_note;
  std::vector<std::string> sources;
};

// A compatibility rule: the framework needs at least min_runtime for the service.
struct Rule {
  std::string id;
  std::string service;   // "training" or "prediction"
  std::string framework; // normalised package name
  Version min_runtime;
  std::string message;
  std::string source;
};

// A package and a version: an exact PEP 440 pin, or a major.minor line.
struct Package {
  std::string name;
  std::string version;
};

// A milestone an entry states: a day; a window [from, date] (a future day its source gives only
// as a month, or sources that disagree by days); or no date at all: stated unknown.
struct StatedMilestone {
  std::string name;
  std::optional<Date> date; // the day, or a window's last day; nullopt: unknown
  std::optional<Date> from; // a window's first day, before `date`
  Texts sources;            // a window's own sources: what each end rests on
  bool is_window() const { return from.has_value(); }
  bool operator==(const StatedMilestone&) const = default;
};

struct RuntimeEntry {
  std::string id;
  std::optional<Version> version;
  std::optional<Date> released;
  std::optional<Date> released_after;         // only when released is unknown: did not exist yet then
  std::optional<Date> released_by;            // only when released is unknown: existed by then
  std::optional<std::vector<Version>> python; // nullopt: unknown
  std::vector<Package> packages;              // exact installed versions (PEP 440)
  std::vector<Package> package_lines;         // only the major.minor line is known
  std::vector<StatedMilestone> milestones;    // explicit, in policy order
  std::string framework;                      // images: display name of the framework
  std::string framework_version;
  std::string accelerator;
  std::optional<std::string> cuda;
  // Images: the line of images it belongs to ("pytorch-training/ec2": one repository on one
  // platform). An image with a family is upgraded only to images of the same family; "" when the
  // catalog does not group its images.
  std::string family;
  // "training" or "prediction" when the entry serves one and its catalog's policy does not say
  // (a catalog of both kinds of images); "" otherwise.
  std::string service;
  std::vector<std::string> uris;
  Text notes;
  Texts sources;
  std::string confidence;

  // The milestone the entry states under that name, if any.
  const StatedMilestone* stated(std::string_view name) const;
};

// The release of one framework version (a normalised package name and its major.minor line or
// exact version), as a lower bound for every entry that ships it: an entry cannot predate the
// framework it carries. Exact (released), or within (released_after, released_by]; unknown: null.
struct FrameworkRelease {
  std::string framework; // normalised package name: "tensorflow", "torch", "scikit-learn"
  Version version;       // "2.17", or an exact release such as "2.33.0"
  std::optional<Date> released;
  std::optional<Date> released_after; // the last day it did not exist yet
  std::optional<Date> released_by;    // an upper bound only: never a lower bound for an entry
  std::string notes;
  std::vector<std::string> sources;
};

struct Catalog {
  std::string name;
  std::string title;
  std::string entry_noun = "runtime"; // what an entry is called in messages: "runtime", "image"
  std::optional<Date> as_of;
  std::string as_of_note;
  Policy policy;
  std::vector<Rule> rules;
  std::vector<FrameworkRelease> framework_releases; // by framework, then version
  std::vector<RuntimeEntry> runtimes;
  // The catalog of the Python lines the entries pin (the set's `python` catalog), when the set
  // that holds this catalog has one: their releases bound the entries' and their end of life is a
  // finding. Set by the catalog set; nullptr for the python catalog itself.
  const Catalog* python = nullptr;

  const RuntimeEntry* find(std::string_view id) const;
  // The release of a framework version listed exactly as given (no prefix matching).
  const FrameworkRelease* framework_release(std::string_view framework, const Version& version) const;
  const MilestonePolicy* milestone(std::string_view name) const;
  std::string successor_for(std::string_view service) const;
};

} // namespace catalog
