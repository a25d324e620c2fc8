#include "lib/fleet/audit.hpp"

#include "catalog/error.hpp"
#include "lib/core/check.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/image_ref.hpp"
#include "lib/core/upgrade.hpp"
#include "util/bytes.hpp"
#include "util/names.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <array>

namespace lib {

using namespace std::string_view_literals;

using catalog::format_date;

namespace {

Finding make(RuleId rule, std::string message) {
  return finding_of(rule, std::move(message));
}

// The first milestone that breaks the resource: error severity for new work, or for deployed
// resources the deployed severity.
const MilestoneDate* breaking_milestone(const Lifecycle& lc, bool deployed) {
  for (const auto& m : lc.milestones) {
    Severity s = deployed && m.policy->deployed_severity ? *m.policy->deployed_severity : m.policy->severity;
    if (s == Severity::error && m.date) {
      return &m;
    }
  }
  return nullptr;
}

// Whether the record's state shows a model version in existence: READY, CREATING or UPDATING.
// (A job still running after its runtime closed to new jobs contradicts nothing: it was
// submitted before.)
bool shows_alive(const Resource& r) {
  return (r.kind == ResourceKind::model_version || r.kind == ResourceKind::model) &&
         (r.state == "READY"sv || r.state == "CREATING"sv || r.state == "UPDATING"sv);
}

// Whether the record's state shows the resource in existence or at work: a model version alive,
// or a job queued, preparing, running or being cancelled.
bool shows_live(const Resource& r) {
  return shows_alive(r) || (r.kind == ResourceKind::job && (r.state == "QUEUED"sv || r.state == "PREPARING"sv ||
                                                            r.state == "RUNNING"sv || r.state == "CANCELLING"sv));
}

// Whether the platform accepted the resource: any known state but a failure.
bool shows_accepted(const Resource& r) {
  auto ends = [&](std::string_view s) { return r.state.size() >= s.size() && r.state.ends_with(s); };
  return !r.state.empty() && !ends("FAILED") && !ends("STATE_UNSPECIFIED") && r.state != "UNKNOWN";
}

// Whether the resource serves (a model version, a Vertex AI model deployed to an endpoint, an
// endpoint's deployed model) rather than stands for new work: the deployed severity applies.
bool serving(const Resource& r) {
  return r.kind == ResourceKind::model_version || r.kind == ResourceKind::endpoint ||
         (r.kind == ResourceKind::model && !r.endpoints.empty());
}

// The UTC day of an RFC 3339 time ("2021-03-02T14:09:33Z"), when it has one.
std::optional<Date> day_of(std::string_view time) {
  if (time.size() < 10) {
    return std::nullopt;
  }
  return catalog::try_parse_date(time.substr(0, 10));
}

} // namespace

namespace {

// What the record shows beyond a (shared) verdict, as a key of Auditor::m_evidenced.
struct Evidence {
  RecordEvidence contradiction = RecordEvidence::none;
  bool stale = false;
  int key() const { return static_cast<int>(contradiction) * 2 + (stale ? 1 : 0); }
  bool any() const { return contradiction != RecordEvidence::none || stale; }
};

Evidence evidence_of(const Resource& r, const Verdict& v, std::optional<Date> sunset) {
  Evidence e;
  e.stale = sunset && shows_live(r);
  if (!v.deadline || v.deadline_milestone.empty()) {
    return e;
  }
  const auto created = day_of(r.created);
  if (created && *created >= *v.deadline && shows_accepted(r)) {
    // Created on or after the day the catalog says the milestone was in effect.
    e.contradiction = RecordEvidence::created_after;
  } else if (shows_alive(r) && v.days && *v.days_latest() <= 0) {
    // In existence on a date the catalog says it was gone: the date of the audit while the
    // platform runs (the export is taken as current), else a time the record itself shows
    // (an export listing it alive after the shutdown was taken before, when is not known).
    const auto seen = day_of(r.seen);
    if (!sunset || (seen && *seen >= *v.deadline && *seen < *sunset)) {
      e.contradiction = RecordEvidence::alive_after;
    }
  }
  return e;
}

// A finding about the record itself, worded by findings_for(); one that takes the milestone's
// place takes its "use X" too.
Finding placeholder(RuleId rule, const Verdict& v, bool replaces) {
  Finding f = make(rule, "");
  f.catalog = v.catalog;
  f.suggestion = replaces ? v.target : "";
  return f;
}

// The verdict of a record that shows more than the catalog.
Verdict with_evidence(const Verdict& v, Evidence e, std::optional<Date> sunset) {
  Verdict out = v;
  out.evidence = e.contradiction;
  out.stale_export = e.stale;
  const std::string rule = milestone_rule(v.deadline_milestone);
  auto it = std::find_if(out.findings.begin(), out.findings.end(), [&](const Finding& f) { return f.rule == rule; });
  out.milestone_words = it != out.findings.end() ? it->message : "";
  if (e.contradiction != RecordEvidence::none) {
    if (sunset) {
      // The platform is gone whatever the catalog's date: the milestone stands, the
      // contradiction is said beside it.
      out.findings.push_back(placeholder(RuleId::inventory_disagrees, v, false));
    } else {
      // The inventory is evidence too: the milestone is not stated as fact against it.
      if (it != out.findings.end()) {
        *it = placeholder(RuleId::inventory_disagrees, v, true);
      } else {
        out.findings.push_back(placeholder(RuleId::inventory_disagrees, v, true));
      }
      out.status.state = AuditState::inventory_disagrees;
    }
  }
  if (e.stale) {
    out.findings.push_back(placeholder(RuleId::stale_export, v, false));
  }
  out.severity = worst(out.findings);
  return out;
}

// "READY", "READY, created on 2023-01-05": what the record shows, for its findings.
void append_shown(std::string& out, const Resource& r, bool created) {
  out += r.state;
  if (const auto day = created ? day_of(r.created) : std::nullopt) {
    out += ", created on ";
    out += format_date(*day);
  }
}

// Appended to `out` in place (an audit words one a record that disagrees).
void append_disagreement_words(std::string& out, const Resource& r, const Verdict& v) {
  out += "the inventory shows it ";
  append_shown(out, r, v.evidence == RecordEvidence::created_after);
  if (v.evidence == RecordEvidence::alive_after && v.sunset) {
    if (const auto seen = day_of(r.seen)) {
      out += " with its ";
      out += r.seen_field;
      out += " on ";
      out += format_date(*seen);
    }
  }
  out += ", but the catalog says ";
  if (!v.milestone_words.empty()) {
    out += v.milestone_words;
  } else if (v.deadline) {
    out += "its ";
    out += v.deadline_milestone;
    out += " was in effect from ";
    out += format_date(*v.deadline);
  }
  out += ": the inventory and the catalog disagree (check the resource; the catalog's date may be wrong)";
}

// "listed READY, but its platform shut down on 2025-02-01: the export is stale, taken before then
// (no earlier than 2023-09-04, its createTime); the model version no longer exists".
std::string stale_words(const Resource& r, const Verdict& v) {
  const std::string sunset = v.sunset ? format_date(*v.sunset) : "?";
  std::string since;
  const auto seen = day_of(r.seen);
  const auto created = day_of(r.created);
  if (seen && (!created || *seen >= *created)) {
    since = "no earlier than " + format_date(*seen) + ", its " + std::string(r.seen_field);
  } else if (created) {
    since = "no earlier than " + format_date(*created) + ", its createTime";
  } else {
    since = "the inventory does not say when";
  }
  return "listed " + r.state + ", but its platform shut down on " + sunset + ": the export is stale, taken before then (" +
         since + "); the " + kind_label(r) + " no longer " + (r.kind == ResourceKind::job ? "runs" : "exists");
}

} // namespace

Auditor::Auditor(const catalog::CatalogSet& set, Date on, int warn_days, std::string platform)
    : m_set(set), m_on(on), m_warn_days(warn_days), m_platform(std::move(platform)) {}

namespace {

// What a verdict depends on, as views of a resource's fields: kind, service, catalog, runtime,
// Python, framework, whether it serves and whether its model is missing, and for a resource
// without a runtime its image.
struct VerdictKey {
  std::array<std::string_view, 8> parts;

  explicit VerdictKey(const Resource& r)
      : parts{kind_name(r.kind), r.service,   r.catalog, r.runtime,
              r.python,          r.framework, flags(r),  r.runtime.empty() ? std::string_view(r.image_uri) : std::string_view()} {
  }

  static std::string_view flags(const Resource& r) {
    static constexpr std::string_view k_flags[] = {"", "s", "m", "sm", "l", "sl", "ml", "sml"};
    return k_flags[(serving(r) ? 1 : 0) + (r.model_missing ? 2 : 0) + (r.summary ? 4 : 0)];
  }

  uint64_t hash() const {
    uint64_t h = 0;
    for (std::string_view p : parts) {
      h = util::hash_mix(h, p);
    }
    return h;
  }

  bool operator==(const std::array<std::string, 8>& kept) const {
    for (size_t i = 0; i < parts.size(); ++i) {
      if (!util::same_text(parts[i], kept[i])) {
        return false;
      }
    }
    return true;
  }

  // The map's key: the parts, each after its length (no two keys share a text).
  void write(std::string& out) const {
    out.clear();
    for (std::string_view p : parts) {
      const auto size = static_cast<uint32_t>(p.size());
      out.append(reinterpret_cast<const char*>(&size), sizeof size).append(p);
    }
  }
};

} // namespace

const Verdict& Auditor::judge(const Resource& r) {
  const Verdict& v = shared(r);
  const Evidence e = evidence_of(r, v, v.sunset);
  if (!e.any()) {
    return v;
  }
  auto [it, fresh] = m_evidenced.try_emplace({&v, e.key()});
  if (fresh) {
    it->second = with_evidence(v, e, v.sunset);
  }
  return it->second;
}

const Verdict& Auditor::shared(const Resource& r) {
  // shared runs once per record: a recent answer is found by a hash of the fields, without building
  // the map's key; the map holds every verdict, each computed once.
  const VerdictKey key(r);
  if (m_recent.empty()) {
    m_recent.resize(k_recent_slots);
  }
  Recent& recent = m_recent[key.hash() >> 54 & (k_recent_slots - 1)];
  if (recent.verdict && key == recent.parts) {
    return *recent.verdict;
  }
  thread_local std::string text; // reused
  key.write(text);
  auto it = m_cache.find(text);
  if (it == m_cache.end()) {
    it = m_cache.emplace(text, compute(r)).first;
  }
  std::copy(key.parts.begin(), key.parts.end(), recent.parts.begin());
  recent.verdict = &it->second;
  return it->second;
}

const catalog::Catalog* Auditor::legacy_catalog() const {
  // --platform's catalog, else the first catalog that requires the field.
  const catalog::Catalog* c = m_platform.empty() ? nullptr : m_set.get(m_platform);
  if (!c || !c->policy.required_fields) {
    c = nullptr;
    for (const auto* other : m_set.all()) {
      if (other->policy.required_fields) {
        c = other;
        break;
      }
    }
  }
  return c;
}

Finding Auditor::missing_runtime() const {
  const catalog::Catalog* c = legacy_catalog();
  std::optional<Finding> f;
  if (c && c->policy.required_fields) {
    f = missing_field(*c->policy.required_fields, "runtimeVersion", m_on);
  }
  if (!f) {
    f = make(RuleId::runtime_version_required, "runtimeVersion is required");
  }
  f->message = "has neither runtimeVersion nor a custom container; " + f->message;
  return *f;
}

Verdict Auditor::without_runtime(const Resource& r) const {
  Verdict v;
  if (r.model_missing) {
    v.status.state = AuditState::model_missing;
    v.action = "add the model's record to the run (gcloud ai models list --format=json)";
    v.findings.push_back(make(RuleId::deployed_model_missing,
                              "no inventory of the run describes its model, so the image it serves is not judged"));
  } else if (is_vertex(r) && !r.image_uri.empty()) {
    v.status.state = AuditState::custom_image;
    v.action = "none: custom image: not tracked";
    v.findings.push_back(make(RuleId::custom_container,
                              "custom image: not tracked: " + r.image_uri +
                                  (r.sagemaker ? " is not an image the catalogs list" : " is not a Vertex AI prebuilt image")));
  } else if (r.summary) {
    // list-training-jobs gives each job's name, state and times, not its image.
    v.status.state = AuditState::no_image;
    v.action = "describe the training job (aws sagemaker describe-training-job): a listing's summary names no image";
  } else if (is_vertex(r)) {
    v.status.state = AuditState::no_image;
    v.action = "none";
  } else if (!r.image_uri.empty()) {
    v.status.state = AuditState::custom_container;
    v.action = "none from rtcat: keep the image's base up to date";
    v.findings.push_back(
        make(RuleId::custom_container, "uses the custom container " + r.image_uri + "; no runtime version lifecycle applies"));
  } else {
    v.status.state = AuditState::missing_runtime;
    v.action = "set runtimeVersion and pythonVersion";
    v.findings.push_back(missing_runtime());
  }
  v.severity = worst(v.findings);
  // A legacy record without a runtime (a custom container, the field missing) lives and dies with
  // its platform too.
  if (const catalog::Catalog* c = is_vertex(r) ? nullptr : legacy_catalog(); c && c->policy.sunset && m_on >= *c->policy.sunset) {
    v.sunset = c->policy.sunset;
  }
  return v;
}

Request Auditor::request_for(const Resource& r) const {
  Request req;
  req.runtime = r.catalog.empty() || !m_set.has(r.catalog) ? r.runtime : r.catalog + ":" + r.runtime;
  req.service = parse_service(r.service);
  req.deployed = serving(r);
  req.on = m_on;
  req.warn_days = m_warn_days;
  req.platform = m_platform;
  if (!r.framework.empty()) {
    req.frameworks.push_back(framework_key(r.framework));
  }
  if (!r.python.empty()) {
    req.python = catalog::Version::parse(r.python);
  }
  return req;
}

Verdict Auditor::compute(const Resource& r) const {
  if (r.runtime.empty()) {
    return without_runtime(r);
  }
  Verdict v;
  Request req;
  CheckResult cr;
  try {
    req = request_for(r);
    cr = check(m_set, req);
  } catch (const catalog::InvalidInput& e) {
    v.status.state = AuditState::invalid;
    v.action = "fix the record";
    v.findings.push_back(make(RuleId::invalid_field, e.what()));
    v.severity = Severity::error;
    return v;
  }
  // check's own "no-alternative" note is superseded by the action computed below.
  for (auto& f : cr.findings) {
    if (f.rule != rule_id(RuleId::no_alternative)) {
      v.findings.push_back(std::move(f));
    }
  }
  v.severity = worst(v.findings);
  if (!cr.target) {
    v.status.state = AuditState::unknown_runtime;
    v.target = v.findings.front().suggestion;
    v.action = v.target.empty() ? "fix runtimeVersion" : "fix runtimeVersion (did you mean " + v.target + "?)";
    return v;
  }
  v.status.lifecycle = cr.lifecycle->status;
  v.catalog = cr.target->catalog->name;
  if (const auto& sunset = cr.target->catalog->policy.sunset; sunset && m_on >= *sunset) {
    v.sunset = sunset;
  }
  if (const MilestoneDate* m = breaking_milestone(*cr.lifecycle, req.deployed)) {
    v.deadline = m->date;
    v.deadline_earliest = m->is_window() ? m->earliest : std::nullopt;
    v.deadline_milestone = m->name();
    v.days = catalog::days_between(m_on, *m->first_day());
  }
  if (!v.severity || *v.severity < Severity::warning) {
    v.action = "none";
    return v;
  }
  choose_target(r, req, v);
  return v;
}

void Auditor::choose_target(const Resource& r, const Request& req, Verdict& v) const {
  UpgradeRequest up;
  up.base = req;
  up.max = 1;
  UpgradePlan plan = plan_upgrade(m_set, up);
  if (plan.candidates.empty()) {
    v.action = "no available target on " + format_date(m_on) + " (see rtcat upgrade)";
    return;
  }
  if (plan.handoff && plan.frameworks.empty()) {
    v.action = "migrate to " + plan.candidates.front().catalog->name + " (no framework is recorded for " + r.runtime +
               ": choose the image of the job's framework with rtcat upgrade --framework)";
    return;
  }
  const Candidate& best = plan.candidates.front();
  v.target = plan.handoff ? best.catalog->name + ":" + best.entry->id : best.entry->id;
  v.action = (plan.handoff ? "migrate to " : "upgrade to ") + v.target;
  if (*v.severity != Severity::error && v.deadline && v.days && *v.days > 0) {
    v.action += " before " + format_date(v.deadline_earliest.value_or(*v.deadline));
  }
  for (auto& f : v.findings) {
    if (f.severity >= Severity::warning) { // the upgrade plan's choice, not check's Python-bound one
      f.suggestion = v.target;
    }
  }
}

namespace {

// Each AuditState but lifecycle once, with its name (what a script reads) and its words (what a
// report says). AuditState::lifecycle has neither (the lifecycle's are the status's).
struct StateWords {
  AuditState state;
  std::string_view name;
  std::string_view words;
};

constexpr std::array<StateWords, 8> k_audit_states{{
    {AuditState::custom_container, "custom-container", "custom container"},
    {AuditState::custom_image, "custom-image", "custom image (not tracked)"},
    {AuditState::no_image, "no-image", "no image recorded"},
    {AuditState::missing_runtime, "missing-runtime", "no runtime recorded"},
    {AuditState::unknown_runtime, "unknown-runtime", "runtime in no catalog"},
    {AuditState::invalid, "invalid", "invalid record"},
    {AuditState::model_missing, "model-missing", "deployed model without its model record"},
    {AuditState::inventory_disagrees, "inventory-disagrees", "inventory disagrees with the catalog"},
}};

// One column of k_audit_states as a table of names.
constexpr util::Names<AuditState, k_audit_states.size()> state_column(std::string_view StateWords::*column) {
  util::Names<AuditState, k_audit_states.size()> out{};
  for (size_t i = 0; i < k_audit_states.size(); ++i) {
    out.entries[i] = {k_audit_states[i].state, k_audit_states[i].*column};
  }
  return out;
}

constexpr auto k_audit_state_names = state_column(&StateWords::name);
constexpr auto k_audit_state_words = state_column(&StateWords::words);

} // namespace

std::string_view audit_state_name(AuditState s) {
  return k_audit_state_names.name(s);
}

std::string_view audit_state_words(AuditState s) {
  return k_audit_state_words.name(s);
}

std::string_view status_name(const VerdictStatus& s) {
  if (!s.is(AuditState::lifecycle) || !s.lifecycle) {
    return audit_state_name(s.state);
  }
  return s.lifecycle->name;
}

void append_kind_label(std::string& out, const Resource& r) {
  const size_t at = out.size();
  out += kind_name(r.kind);
  std::replace(out.begin() + static_cast<std::ptrdiff_t>(at), out.end(), '_', ' ');
}

std::string kind_label(const Resource& r) {
  std::string out;
  append_kind_label(out, r);
  return out;
}

std::string resource_label(const Resource& r) {
  std::string out;
  append_resource_label(out, r);
  return out;
}

void append_resource_label(std::string& out, const Resource& r) {
  const std::string_view name = r.name.empty() ? std::string_view("(unnamed)") : std::string_view(r.name);
  append_kind_label(out, r);
  out += ' ';
  out += name;
  if (!r.part.empty()) {
    out += ", ";
    out += r.part;
  }
  if (r.kind == ResourceKind::model && !r.endpoints.empty()) {
    out += " (deployed to " + util::join(r.endpoints, ", ") + ")";
  }
}

namespace {

// A unit of a Vertex AI or SageMaker resource for one image: the prebuilt image's catalog and id
// when the URI names one (lib/core/image_ref: an ECR image by the entry that lists its repository
// and tag), else a custom image.
Resource image_unit(const Resource& r, const std::string& uri, std::string part, std::optional<ImageIndex>& images) {
  Resource u = r;
  u.images.clear();
  u.deployed.clear();
  u.image_uri = uri;
  u.part = std::move(part);
  auto img = image_ref(uri);
  if (!img) {
    return u;
  }
  if (!img->ecr) {
    u.catalog = img->catalog;
    u.runtime = img->image;
    u.service = service_name(img->service);
  } else if (auto m = images ? images->match(*img) : std::nullopt) {
    u.catalog = m->catalog;
    u.runtime = m->image;
    u.service = service_name(m->service.value_or(img->service));
  }
  return u;
}

// The images of a record, each URI once, with every place that names it ("a, b").
std::vector<ImageUse> distinct_images(const std::vector<ImageUse>& images) {
  std::vector<ImageUse> out;
  for (const auto& img : images) {
    auto it = std::find_if(out.begin(), out.end(), [&](const ImageUse& o) { return o.uri == img.uri; });
    if (it == out.end()) {
      out.push_back(img);
    } else {
      it->where += ", " + img.where;
    }
  }
  return out;
}

// A model's resource name without a version ("models/1@2" -> "models/1").
std::string model_key(const std::string& name) {
  return name.substr(0, name.find('@'));
}

} // namespace

Units::Units(std::function<void(const Resource&)> on_unit, const catalog::CatalogSet* set) : m_on_unit(std::move(on_unit)) {
  if (set) {
    m_images.emplace(*set);
  }
}

void Units::add(const Resource& r) {
  if (!is_vertex(r)) {
    m_on_unit(r);
    return;
  }
  if (r.kind == ResourceKind::model) {
    m_model_images[model_key(r.name)] = distinct_images(r.images);
  }
  if (r.kind != ResourceKind::endpoint) {
    add_images(r);
    return;
  }
  if (r.deployed.empty()) {
    m_on_unit(image_unit(r, "", "", m_images));
  }
  for (const auto& d : r.deployed) {
    add_deployment(r, d, false);
  }
}

void Units::add_images(const Resource& r) {
  auto images = distinct_images(r.images);
  if (images.empty()) {
    m_on_unit(image_unit(r, "", "", m_images));
  }
  for (const auto& img : images) {
    // A model's image is its containerSpec: the part goes without saying.
    m_on_unit(image_unit(r, img.uri, r.kind == ResourceKind::model && img.where == "containerSpec" ? "" : img.where, m_images));
  }
}

void Units::add_deployment(const Resource& endpoint, const DeployedModel& d, bool last_chance) {
  std::string part = "deployed model " + (d.id.empty() ? std::string("(no id)") : d.id) + " (model " +
                     (d.model.empty() ? std::string("not named") : d.model) + ")";
  auto it = m_model_images.find(model_key(d.model));
  if (it == m_model_images.end() && !last_chance) {
    Resource pending = endpoint;
    pending.deployed = {d};
    m_pending.push_back(std::move(pending));
    return;
  }
  if (it == m_model_images.end()) {
    Resource u = image_unit(endpoint, "", std::move(part), m_images);
    u.model_missing = true;
    m_on_unit(u);
    return;
  }
  if (it->second.empty()) {
    m_on_unit(image_unit(endpoint, "", part, m_images));
  }
  for (const auto& img : it->second) {
    m_on_unit(image_unit(endpoint, img.uri, part, m_images));
  }
}

void Units::finish() {
  std::vector<Resource> pending = std::move(m_pending);
  m_pending.clear();
  for (const auto& p : pending) {
    add_deployment(p, p.deployed.front(), true);
  }
}

void Auditor::append_record_words(std::string& out, const Resource& r, const Verdict& v, const Finding& f) {
  if (f.message.empty() && f.rule == rule(RuleId::inventory_disagrees).id) {
    append_disagreement_words(out, r, v);
  } else if (f.message.empty() && f.rule == rule(RuleId::stale_export).id) {
    out += stale_words(r, v);
  } else {
    out += f.message;
  }
}

std::vector<Finding> Auditor::findings_for(const Resource& r, const Verdict& v) {
  std::vector<Finding> out;
  out.reserve(v.findings.size());
  each_finding(r, v, [&](const PlacedFinding& p) {
    Finding f = p.finding;
    f.message = std::string(p.label) + ": " + std::string(p.text);
    f.path = r.path;
    f.line = r.line;
    f.column = r.column;
    f.runtime = p.runtime();
    f.python = p.python();
    out.push_back(std::move(f));
  });
  return out;
}

void AuditSummary::add(const Verdict& v) {
  ++resources;
  ++by_status[std::string(status_name(v.status))];
  if (v.severity && (!worst || *v.severity > *worst)) {
    worst = v.severity;
  }
}

void AuditSummary::add_malformed() {
  ++malformed;
  worst = Severity::error;
}

Finding malformed_finding(const Malformed& m) {
  Finding f = make(RuleId::malformed_record, m.message);
  f.path = m.path;
  f.line = m.line;
  f.column = m.column;
  return f;
}

} // namespace lib
