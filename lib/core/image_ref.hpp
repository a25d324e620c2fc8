#pragma once

// Which prebuilt image a URI names: the recogniser scan and audit share. Vertex AI images are
// named by their path (the image id is in it); images on an Amazon ECR registry (AWS Deep
// Learning Containers) by their repository and tag, matched with the catalogs' entries (ImageIndex).

#include "catalog/catalog_set.hpp"
#include "lib/core/service.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

// A prebuilt image URI written in a text.
struct ImageRef {
  std::string catalog;                 // "vertex-training" or "vertex-prediction"; "" for an ECR image
  Service service = Service::training; // the catalog's (image_service); an ECR image's by its repository
  // The image id ("tf-cpu.2-11"); for an ECR image its repository and tag
  // ("pytorch-training:2.6-gpu-py312"), which ImageIndex matches with an entry; "" when it is a template.
  std::string image;
  bool ecr = false;       // on an ECR registry: ACCOUNT.dkr.ecr.REGION.amazonaws.com[.cn]/
  bool templated = false; // the image id is a template (.../{}:latest, .../tf-cpu.${TF})
  size_t offset = 0;      // where the URI starts (its region's template, when it is one)
  // The URI's length: to the end of its tag; for a templated image, to the end of the word that
  // holds it (up to a space, quote, ')', ',' or the end of the line).
  size_t length = 0;
  size_t image_offset = 0; // where the image id (or its template) starts
};

// The service a prebuilt image catalog serves: prediction for "vertex-prediction", else training.
Service image_service(std::string_view catalog);

// Every prebuilt image URI in text, in order: REGION-docker.pkg.dev/vertex-ai[-restricted]/
// {training,prediction}/IMAGE[:TAG|@DIGEST] (or the same under /cloud-aiplatform/), the region
// possibly a template ({REGION}-, ${REGION}-, $REGION-, {}-) or a placeholder
// ([your-multi-region]-, <REGION>-), and AI Platform's former host
// [us.|eu.|asia.]gcr.io/cloud-aiplatform/{training,prediction}/IMAGE. A path with no image
// (".../training/..." in prose) is none. After a literal URI the search goes on past its end;
// after a templated one at the next '/', so that a caller that does not take it (see scan's
// extract_images) finds what follows as if it were not there.
std::vector<ImageRef> find_image_refs(std::string_view text);

// The prebuilt image `uri` names when the whole text is one literal prebuilt image URI; nullopt
// for anything else (a custom image, a template, a URI inside other text).
std::optional<ImageRef> image_ref(std::string_view uri);

// The catalog entry an ECR image names, from the catalogs' own data: an entry whose uris list an
// ECR URI with the same repository and tag, whatever its account and region (each region has its
// own account). Built on first use, from every catalog of the set.
class ImageIndex {
public:
  explicit ImageIndex(const catalog::CatalogSet& set) : m_set(set) {}

  struct Match {
    std::string catalog; // the catalog that lists the repository
    std::string image;   // the entry's id; the repository:tag as written when no entry lists the tag
    bool listed = false; // an entry lists the tag
    // What the entry says it serves (RuntimeEntry::service), when it says: it wins over the
    // repository's name.
    std::optional<Service> service;
  };
  // For a Vertex AI image its catalog and id as they are; for an ECR image the entry that lists
  // its repository and tag, or (listed false) the catalog that lists other tags of its repository,
  // so that an unknown tag is judged as an unknown image of that catalog; nullopt for an ECR
  // image of a repository no catalog lists (a custom image).
  std::optional<Match> match(const ImageRef& ref);

private:
  void build();
  const catalog::CatalogSet& m_set;
  bool m_built = false;
  std::map<std::string, Match, std::less<>> m_tags;               // repository:tag -> entry
  std::map<std::string, std::string, std::less<>> m_repositories; // repository -> catalog
};

} // namespace lib
