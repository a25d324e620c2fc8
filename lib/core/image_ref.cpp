#include "lib/core/image_ref.hpp"

#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace lib {

namespace {

bool is_host_char(char c) {
  return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
}

// A character of an image id or tag.
bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
}

// A region written as a template before "-docker.pkg.dev": {REGION}, ${REGION}, $REGION, {},
// or a placeholder for the reader to fill: [your-multi-region], <REGION>.
size_t template_start(std::string_view text, size_t p) {
  if (p > 0 && (text[p - 1] == ']' || text[p - 1] == '>')) {
    size_t open = text.rfind(text[p - 1] == ']' ? '[' : '<', p - 1);
    if (open == std::string_view::npos || p - open > 40 || p - open < 3) {
      return p;
    }
    for (size_t k = open + 1; k + 1 < p; ++k) {
      if (!is_host_char(text[k]) && text[k] != '_' && !std::isupper(static_cast<unsigned char>(text[k]))) {
        return p;
      }
    }
    return open;
  }
  if (p > 0 && text[p - 1] == '}') {
    size_t open = text.rfind('{', p - 1);
    if (open == std::string_view::npos || p - open > 60) {
      return p;
    }
    for (size_t k = open + 1; k + 1 < p; ++k) {
      if (text[k] == '\n' || text[k] == ' ') {
        return p;
      }
    }
    return open > 0 && text[open - 1] == '$' ? open - 1 : open;
  }
  size_t k = p;
  while (k > 0 && util::is_ident(text[k - 1])) {
    --k;
  }
  return k < p && k > 0 && text[k - 1] == '$' ? k - 1 : p;
}

// The end of a templated word at i: up to a space, quote, ')', ',' or the end of the line.
size_t word_end(std::string_view text, size_t i) {
  while (i < text.size() && text[i] != '\n' && text[i] != ' ' && text[i] != '"' && text[i] != '\'' && text[i] != ')' &&
         text[i] != ',') {
    ++i;
  }
  return i;
}

bool is_template_char(std::string_view text, size_t i) {
  return i < text.size() && (text[i] == '{' || text[i] == '$' || (text[i] == '%' && i + 1 < text.size() && text[i + 1] == 's'));
}

// The image after "/training/" or "/prediction/" at i (the catalog's id) and its tag, for a URI
// that starts at `start`.
std::optional<ImageRef> image_at(std::string_view text, size_t start, size_t i) {
  std::string_view rest = text.substr(i);
  ImageRef r;
  if (rest.substr(0, 10) == "/training/") {
    r.catalog = "vertex-training";
    i += 10;
  } else if (rest.substr(0, 12) == "/prediction/") {
    r.catalog = "vertex-prediction";
    i += 12;
  } else {
    return std::nullopt;
  }
  r.service = image_service(r.catalog);
  r.offset = start;
  r.image_offset = i;
  const size_t name_start = i;
  while (i < text.size() && is_name_char(text[i])) {
    ++i;
  }
  if (is_template_char(text, i)) {
    // .../training/{}:latest, .../tf-cpu.{TF}:latest, .../tf-gpu.%s:latest
    r.templated = true;
    r.length = word_end(text, i) - start;
    return r;
  }
  if (i == name_start || !std::isalnum(static_cast<unsigned char>(text[name_start]))) {
    return std::nullopt; // .../training/... in prose is not an image
  }
  r.image = std::string(text.substr(name_start, i - name_start));
  if (i < text.size() && (text[i] == ':' || text[i] == '@')) {
    ++i;
    while (i < text.size() && (is_name_char(text[i]) || text[i] == ':')) {
      ++i;
    }
  }
  r.length = i - start;
  return r;
}

// An ECR image whose host ends just before the slash at `slash` (".amazonaws.com" or
// ".amazonaws.com.cn", `host_suffix` long): ACCOUNT.dkr.ecr.REGION<suffix>/REPOSITORY:TAG.
std::optional<ImageRef> ecr_image_at(std::string_view text, size_t slash, size_t host_suffix) {
  static constexpr std::string_view k_dkr = ".dkr.ecr.";
  const size_t region_end = slash - host_suffix;
  size_t region = region_end;
  while (region > 0 && is_host_char(text[region - 1])) {
    --region;
  }
  if (region == region_end) {
    region = template_start(text, region_end);
  }
  if (region == region_end || region < k_dkr.size() || text.substr(region - k_dkr.size(), k_dkr.size()) != k_dkr) {
    return std::nullopt;
  }
  const size_t account_end = region - k_dkr.size();
  size_t account = account_end;
  while (account > 0 && std::isdigit(static_cast<unsigned char>(text[account - 1]))) {
    --account;
  }
  if (account == account_end) {
    account = template_start(text, account_end);
    if (account == account_end) {
      return std::nullopt;
    }
  } else if (account_end - account != 12 || (account > 0 && (std::isalnum(static_cast<unsigned char>(text[account - 1])) ||
                                                             text[account - 1] == '.' || text[account - 1] == '-'))) {
    return std::nullopt; // an account is 12 digits
  }
  ImageRef r;
  r.ecr = true;
  r.offset = account;
  r.image_offset = slash + 1;
  size_t i = slash + 1;
  while (i < text.size() && (is_host_char(text[i]) || text[i] == '.' || text[i] == '_' || text[i] == '/')) {
    ++i;
  }
  const std::string_view repository = text.substr(slash + 1, i - slash - 1);
  if (repository.empty() || !std::isalnum(static_cast<unsigned char>(repository.front())) || i >= text.size() || text[i] != ':') {
    return std::nullopt; // no repository, or no tag
  }
  // What the repository's name says; the entry ImageIndex matches may say otherwise, and wins.
  r.service = repository.find("inference") != std::string_view::npos ? Service::prediction : Service::training;
  const size_t tag = ++i;
  while (i < text.size() && is_name_char(text[i])) {
    ++i;
  }
  if (is_template_char(text, i)) {
    r.templated = true;
    r.length = word_end(text, i) - account;
    return r;
  }
  if (i == tag) {
    return std::nullopt;
  }
  r.image = std::string(text.substr(slash + 1, i - slash - 1));
  r.length = i - account;
  return r;
}

} // namespace

Service image_service(std::string_view catalog) {
  return catalog == "vertex-prediction" ? Service::prediction : Service::training;
}

std::vector<ImageRef> find_image_refs(std::string_view text) {
  std::vector<ImageRef> out;
  // One pass over the slashes (memchr), each checked for the hosts around it:
  // REGION-docker.pkg.dev/vertex-ai[-restricted]/... and REGION-docker.pkg.dev/cloud-aiplatform/...
  // (the region possibly a template or placeholder), AI Platform's former host for the same
  // images, [us.|eu.|asia.]gcr.io/cloud-aiplatform/..., and ECR's.
  static constexpr std::string_view k_vertex = "-docker.pkg.dev";
  static constexpr std::string_view k_vertex_path = "/vertex-ai";
  static constexpr std::string_view k_restricted = "-restricted";
  static constexpr std::string_view k_gcr = "gcr.io";
  static constexpr std::string_view k_gcr_path = "/cloud-aiplatform";
  static constexpr std::string_view k_aws = ".amazonaws.com";
  static constexpr std::string_view k_aws_cn = ".amazonaws.com.cn";
  size_t from = 0;
  auto take = [&](std::optional<ImageRef> r) {
    if (r) {
      if (!r->templated) {
        from = std::max(from, r->offset + r->length);
      }
      out.push_back(std::move(*r));
    }
  };
  while (const void* hit = std::memchr(text.data() + from, '/', text.size() - from)) {
    size_t slash = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    from = slash + 1;
    const bool vertex_path = text.substr(slash, k_vertex_path.size()) == k_vertex_path;
    if (slash >= k_vertex.size() && text.substr(slash - k_vertex.size(), k_vertex.size()) == k_vertex &&
        (vertex_path || text.substr(slash, k_gcr_path.size()) == k_gcr_path)) {
      size_t p = slash - k_vertex.size();
      size_t start = p;
      while (start > 0 && is_host_char(text[start - 1])) {
        --start;
      }
      if (start == p) {
        start = template_start(text, p);
      }
      if (start == p) {
        continue;
      }
      size_t i = slash + (vertex_path ? k_vertex_path.size() : k_gcr_path.size());
      if (vertex_path && text.substr(i, k_restricted.size()) == k_restricted) {
        i += k_restricted.size();
      }
      take(image_at(text, start, i));
    } else if (slash >= k_gcr.size() && text.substr(slash - k_gcr.size(), k_gcr.size()) == k_gcr &&
               text.substr(slash, k_gcr_path.size()) == k_gcr_path) {
      size_t p = slash - k_gcr.size();
      size_t start = p;
      while (start > 0 && (std::islower(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '.')) {
        --start;
      }
      std::string_view prefix = text.substr(start, p - start);
      if ((!prefix.empty() && prefix != "us." && prefix != "eu." && prefix != "asia.") ||
          (start > 0 && is_host_char(text[start - 1]))) {
        continue; // mygcr.io, x.us.gcr.io
      }
      take(image_at(text, start, slash + k_gcr_path.size()));
    } else if (slash >= k_aws.size() && text.substr(slash - k_aws.size(), k_aws.size()) == k_aws) {
      take(ecr_image_at(text, slash, k_aws.size()));
    } else if (slash >= k_aws_cn.size() && text.substr(slash - k_aws_cn.size(), k_aws_cn.size()) == k_aws_cn) {
      take(ecr_image_at(text, slash, k_aws_cn.size()));
    }
  }
  return out;
}

std::optional<ImageRef> image_ref(std::string_view uri) {
  auto found = find_image_refs(uri);
  if (found.size() != 1 || found[0].templated || found[0].offset != 0 || found[0].length != uri.size()) {
    return std::nullopt;
  }
  return found[0];
}

void ImageIndex::build() {
  m_built = true;
  for (const catalog::Catalog* c : m_set.all()) {
    for (const auto& entry : c->runtimes) {
      for (const auto& uri : entry.uris) {
        auto ref = image_ref(uri);
        if (size_t close = uri.find('>'); !ref && uri.starts_with('<') && close != std::string::npos) {
          // A placeholder account ("<account-id>.dkr.ecr..."): the image is published under
          // accounts the source does not name, so it matches under any account.
          ref = image_ref("000000000000" + uri.substr(close + 1));
        }
        if (!ref || !ref->ecr) {
          continue;
        }
        Match m{c->name, entry.id, true, std::nullopt};
        if (!entry.service.empty()) {
          m.service = parse_service(entry.service);
        }
        m_tags.try_emplace(ref->image, m);
        m_repositories.try_emplace(ref->image.substr(0, ref->image.rfind(':')), c->name);
      }
    }
  }
}

std::optional<ImageIndex::Match> ImageIndex::match(const ImageRef& ref) {
  if (!ref.ecr) {
    return Match{ref.catalog, ref.image, true, std::nullopt};
  }
  if (!m_built) {
    build();
  }
  if (auto it = m_tags.find(ref.image); it != m_tags.end()) {
    return it->second;
  }
  auto repo = m_repositories.find(std::string_view(ref.image).substr(0, ref.image.rfind(':')));
  if (repo == m_repositories.end()) {
    return std::nullopt;
  }
  return Match{repo->second, ref.image, false, std::nullopt};
}

} // namespace lib
