#pragma once

#include "catalog/catalog_set.hpp"
#include "catalog/pep440.hpp"
#include "lib/core/compatibility.hpp"
#include "lib/core/finding.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/service.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

// How targets are ranked: `newest` puts the most recent version first; `nearest` the
// smallest step up from the current one (for images: the framework version closest to the
// current one), so that the migration changes as little as possible.
enum class Strategy { newest, nearest };

// Parses "newest" or "nearest"; throws InvalidInput listing the valid values otherwise.
Strategy parse_strategy(std::string_view text);

// One thing that differs between the current runtime and a target.
struct Change {
  std::string kind;      // "python", "framework", "package", "platform"
  std::string name;      // "python", "tensorflow", "numpy", the catalog name
  std::string from;      // empty: not on the current runtime
  std::string to;        // empty: not on the target
  bool breaking = false; // a major version jump (TensorFlow 1 -> 2), a platform move
  std::string note;      // why it is breaking, when it is
};

// What a target must fit, on which date and for which service.
// python: the Python the job runs now (unset: unknown); frameworks: the keys the job names (empty:
// the current entry's).
struct TargetQuery : JobNeeds {
  Strategy strategy = Strategy::newest;
  size_t max = 5;
  int min_days = 0;           // a target must stay open for new work until on + min_days
  bool any_framework = false; // with no framework known, hand off to images of every framework
  bool current_fails = false; // the request has an error on the current entry: the job has to move
  // The job's accelerator: "gpu", "tpu" or "cpu"; "" when unknown (the current entry's, else not
  // a TPU). A GPU job gets GPU builds, a TPU job TPU or XLA builds, any other job neither.
  std::string accelerator;
  bool successor_only = false; // look only in the successor catalog (a migration)
};

// Where a target stands on the date: the first key of the target order, best first.
// An unconfirmed target comes after the confirmed supported ones but before what is past support:
// where the sources give no release date (most Vertex AI images), everything still supported on a
// date before the catalog's as_of is unconfirmed, and a job should not be sent to an image past
// its support while a supported one may exist.
enum class TargetStanding {
  supported,    // exists, open, supported, its next milestone not within warn_days
  expiring,     // exists, open and supported, a milestone within warn_days
  unconfirmed,  // supported if it exists, but its release window holds the date: it may not exist yet
  past_support, // open for new work, but past a warning milestone (support_end); that it exists is certain
  // open, but the Python it would run has reached (or may have reached) its end of life: after
  // everything that runs a Python with security fixes
  python_end_of_life,
};

// "supported", "expiring", "past-support", "unconfirmed", "python-end-of-life".
const char* standing_name(TargetStanding s);

// A runtime or image to move to, on the query's date and for its service.
struct Target {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr;    // the twin that matches the current accelerator (cpu first)
  std::vector<const RuntimeEntry*> twins; // the same image for the other accelerators
  Lifecycle lifecycle;                    // of `entry` on the date
  std::string python;                     // the Python it would run ("" when the sources do not say)
  bool python_changes = false;            // a different Python than the job runs now
  bool unconfirmed = false;               // its release window holds the date: it may not exist yet
  TargetStanding standing = TargetStanding::supported;
  bool downgrade = false;           // a lower framework (or runtime) version than the job runs: only when nothing else fits
  bool python_older = false;        // it has only Pythons older than the job's: only when nothing else fits
  bool handoff = false;             // from the successor catalog
  std::optional<Date> usable_until; // its first error milestone (the latest it can be); unset: unknown
  std::optional<Date> usable_until_earliest; // the earliest that milestone can be, when it is a window
  std::optional<long> days_usable;
  std::vector<Change> changes; // from the current entry (empty when there is none)

  // Every URI of the target: the entry's, then its twins'.
  std::vector<std::string> uris() const;
};

// The answer of a target search.
struct TargetSearch {
  std::vector<std::string> frameworks; // what the search was about
  std::vector<Target> targets;         // ranked, best first: confirmed ones before unconfirmed ones
  const Catalog* successor = nullptr;  // the catalog a hand-off goes to (nullptr: none)
  bool handoff = false;                // targets come from the successor catalog
  bool sunset = false;                 // the current catalog is past its sunset on the date
  bool frameworks_guessed = false;     // no framework known: images of every framework are shown
  std::string handoff_reason;
  // When nothing fits: the newest prebuilt images the data knows for the frameworks, whatever
  // their state on the date (the "last known", never a recommendation).
  std::vector<Target> last_known;
};

// Finds what to move to from `current` (an entry of `from`; nullptr: a default for a job that
// names none). A target, on the query's date and for its service:
//  - exists: not unreleased; one whose release window holds the date is unconfirmed;
//  - is open: no error milestone for new work reached, nor possibly reached, on the date (nor on
//    date + min_days);
//  - outlasts the current entry, when the job can run on that: the earliest day its first error
//    milestone can be is later than the latest day the current entry's can be;
//  - fits: no error finding for the frameworks and requirements on it, and a build for the job's
//    accelerator; Ray images only for Ray;
//  - is no step back: not a lower framework (or runtime) version than the job runs, and a Python
//    no older than the job's. Such a target is offered only when nothing else fits, or (a lower
//    version keeping the job's Python) when every other target changes the Python; it is marked
//    (downgrade, python_older).
// Where the job cannot run on the current entry only because of its Python, the current entry
// with another Python is a target too.
//
// The order, stated once (every command shows its first target):
//  1. standing on the date: supported, expiring, unconfirmed, past support (still open), on an
//     end-of-life Python (python_line: the Python it would run);
//  2. no downgrade before a downgrade;
//  3. the newest framework version (for runtimes, the newest runtime); with Strategy::nearest the
//     smallest step up;
//  4. Python: the job's own, else the closest newer one (a change), a known Python before an
//     unknown one, an older one last; without a job Python, the newest;
//  5. the later end of use; then the job's accelerator, CPU first.
// Same catalog first; the successor catalog for the service (images of the job's frameworks)
// when the catalog is past its sunset, nothing in it fits, or the query asks only for it; with
// several frameworks each one's best comes first. CPU and GPU twins (same framework, version and
// Python) are one target. At most `max` targets.
TargetSearch find_targets(const catalog::CatalogSet& set, const Catalog& from, const RuntimeEntry* current, const TargetQuery& q);

// The custom-container-route note for a search that found nothing prebuilt: a container with the
// frameworks and Python the job needs, its pinned packages and the entrypoint (training) or
// model server (prediction), beside the date the data is as of and the last known image.
Finding custom_container_route(const TargetSearch& s, const Catalog& from, const RuntimeEntry* current, const TargetQuery& q);

// What changes from `current` to `target` for the frameworks of interest: Python, framework
// versions (major jumps are breaking) and every package both pin, old -> new.
std::vector<Change> changes_between(const RuntimeEntry& current, const RuntimeEntry& target, const std::string& python_from,
                                    const std::string& python_to, const std::vector<std::string>& frameworks, Service service);

// The frameworks an entry carries (images: their framework; runtimes: the frameworks it pins).
std::vector<std::string> frameworks_carried(const RuntimeEntry& r);

// How the first target stands, in words that are true of it: "newest supported", "newest
// expiring", "newest still open (past support)", "newest unconfirmed"; with "(a downgrade)" when
// it is one.
std::string describe_pick(const Target& t);

// The version an entry is ordered by among its catalog's entries: its version; without one, the
// numbers of its framework version in order ("1.4-2" as 1.4.2, "3.0-5" as 3.0.5); nullopt when
// neither gives one.
std::optional<catalog::Version> ordering_version(const RuntimeEntry& e);

// The first milestone that closes the entry to new work, if the catalog has one.
const MilestoneDate* first_error_milestone(const Lifecycle& lc);

} // namespace lib
