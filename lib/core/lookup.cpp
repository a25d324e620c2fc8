#include "lib/core/lookup.hpp"

#include "catalog/error.hpp"
#include "lib/core/lifecycle.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>

namespace lib {

namespace {
// Catalog names in scope, preferred ones first, without loading the catalogs where possible.
std::vector<std::string> names_in_scope(const catalog::CatalogSet& set, const Scope& scope) {
  if (!scope.platform.empty()) {
    if (!set.has(scope.platform)) {
      throw catalog::InvalidInput("unknown platform '" + scope.platform + "' " + util::choices(scope.platform, set.names()));
    }
    return {scope.platform};
  }
  std::vector<std::string> preferred;
  std::vector<std::string> others;
  for (const auto& name : set.names()) {
    std::string service = set.service_of(name);
    bool serves = service.empty() || !scope.service || service == service_name(*scope.service);
    (serves ? preferred : others).push_back(name);
  }
  preferred.insert(preferred.end(), others.begin(), others.end());
  return preferred;
}
} // namespace

std::vector<const catalog::Catalog*> catalogs_in_scope(const catalog::CatalogSet& set, const Scope& scope) {
  std::vector<const catalog::Catalog*> out;
  for (const auto& name : names_in_scope(set, scope)) {
    out.push_back(set.get(name));
  }
  return out;
}

std::optional<EntryRef> find_entry(const catalog::CatalogSet& set, std::string_view id, const Scope& scope) {
  Scope s = scope;
  std::string_view bare = id;
  size_t colon = id.find(':');
  if (colon != std::string_view::npos) {
    s.platform = std::string(id.substr(0, colon));
    bare = id.substr(colon + 1);
  }
  // After a catalog, an image may be named by its repository and tag (aws-dlc:pytorch-training:2.6-gpu-py312,
  // an ECR image no entry lists: lib::ImageIndex), so that it is judged as an unknown image.
  const bool tagged = colon != std::string_view::npos;
  bool well_formed =
      !bare.empty() && bare.front() != ':' && bare.back() != ':' && std::all_of(bare.begin(), bare.end(), [&](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '_' || ch == '-' || ch == '+' ||
               (tagged && (ch == ':' || ch == '/'));
      });
  if (!well_formed) {
    throw catalog::InvalidInput("invalid runtime '" + std::string(id) +
                                "': expected a runtime version like 2.11 or an image like tf-cpu.2-11.py310");
  }
  for (const auto& name : names_in_scope(set, s)) {
    if (set.contains(name, bare)) {
      const catalog::Catalog* c = set.get(name);
      return EntryRef{c, c->find(bare)};
    }
  }
  return std::nullopt;
}

std::vector<std::string> did_you_mean(const catalog::CatalogSet& set, std::string_view id, const Scope& scope, size_t max) {
  std::string_view bare = id.substr(id.find(':') == std::string_view::npos ? 0 : id.find(':') + 1);
  auto wanted = catalog::Version::try_parse(bare);
  // An id that extends the one asked by a suffix (tf-cpu.2-17 -> tf-cpu.2-17.py310: the id
  // without its Python) is what was meant, before any near spelling; 2.1 -> 2.11 is not one.
  auto extends = [&](std::string_view other) {
    return other.size() > bare.size() + 1 && other.starts_with(bare) &&
           (other[bare.size()] == '.' || other[bare.size()] == '-') &&
           !std::isdigit(static_cast<unsigned char>(other[bare.size() + 1]));
  };
  struct Candidate {
    bool extension;
    size_t distance;
    double numeric;
    size_t order;
    std::string id;
  };
  std::vector<Candidate> all;
  size_t order = 0;
  Scope s = scope;
  if (id.find(':') != std::string_view::npos && set.has(std::string(id.substr(0, id.find(':'))))) {
    s.platform = std::string(id.substr(0, id.find(':')));
  }
  for (const auto* c : catalogs_in_scope(set, s)) {
    for (const auto& r : c->runtimes) {
      double numeric = 1e9;
      if (wanted && r.version && r.id == r.version->str()) {
        numeric = std::abs((wanted->major() * 1000.0 + wanted->minor()) - (r.version->major() * 1000.0 + r.version->minor()));
      }
      all.push_back({extends(r.id), util::edit_distance(bare, r.id), numeric, order++, r.id});
    }
  }
  std::sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
    if (a.extension != b.extension) {
      return a.extension;
    }
    if (a.numeric != b.numeric) {
      return a.numeric < b.numeric;
    }
    if (a.distance != b.distance) {
      return a.distance < b.distance;
    }
    return a.order < b.order;
  });
  std::vector<std::string> out;
  for (const auto& c : all) {
    if (out.size() == max) {
      break;
    }
    if (c.extension || c.numeric < 1e9 || c.distance <= std::max<size_t>(2, bare.size() / 3)) {
      if (std::find(out.begin(), out.end(), c.id) == out.end()) {
        out.push_back(c.id);
      }
    }
  }
  return out;
}

std::vector<NearMatch> near_matches(const catalog::CatalogSet& set, std::string_view id, const Scope& scope, catalog::Date on,
                                    int warn_days, size_t max) {
  std::vector<NearMatch> out;
  for (const auto& near : did_you_mean(set, id, scope, max)) {
    Scope s = scope;
    if (id.find(':') != std::string_view::npos && set.has(std::string(id.substr(0, id.find(':'))))) {
      s.platform = std::string(id.substr(0, id.find(':')));
    }
    auto ref = find_entry(set, near, s);
    if (!ref) {
      continue;
    }
    Lifecycle lc = evaluate(*ref->catalog, *ref->entry, on, warn_days);
    out.push_back({*ref, lc.status.name, lc.usable()});
  }
  return out;
}

std::string describe_near(const std::vector<NearMatch>& near) {
  std::vector<std::string> parts;
  for (const auto& n : near) {
    parts.push_back(n.ref.entry->id + " (" + n.status + ")");
  }
  return util::join(parts, ", ");
}

std::string usable_near(const std::vector<NearMatch>& near) {
  for (const auto& n : near) {
    if (n.usable) {
      return n.ref.entry->id;
    }
  }
  return "";
}

Service service_for(const catalog::CatalogSet& set, std::string_view runtime, const std::string& platform,
                    std::optional<Service> given) {
  auto ref = find_entry(set, runtime, Scope{platform, given});
  // The entry's own service, where its catalog serves both.
  const std::string own = !ref ? "" : !ref->entry->service.empty() ? ref->entry->service : ref->catalog->policy.service;
  if (!given) {
    return own.empty() ? Service::training : parse_service(own);
  }
  const std::string name = service_name(*given);
  if (!own.empty() && own != name) {
    throw catalog::InvalidInput("--service " + name + " contradicts " + ref->catalog->name + ":" + ref->entry->id + ", a " + own +
                                " " + ref->catalog->entry_noun + " (leave --service out, or name a " + name + " " +
                                ref->catalog->entry_noun + ")");
  }
  return *given;
}

} // namespace lib
