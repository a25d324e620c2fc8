#include "lib/core/targets.hpp"

#include "catalog/calendar.hpp"
#include "catalog/error.hpp"
#include "lib/core/compatibility.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/python_line.hpp"
#include "util/names.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace lib {

using catalog::format_date;

Strategy parse_strategy(std::string_view text) {
  if (text == "newest") {
    return Strategy::newest;
  }
  if (text == "nearest") {
    return Strategy::nearest;
  }
  throw catalog::InvalidInput("invalid strategy '" + std::string(text) + "' (valid: newest, nearest)");
}

std::vector<std::string> Target::uris() const {
  std::vector<std::string> out = entry->uris;
  for (const auto* t : twins) {
    out.insert(out.end(), t->uris.begin(), t->uris.end());
  }
  return out;
}

const char* standing_name(TargetStanding s) {
  using enum TargetStanding;
  static constexpr util::Names<TargetStanding, 5> k_names{{{{supported, "supported"},
                                                            {expiring, "expiring"},
                                                            {unconfirmed, "unconfirmed"},
                                                            {past_support, "past-support"},
                                                            {python_end_of_life, "python-end-of-life"}}}};
  return k_names.name(s).data();
}

std::string describe_pick(const Target& t) {
  std::string out = t.standing == TargetStanding::supported            ? "newest supported"
                    : t.standing == TargetStanding::expiring           ? "newest supported (expiring)"
                    : t.standing == TargetStanding::past_support       ? "newest still open (past support)"
                    : t.standing == TargetStanding::python_end_of_life ? "newest still open (on an end-of-life Python)"
                                                                       : "newest unconfirmed";
  return out + (t.downgrade ? " (a downgrade)" : "");
}

const MilestoneDate* first_error_milestone(const Lifecycle& lc) {
  for (const auto& m : lc.milestones) {
    if (m.policy->severity == Severity::error) {
      return &m;
    }
  }
  return nullptr;
}

std::vector<std::string> frameworks_carried(const RuntimeEntry& r) {
  std::vector<std::string> out;
  if (auto own = entry_framework(r)) {
    out.push_back(*own);
  }
  // The frameworks a runtime pins, the deep-learning ones first (the one it is named for).
  for (const char* fw : {"tensorflow", "torch", "scikit-learn", "xgboost"}) {
    if (package_version(r, fw) && std::find(out.begin(), out.end(), fw) == out.end()) {
      out.push_back(fw);
    }
  }
  return out;
}

namespace {

constexpr long k_never = catalog::k_far_future_day;

long day_number(const std::optional<Date>& d) {
  return d ? d->time_since_epoch().count() : k_never;
}

// The earliest day the milestone can take effect (nullopt: no lower bound is known).
std::optional<Date> earliest_of(const MilestoneDate& m) {
  if (m.date && !m.at_latest) {
    return m.date;
  }
  return m.earliest;
}

std::optional<long> major_of(const std::string& version) {
  auto v = catalog::pep440::Version::try_parse(version);
  if (!v || v->release().empty()) {
    return std::nullopt;
  }
  return v->release().front();
}

bool major_jump(const std::string& from, const std::string& to) {
  auto a = major_of(from);
  auto b = major_of(to);
  return a && b && *a != *b;
}

// The Python a target runs for a job on `python`: the same when it has it, else the closest
// newer one, else (older_ok) the newest older one; nullopt when it has none of these. Without a
// known Python: the newest. "" when the sources do not list the target's Python.
std::optional<std::string> python_for(const RuntimeEntry& e, const std::optional<catalog::Version>& python,
                                      bool older_ok = false) {
  if (!e.python || e.python->empty()) {
    return std::string();
  }
  const auto newest = std::max_element(e.python->begin(), e.python->end());
  if (!python) {
    return newest->str();
  }
  std::optional<catalog::Version> best;
  for (const auto& p : *e.python) {
    if (p >= *python && (!best || p < *best)) {
      best = p;
    }
  }
  if (!best && older_ok) {
    best = *newest;
  }
  return best ? std::optional<std::string>(best->str()) : std::nullopt;
}

std::optional<catalog::Version> framework_version_of(const RuntimeEntry& e, const std::string& fw) {
  auto pv = package_version(e, fw);
  if (!pv) {
    return std::nullopt;
  }
  auto v = catalog::Version::try_parse(pv->version);
  if (!v) {
    // A PEP 440 pin such as 1.15.0rc1: rank by its release numbers.
    if (auto p = catalog::pep440::Version::try_parse(pv->version)) {
      std::string rel;
      for (long n : p->release()) {
        rel += (rel.empty() ? "" : ".") + std::to_string(n);
      }
      v = catalog::Version::try_parse(rel);
    }
  }
  return v;
}

// The version a target is ranked by: its own version, or for an image its framework's.
std::optional<catalog::Version> rank_version(const Target& t) {
  if (t.handoff) {
    return catalog::Version::try_parse(t.entry->framework_version);
  }
  return ordering_version(*t.entry);
}

// Whether two entries carry the same framework at the same version (builds of one line).
bool same_line(const RuntimeEntry& a, const RuntimeEntry& b) {
  return !a.framework.empty() && a.framework == b.framework && a.framework_version == b.framework_version;
}

// A framework version as a change shows it: a major.minor line as "2.6.x"; an exact pin, or a
// version that is no dotted line ("3.0-5"), as it is.
std::string shown_version(const PackageVersion& pv) {
  return pv.version + (pv.line && catalog::Version::try_parse(pv.version) ? ".x" : "");
}

// A PyTorch/XLA build: Google names them pytorch-xla.*; they run on TPUs (and CPUs), not GPUs.
bool xla_build(const RuntimeEntry& e) {
  return e.id.starts_with("pytorch-xla");
}

// Whether a build serves a job on the accelerator: GPU builds for GPU jobs, TPU and XLA builds
// for TPU jobs, and for any other job a build that is neither.
bool serves(const RuntimeEntry& e, const std::string& accelerator) {
  const bool tpu_build = e.accelerator == "tpu" || xla_build(e);
  if (accelerator == "gpu") {
    return e.accelerator == "gpu";
  }
  if (accelerator == "tpu") {
    return tpu_build;
  }
  return !tpu_build;
}

// Python's place in the order: the job's own, the closest newer, unknown, older.
int python_rank(const Target& t) {
  if (t.python_older) {
    return 3;
  }
  if (t.python.empty()) {
    return 2;
  }
  return t.python_changes ? 1 : 0;
}

class Finder {
public:
  Finder(const catalog::CatalogSet& set, const Catalog& from, const RuntimeEntry* current, const TargetQuery& q)
      : m_from(from), m_current(current), m_q(q) {
    m_search.frameworks = q.frameworks.empty() && current ? frameworks_carried(*current) : q.frameworks;
    if (q.frameworks.empty() && m_search.frameworks.size() > 1) {
      // Of the frameworks a runtime carries, a requirement on some says which the job uses.
      std::vector<std::string> named;
      for (const auto& fw : m_search.frameworks) {
        if (std::any_of(q.requires_.begin(), q.requires_.end(), [&](const auto& r) { return r.name == fw; })) {
          named.push_back(fw);
        }
      }
      if (!named.empty()) {
        m_search.frameworks = std::move(named);
      }
    }
    m_accelerator = !q.accelerator.empty() ? q.accelerator : current && !current->accelerator.empty() ? current->accelerator : "";
    if (current) {
      Lifecycle lc = evaluate(from, *current, q.on, q.warn_days);
      // An entry that does not exist yet replaces nothing: what exists is the answer.
      m_replaces = !lc.status.is(Standing::unreleased);
      Request probe = probe_for(*current, false);
      auto problems = compatibility(from, *current, probe);
      const bool fits =
          std::none_of(problems.begin(), problems.end(), [](const Finding& f) { return f.severity == Severity::error; });
      // A job that cannot run on the entry (its Python is not there, say) has nothing to outlast.
      if (const MilestoneDate* m = first_error_milestone(lc); m && m->date && m_replaces && fits) {
        m_current_end = m->date; // the latest it can be
      }
      // Only a job that has to move is offered what may not exist yet.
      m_must_move = q.current_fails || !lc.usable() || !fits;
      // The same entry with another Python is the fix when only the Python does not fit.
      m_python_fix = lc.usable() && !fits && std::all_of(problems.begin(), problems.end(), [](const Finding& f) {
                       return f.severity != Severity::error || f.rule == rule_id(RuleId::python_unsupported);
                     });
    }
    if (q.successor_only) {
      // A migration moves the job whatever the entry's own dates: to what is open on the date,
      // even when that may close before the entry would have.
      m_must_move = true;
      m_current_end.reset();
    }
    std::string next = from.successor_for(service_name(q.service));
    m_search.successor = next.empty() ? nullptr : set.get(next);
    m_search.sunset = from.policy.sunset && *from.policy.sunset <= q.on;
  }

  TargetSearch run() {
    // Strict, then with step backs, then with a build for another accelerator than the job's (a
    // CPU build for a GPU job: never a TPU or XLA build for a job not on TPUs, nor the reverse).
    for (int pass = 0; pass < 3 && m_search.targets.empty(); ++pass) {
      m_any_build = pass == 2;
      search(pass > 0);
    }
    if (m_search.targets.size() > m_q.max) {
      m_search.targets.resize(m_q.max);
    }
    if (m_search.targets.empty() && m_must_move) {
      last_known();
    }
    if (m_current) {
      for (auto& t : m_search.targets) {
        finish(t);
      }
      for (auto& t : m_search.last_known) {
        finish(t);
      }
    }
    return std::move(m_search);
  }

private:
  const Catalog& m_from;
  const RuntimeEntry* m_current;
  const TargetQuery& m_q;
  std::string m_accelerator;
  std::optional<Date> m_current_end;
  bool m_replaces = false;
  bool m_must_move = true;
  bool m_python_fix = false;
  bool m_any_build = false; // a build for another accelerator than the job's will do
  TargetSearch m_search;
  std::vector<Target> m_held; // step-back targets of the strict pass (see steps_back)

  // One pass: the strict one admits no step back, the relaxed one (when the strict one found
  // nothing) admits them, marked.
  void search(bool relaxed) {
    m_search.targets.clear();
    m_search.handoff = false;
    m_search.handoff_reason.clear();
    m_search.frameworks_guessed = false;
    if (!m_search.sunset && !m_q.successor_only) {
      consider(m_from, false, m_search.frameworks, relaxed);
      if (m_python_fix && m_current) {
        add_python_fix();
      }
      rank(m_search.targets, m_current ? ordering_version(*m_current) : std::nullopt);
      steps_back();
    }
    if (m_search.targets.empty() && m_search.successor) {
      handoff(relaxed);
      if (m_search.targets.empty() && !m_search.sunset && !m_q.successor_only) {
        // Nothing to hand off to, and the platform still runs: the answer is to stay, not to
        // migrate (the no-alternative note says so).
        m_search.handoff = false;
        m_search.handoff_reason.clear();
      }
    }
  }

  // Lower versions that keep the job's Python come after targets that all change it (a Python 2
  // job on 2.1: 2.1 with Python 3.7, then 1.15 with Python 2.7, a downgrade).
  void steps_back() {
    if (m_held.empty() || !m_q.python) {
      m_held.clear();
      return;
    }
    const bool all_change = std::all_of(m_search.targets.begin(), m_search.targets.end(),
                                        [](const Target& t) { return t.python_changes || t.python_older; });
    if (all_change && !m_search.targets.empty()) {
      rank(m_held, m_current ? ordering_version(*m_current) : std::nullopt);
      for (auto& t : m_held) {
        if (!t.python_changes && !t.python_older && !t.python.empty()) {
          m_search.targets.push_back(std::move(t));
        }
      }
    }
    m_held.clear();
  }

  // Whether new work can still use the entry on day d: no error milestone reached or possibly
  // reached.
  static bool open_on(const Lifecycle& lc, Date d) {
    for (const auto& m : lc.milestones) {
      if (m.policy->severity == Severity::error && (m.reached_by(d) || m.maybe_reached_by(d))) {
        return false;
      }
    }
    return true;
  }

  Request probe_for(const RuntimeEntry& e, bool successor) const {
    Request probe;
    static_cast<JobNeeds&>(probe) = m_q;
    probe.runtime = e.id;
    probe.frameworks = successor && entry_framework(e) ? std::vector<std::string>{*entry_framework(e)} : m_q.frameworks;
    return probe;
  }

  // The target's standing: t's entry with the Python it would run, and its lifecycle.
  TargetStanding standing_of(const Catalog& c, const Target& t, const Lifecycle& lc) const {
    if (judge_python(c, *t.entry, catalog::Version::try_parse(t.python), m_q.on).end != PythonEnd::no) {
      return TargetStanding::python_end_of_life;
    }
    return standing_of(lc, t.unconfirmed);
  }

  TargetStanding standing_of(const Lifecycle& lc, bool unconfirmed) const {
    if (lc.reached() != nullptr) {
      return TargetStanding::past_support;
    }
    if (unconfirmed) {
      return TargetStanding::unconfirmed;
    }
    if (lc.status.expiring()) {
      return TargetStanding::expiring;
    }
    return TargetStanding::supported;
  }

  std::optional<Target> qualify(const Catalog& c, const RuntimeEntry& e, bool successor, bool relaxed) const {
    Lifecycle lc = evaluate(c, e, m_q.on, m_q.warn_days);
    if (lc.status.is(Standing::unreleased) || !open_on(lc, m_q.on) ||
        (m_q.min_days > 0 && !open_on(lc, catalog::add_days(m_q.on, m_q.min_days)))) {
      return std::nullopt;
    }
    const MilestoneDate* end = first_error_milestone(lc);
    if (m_current_end && end) {
      auto lo = earliest_of(*end);
      if (!lo || *lo <= *m_current_end) {
        return std::nullopt; // may close before the entry it replaces
      }
    }
    Request probe = probe_for(e, successor);
    probe.python.reset(); // Python is a change, judged below
    auto problems = compatibility(c, e, probe);
    if (std::any_of(problems.begin(), problems.end(), [](const Finding& f) { return f.severity == Severity::error; })) {
      return std::nullopt;
    }
    auto python = python_for(e, m_q.python, relaxed);
    if (!python) {
      return std::nullopt; // only older Pythons: not a way forward
    }
    Target t;
    t.catalog = &c;
    t.entry = &e;
    t.python = *python;
    t.python_changes = m_q.python && !python->empty() && *python != m_q.python->str();
    t.python_older =
        t.python_changes && catalog::Version::try_parse(*python) && *catalog::Version::try_parse(*python) < *m_q.python;
    // Exists, but the sources do not say it existed on the date yet (a milestone it reached
    // proves it did).
    t.unconfirmed = !exists_on(c, e, lc, m_q.on);
    if (t.unconfirmed && !m_must_move) {
      return std::nullopt;
    }
    t.standing = standing_of(c, t, lc);
    t.handoff = successor;
    set_end(t, end);
    t.lifecycle = std::move(lc);
    return t;
  }

  void set_end(Target& t, const MilestoneDate* end) const {
    t.usable_until = end ? end->date : std::nullopt;
    if (end && end->at_latest && end->windowed && end->earliest && end->earliest != end->date) {
      t.usable_until_earliest = end->earliest;
    }
    if (t.usable_until) {
      t.days_usable = catalog::days_between(m_q.on, *t.usable_until);
    }
  }

  // Whether e is a lower version than the job runs: a runtime of the same framework older than
  // the current one, or an image of a framework version below the one the job runs.
  bool step_back(const RuntimeEntry& e, bool successor, const std::string& fw) const {
    if (!m_current || !m_replaces) {
      return false;
    }
    if (!successor) {
      auto from = ordering_version(*m_current);
      auto to = ordering_version(e);
      return from && (!to || *to < *from) && entry_framework(*m_current) == entry_framework(e);
    }
    auto from = framework_version_of(*m_current, fw);
    auto to = catalog::Version::try_parse(e.framework_version);
    return from && to && *to < catalog::Version::parse(std::to_string(from->major()) + "." + std::to_string(from->minor()));
  }

  void consider(const Catalog& c, bool successor, const std::vector<std::string>& fws, bool relaxed) {
    std::vector<Target> found;
    std::vector<Target> held;
    for (const auto& e : c.runtimes) {
      if (&e == m_current) {
        continue;
      }
      auto own = entry_framework(e);
      if (successor && !own) {
        continue; // a hand-off goes to images
      }
      if (own && !fws.empty() && std::find(fws.begin(), fws.end(), *own) == fws.end()) {
        continue;
      }
      if (own && *own == "ray" && std::find(fws.begin(), fws.end(), "ray") == fws.end()) {
        continue; // Ray images run Ray clusters, not a framework's training jobs
      }
      if (!successor && m_current && !m_current->family.empty() && (e.family != m_current->family || same_line(e, *m_current))) {
        continue; // an image of a family moves within it, to another version (not its own other builds)
      }
      const bool back = step_back(e, successor, own ? *own : (fws.empty() ? "" : fws.front()));
      if (back && !relaxed && (successor || !m_q.python)) {
        continue; // not a step back (a lower runtime keeping the job's Python is held: steps_back)
      }
      if (auto t = qualify(c, e, successor, relaxed)) {
        t->downgrade = back;
        (back && !relaxed ? held : found).push_back(std::move(*t));
      }
    }
    merge_twins(found);
    merge_twins(held);
    for (auto* v : {&found, &held}) {
      std::erase_if(*v, [&](const Target& t) { return !serves_job(t); });
    }
    m_search.targets.insert(m_search.targets.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    m_held.insert(m_held.end(), std::make_move_iterator(held.begin()), std::make_move_iterator(held.end()));
  }

  // Whether one of the target's builds serves the job's accelerator (with m_any_build, a CPU or
  // GPU build serves any job not on TPUs).
  bool serves_job(const Target& t) const {
    const std::string want = m_any_build && m_accelerator != "tpu" ? "" : m_accelerator;
    auto ok = [&](const RuntimeEntry* e) { return serves(*e, want); };
    return ok(t.entry) || std::any_of(t.twins.begin(), t.twins.end(), ok);
  }

  // The current entry with a Python it has: the fix when only the job's Python does not fit.
  void add_python_fix() {
    Lifecycle lc = evaluate(m_from, *m_current, m_q.on, m_q.warn_days);
    auto python = python_for(*m_current, m_q.python, true);
    if (!python || python->empty() || !open_on(lc, m_q.on)) {
      return;
    }
    Target t;
    t.catalog = &m_from;
    t.entry = m_current;
    t.python = *python;
    t.python_changes = true;
    t.python_older = catalog::Version::try_parse(*python) && *catalog::Version::try_parse(*python) < *m_q.python;
    t.unconfirmed = !exists_on(m_from, *m_current, lc, m_q.on);
    t.standing = standing_of(m_from, t, lc);
    set_end(t, first_error_milestone(lc));
    t.lifecycle = std::move(lc);
    m_search.targets.push_back(std::move(t));
  }

  // CPU and GPU builds of the same image are one target.
  void merge_twins(std::vector<Target>& ts) const {
    const std::string want = m_accelerator.empty() ? "cpu" : m_accelerator;
    std::vector<Target> out;
    for (auto& t : ts) {
      auto twin = std::find_if(out.begin(), out.end(), [&](const Target& o) {
        const RuntimeEntry& a = *o.entry;
        const RuntimeEntry& b = *t.entry;
        return o.catalog == t.catalog && a.family == b.family && !a.accelerator.empty() && !b.accelerator.empty() &&
               a.accelerator != b.accelerator && !a.framework.empty() && a.framework == b.framework &&
               a.framework_version == b.framework_version && a.version == b.version && a.python == b.python &&
               o.usable_until == t.usable_until && o.unconfirmed == t.unconfirmed && xla_build(a) == xla_build(b);
      });
      if (twin == out.end()) {
        out.push_back(std::move(t));
      } else if (t.entry->accelerator == want && twin->entry->accelerator != want) {
        t.twins.push_back(twin->entry);
        t.twins.insert(t.twins.end(), twin->twins.begin(), twin->twins.end());
        *twin = std::move(t);
      } else {
        twin->twins.push_back(t.entry);
      }
    }
    ts = std::move(out);
  }

  // The target order (see find_targets).
  void rank(std::vector<Target>& v, const std::optional<catalog::Version>& anchor) const {
    std::stable_sort(v.begin(), v.end(), [&](const Target& a, const Target& b) {
      if (a.standing != b.standing) {
        return a.standing < b.standing;
      }
      if (a.downgrade != b.downgrade) {
        return !a.downgrade;
      }
      auto va = rank_version(a);
      auto vb = rank_version(b);
      if (va && vb && *va != *vb) {
        if (m_q.strategy == Strategy::newest || !anchor) {
          return *va > *vb;
        }
        bool a_up = *va >= *anchor;
        bool b_up = *vb >= *anchor;
        if (a_up != b_up) {
          return a_up; // upgrades before downgrades
        }
        return a_up ? *va < *vb : *va > *vb;
      }
      if (va.has_value() != vb.has_value()) {
        return va.has_value();
      }
      if (python_rank(a) != python_rank(b)) {
        return python_rank(a) < python_rank(b);
      }
      auto pa = catalog::Version::try_parse(a.python);
      auto pb = catalog::Version::try_parse(b.python);
      if (pa && pb && *pa != *pb) {
        // The closest newer Python for a job that has one; the newest for one that does not.
        return m_q.python && python_rank(a) != 3 ? *pa < *pb : *pa > *pb;
      }
      if (day_number(a.usable_until) != day_number(b.usable_until)) {
        return day_number(a.usable_until) > day_number(b.usable_until);
      }
      return a.entry->accelerator < b.entry->accelerator; // cpu before gpu
    });
  }

  void handoff(bool relaxed) {
    const Catalog& succ = *m_search.successor;
    m_search.handoff = true;
    m_search.handoff_reason =
        m_search.sunset
            ? m_from.title + " is past its sunset (" + format_date(*m_from.policy.sunset) + "): " + m_from.policy.sunset_meaning
        : m_q.successor_only
            ? "a migration to " + succ.name
            : "no newer " + m_from.entry_noun + " in " + m_from.name + " fits the request on " + format_date(m_q.on);
    std::vector<std::string> fws = m_search.frameworks;
    if (fws.empty()) {
      if (!m_q.any_framework) {
        return;
      }
      m_search.frameworks_guessed = true;
      for (const auto& e : succ.runtimes) {
        auto own = entry_framework(e);
        if (own && *own != "ray" && std::find(fws.begin(), fws.end(), *own) == fws.end()) {
          fws.push_back(*own);
        }
      }
    }
    // Per framework, ranked; then interleaved so that each framework's best comes first; then
    // by standing, so that what is supported comes before what is not, whatever its framework.
    std::vector<std::vector<Target>> groups;
    for (const auto& fw : fws) {
      std::vector<Target> group;
      std::swap(group, m_search.targets);
      consider(succ, true, {fw}, relaxed);
      std::swap(group, m_search.targets);
      rank(group, m_current ? framework_version_of(*m_current, fw) : std::nullopt);
      groups.push_back(std::move(group));
    }
    for (size_t i = 0;; ++i) {
      bool any = false;
      for (auto& g : groups) {
        if (i < g.size()) {
          m_search.targets.push_back(std::move(g[i]));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    std::stable_sort(m_search.targets.begin(), m_search.targets.end(),
                     [](const Target& a, const Target& b) { return a.standing < b.standing; });
  }

  // The prebuilt images that were usable last for the frameworks: what the data knows, named as
  // such.
  void last_known() {
    for (int pass = 0; pass < 2 && m_search.last_known.empty(); ++pass) {
      m_any_build = pass == 1;
      last_known_builds();
    }
  }

  void last_known_builds() {
    const Catalog* c = m_search.successor ? m_search.successor : &m_from;
    const std::vector<std::string>& fws = m_search.frameworks;
    const std::string want = m_any_build && m_accelerator != "tpu" ? "" : m_accelerator;
    for (const auto& e : c->runtimes) {
      auto own = entry_framework(e);
      if (!own || fws.empty() || std::find(fws.begin(), fws.end(), *own) == fws.end() || !serves(e, want)) {
        continue;
      }
      Target t;
      t.catalog = c;
      t.entry = &e;
      t.handoff = c != &m_from;
      t.lifecycle = evaluate(*c, e, m_q.on, m_q.warn_days);
      if (t.lifecycle.status.is(Standing::unreleased)) {
        continue;
      }
      set_end(t, first_error_milestone(t.lifecycle));
      t.days_usable.reset();
      t.python = python_for(e, std::nullopt).value_or("");
      t.python_changes = m_q.python && !t.python.empty() && t.python != m_q.python->str();
      m_search.last_known.push_back(std::move(t));
    }
    merge_twins(m_search.last_known);
    std::stable_sort(m_search.last_known.begin(), m_search.last_known.end(), [](const Target& a, const Target& b) {
      if (day_number(a.usable_until) != day_number(b.usable_until)) {
        return day_number(a.usable_until) > day_number(b.usable_until);
      }
      auto va = rank_version(a);
      auto vb = rank_version(b);
      return va && vb && *va > *vb;
    });
    if (m_search.last_known.size() > m_q.max) {
      m_search.last_known.resize(m_q.max);
    }
  }

  void finish(Target& t) const {
    const RuntimeEntry& r = *m_current;
    std::string from = m_q.python ? m_q.python->str() : "";
    if (from.empty()) {
      auto cp = catalog::Version::try_parse(t.python);
      bool kept = cp && r.python && std::find(r.python->begin(), r.python->end(), *cp) != r.python->end();
      from = kept || !r.python ? t.python : python_list(r);
    }
    t.changes = changes_between(r, *t.entry, from, t.python, m_search.frameworks, m_q.service);
    if (t.catalog != &m_from) {
      t.changes.insert(t.changes.begin(),
                       Change{"platform", t.catalog->name, m_from.name, t.catalog->name, true,
                              "a new platform: jobs and model versions are recreated there (" + t.catalog->title + ")"});
    }
    if (t.downgrade) {
      for (auto& c : t.changes) {
        if (c.kind == "framework") {
          c.note = "a downgrade: a lower version than the job runs" + (c.note.empty() ? "" : "; " + c.note);
        }
      }
    }
  }
};

} // namespace

std::optional<catalog::Version> ordering_version(const RuntimeEntry& e) {
  if (e.version || e.framework_version.empty()) {
    return e.version;
  }
  // "1.4-2", "3.0-5": the numbers of the text, in order (at most four).
  std::string parts;
  size_t count = 0;
  for (size_t i = 0; i < e.framework_version.size() && count < 4;) {
    if (std::isdigit(static_cast<unsigned char>(e.framework_version[i])) == 0) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < e.framework_version.size() && std::isdigit(static_cast<unsigned char>(e.framework_version[j])) != 0) {
      ++j;
    }
    parts += (parts.empty() ? "" : ".") + e.framework_version.substr(i, j - i);
    ++count;
    i = j;
  }
  return catalog::Version::try_parse(parts);
}

TargetSearch find_targets(const catalog::CatalogSet& set, const Catalog& from, const RuntimeEntry* current,
                          const TargetQuery& q) {
  return Finder(set, from, current, q).run();
}

Finding custom_container_route(const TargetSearch& s, const Catalog& from, const RuntimeEntry* current, const TargetQuery& q) {
  const bool training = q.service != Service::prediction;
  // An entry that does not exist yet on the date names no version: its software may not exist yet
  // either.
  const bool exists = current && !evaluate(from, *current, q.on, q.warn_days).status.is(Standing::unreleased);
  std::vector<std::string> what;
  for (const auto& fw : s.frameworks) {
    auto req = std::find_if(q.requires_.begin(), q.requires_.end(), [&](const auto& r) { return r.name == fw; });
    auto pv = exists ? package_version(*current, fw) : std::nullopt;
    what.push_back(req != q.requires_.end() ? req->str() : fw + (pv ? " " + shown_version(*pv) : ""));
  }
  std::string python = q.python                     ? q.python->str()
                       : current && current->python ? util::join(*current->python, " or ", [](const auto& p) { return p.str(); })
                                                    : "";
  std::string with = util::join(what, ", ");
  if (!python.empty()) {
    with += std::string(with.empty() ? "" : " and ") + "Python " + python;
  }
  const Catalog* where = s.successor ? s.successor : &from;
  std::string msg = "no prebuilt " + where->name + " " + where->entry_noun + " fits on " + format_date(q.on);
  if (where->as_of) {
    msg += " (data as of " + format_date(*where->as_of) + ")";
  }
  msg += training ? ": use a custom container" : ": use a custom serving container";
  if (!with.empty()) {
    msg += " with " + with;
  }
  msg += training ? ", the job's pinned packages installed in the image, and the trainer's entrypoint "
                    "(ENTRYPOINT [\"python\", \"-m\", \"trainer.task\"])"
                  : ", the model's pinned packages installed in the image, and an HTTP server that loads the model and "
                    "answers on AIP_HTTP_PORT at AIP_PREDICT_ROUTE and AIP_HEALTH_ROUTE";
  if (!s.last_known.empty()) {
    const Target& t = s.last_known.front();
    msg += "; last known prebuilt " + where->entry_noun + ": " + t.entry->id;
    if (t.usable_until) {
      msg += std::string(t.usable_until <= q.on ? " (withdrawn " : " (usable until ") + format_date(*t.usable_until) + ")";
    }
  }
  Finding f = finding_of(RuleId::custom_container_route, msg);
  f.catalog = from.name;
  f.runtime = current ? current->id : "";
  return f;
}

std::vector<Change> changes_between(const RuntimeEntry& current, const RuntimeEntry& target, const std::string& python_from,
                                    const std::string& python_to, const std::vector<std::string>& frameworks, Service service) {
  std::vector<Change> out;
  if (!python_to.empty() && python_from != python_to) {
    Change c{"python", "python", python_from, python_to, false, ""};
    if (major_jump(python_from, python_to)) {
      c.breaking = true;
      c.note = "Python 2 code must be ported to Python 3";
    }
    out.push_back(c);
  }
  for (const auto& fw : frameworks) {
    auto from = package_version(current, fw);
    auto to = package_version(target, fw);
    if (!from && !to) {
      continue;
    }
    std::string f = from ? shown_version(*from) : "";
    std::string t = to ? shown_version(*to) : "";
    if (f == t) {
      continue;
    }
    Change c{"framework", fw, f, t, false, ""};
    if (from && to && major_jump(from->version, to->version)) {
      c.breaking = true;
      c.note = fw == "tensorflow" && major_of(from->version) == 1
                   ? "TensorFlow 2 drops the 1.x graph and session APIs: port with tf_upgrade_v2 or run under tf.compat.v1"
                   : "major version change: check " + fw + "'s migration notes";
    } else if (!to) {
      c.note = "no " + fw + " version is recorded on " + target.id + ": " + unrecorded_framework_advice(fw, service);
    }
    out.push_back(c);
  }
  // Packages both pin: a package only one side records says nothing about what changes.
  std::map<std::string, std::pair<std::string, std::string>> pins;
  for (const auto& p : current.packages) {
    pins[p.name].first = p.version;
  }
  for (const auto& p : target.packages) {
    pins[p.name].second = p.version;
  }
  for (const auto& [name, ft] : pins) {
    if (ft.first.empty() || ft.second.empty() || ft.first == ft.second ||
        std::find(frameworks.begin(), frameworks.end(), name) != frameworks.end()) {
      continue;
    }
    Change c{"package", name, ft.first, ft.second, false, ""};
    if (major_jump(ft.first, ft.second)) {
      c.breaking = true;
      c.note = "major version change";
    }
    out.push_back(c);
  }
  return out;
}

} // namespace lib
