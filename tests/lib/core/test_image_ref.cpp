#include "catalog/catalog_set.hpp"
#include "lib/core/image_ref.hpp"
#include "tests/support/image_uris.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>

using lib::find_image_refs;
using lib::image_ref;
using lib::ImageRef;

namespace {

// The URI a reference spans in text.
std::string_view uri_of(std::string_view text, const ImageRef& r) {
  return text.substr(r.offset, r.length);
}

} // namespace

TEST_CASE("find_image_refs: both catalogs, every region, the restricted registry") {
  const std::string text =
      fixtures::prebuilt_image_lines() + "us-central1-docker.pkg.dev/vertex-ai/training/xgboost-cpu.1-1@sha256:abc\n";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 4);
  CHECK(refs[0].catalog == "vertex-training");
  CHECK(refs[0].service == lib::Service::training);
  CHECK(refs[0].image == "tf-cpu.2-11.py310");
  CHECK(uri_of(text, refs[0]) == "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest");
  CHECK(text.substr(refs[0].image_offset, 6) == "tf-cpu");
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(refs[1].service == lib::Service::prediction);
  CHECK(refs[1].image == "sklearn-cpu.1-0");
  CHECK(uri_of(text, refs[1]) == "europe-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest");
  CHECK(refs[2].catalog == "vertex-prediction");
  CHECK(refs[2].image == "tf_opt-cpu.nightly");
  CHECK(uri_of(text, refs[2]) == "asia-docker.pkg.dev/vertex-ai-restricted/prediction/tf_opt-cpu.nightly");
  CHECK(refs[3].image == "xgboost-cpu.1-1");
  CHECK(uri_of(text, refs[3]) == "us-central1-docker.pkg.dev/vertex-ai/training/xgboost-cpu.1-1@sha256:abc");
  for (const auto& r : refs) {
    CHECK_FALSE(r.templated);
  }
}

TEST_CASE("find_image_refs: the former gcr.io host and templated regions") {
  // One reference a line but the fifth, which holds two; mygcr.io on the fourth is no registry.
  const std::string text = R"(FROM gcr.io/cloud-aiplatform/training/tf-cpu.2-1:latest
uri = f"{REGION}-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest"
docker pull ${REGION}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-3:latest
x = 'us.gcr.io/cloud-aiplatform/prediction/tf2-cpu.2-8:latest' mygcr.io/cloud-aiplatform/training/a:1
$REGION-docker.pkg.dev/vertex-ai/training/tf-cpu.2-4 {}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-5
)";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 6);
  CHECK(uri_of(text, refs[0]) == "gcr.io/cloud-aiplatform/training/tf-cpu.2-1:latest");
  CHECK(refs[0].image == "tf-cpu.2-1");
  CHECK(uri_of(text, refs[1]) == "{REGION}-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest");
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(uri_of(text, refs[2]) == "${REGION}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-3:latest");
  CHECK(uri_of(text, refs[3]) == "us.gcr.io/cloud-aiplatform/prediction/tf2-cpu.2-8:latest");
  CHECK(refs[3].image == "tf2-cpu.2-8");
  CHECK(uri_of(text, refs[4]) == "$REGION-docker.pkg.dev/vertex-ai/training/tf-cpu.2-4");
  CHECK(uri_of(text, refs[5]) == "{}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-5");
}

TEST_CASE("find_image_refs: a templated image id spans its word") {
  const std::string text = "IMAGE = f\"us-docker.pkg.dev/vertex-ai/training/tf-cpu.{TF}:latest\"\n"
                           "uri=europe-docker.pkg.dev/vertex-ai/prediction/${IMAGE} next\n"
                           "'us-docker.pkg.dev/vertex-ai/training/tf-gpu.%s:latest' % v\n";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 3);
  for (const auto& r : refs) {
    CHECK(r.templated);
    CHECK(r.image.empty());
  }
  CHECK(uri_of(text, refs[0]) == "us-docker.pkg.dev/vertex-ai/training/tf-cpu.{TF}:latest");
  CHECK(text.substr(refs[0].image_offset, 7) == "tf-cpu.");
  CHECK(uri_of(text, refs[1]) == "europe-docker.pkg.dev/vertex-ai/prediction/${IMAGE}");
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(uri_of(text, refs[2]) == "us-docker.pkg.dev/vertex-ai/training/tf-gpu.%s:latest");
}

TEST_CASE("find_image_refs: what names no prebuilt image") {
  for (const char* text : {
           "(see us-docker.pkg.dev/vertex-ai/training/...)",      // prose: an elided name
           "us-docker.pkg.dev/vertex-ai/training/",               // no image
           "us-docker.pkg.dev/vertex-ai/notebooks/tf-cpu.2-11",   // not a prebuilt catalog
           "us-docker.pkg.dev/my-project/training/tf-cpu.2-11",   // another repository
           "gcr.io/other/training/tf-cpu.2-11",                   // another gcr.io project
           "mygcr.io/cloud-aiplatform/training/tf-cpu.2-11",      // another host
           "x.us.gcr.io/cloud-aiplatform/training/tf-cpu.2-11",   // a host under gcr.io's
           "-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11",      // no region
           "Images live under training/ and prediction/ folders", // prose
       }) {
    INFO(text);
    CHECK(find_image_refs(text).empty());
  }
}

TEST_CASE("image_service: the prediction catalog serves prediction, every other training") {
  CHECK(lib::image_service("vertex-prediction") == lib::Service::prediction);
  CHECK(lib::image_service("vertex-training") == lib::Service::training);
}

TEST_CASE("image_ref: the prebuilt image of a whole URI") {
  auto r = image_ref("us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-8:latest");
  REQUIRE(r);
  CHECK(r->catalog == "vertex-prediction");
  CHECK(r->image == "tf2-cpu.2-8");
  r = image_ref("europe-docker.pkg.dev/vertex-ai-restricted/training/pytorch-gpu.1-13.py310");
  REQUIRE(r);
  CHECK(r->catalog == "vertex-training");
  CHECK(r->image == "pytorch-gpu.1-13.py310");
  for (const char* uri : {
           "gcr.io/my-project/trainer:1",                               // a custom image
           "us-docker.pkg.dev/vertex-ai/training/tf-cpu.{TF}:latest",   // a template
           "image: us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11",   // inside other text
           "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11 and more", // followed by text
           "",                                                          // nothing
       }) {
    INFO(uri);
    CHECK_FALSE(image_ref(uri));
  }
}

namespace {

// The fixture catalog aws-dlc (three images of AWS Deep Learning Containers).
const catalog::CatalogSet& aws_set() {
  static const auto set = catalog::CatalogSet::from_paths({RTCAT_SOURCE_DIR "/tests/fixtures/aws/catalog.json"});
  return set;
}

} // namespace

TEST_CASE("find_image_refs: ECR images, any account and region, .amazonaws.com and .amazonaws.com.cn") {
  const std::string text = "FROM 763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6.0-gpu-py312-ec2\n"
                           "image = '727897471807.dkr.ecr.cn-north-1.amazonaws.com.cn/pytorch-inference:2.6-cpu-py312'\n"
                           "f\"{account}.dkr.ecr.{region}.amazonaws.com/pytorch-training:2.9-gpu-py312\"\n";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 3);
  CHECK(refs[0].ecr);
  CHECK(refs[0].catalog.empty());
  CHECK(refs[0].image == "pytorch-training:2.6.0-gpu-py312-ec2");
  CHECK(refs[0].service == lib::Service::training);
  CHECK(uri_of(text, refs[0]) == "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6.0-gpu-py312-ec2");
  CHECK(refs[1].image == "pytorch-inference:2.6-cpu-py312");
  CHECK(refs[1].service == lib::Service::prediction);
  CHECK(uri_of(text, refs[1]) == "727897471807.dkr.ecr.cn-north-1.amazonaws.com.cn/pytorch-inference:2.6-cpu-py312");
  // A templated account and region change nothing: the repository and tag name the image.
  CHECK_FALSE(refs[2].templated);
  CHECK(refs[2].image == "pytorch-training:2.9-gpu-py312");
  CHECK(uri_of(text, refs[2]) == "{account}.dkr.ecr.{region}.amazonaws.com/pytorch-training:2.9-gpu-py312");
}

TEST_CASE("find_image_refs: what is no ECR image") {
  for (std::string_view text : {"76310435188.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6-gpu-py312", // 11 digits
                                "1763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6-gpu-py312",
                                "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training", // no tag
                                "763104351884.dkr.ecr.us-west-2.amazonaws.com/", "s3.us-west-2.amazonaws.com/bucket/key:1",
                                "763104351884.dkr.ecr.amazonaws.com/x:1"}) {
    CAPTURE(text);
    CHECK(find_image_refs(text).empty());
  }
  auto refs = find_image_refs("763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:${TAG}");
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].templated);
  CHECK(refs[0].image.empty());
}

TEST_CASE("image_ref: a whole ECR URI is one image; with text around it, none") {
  auto r = image_ref("763104351884.dkr.ecr.eu-central-1.amazonaws.com/pytorch-training:2.6-gpu-py312-ec2");
  REQUIRE(r);
  CHECK(r->ecr);
  CHECK(r->image == "pytorch-training:2.6-gpu-py312-ec2");
  CHECK_FALSE(image_ref("x 763104351884.dkr.ecr.eu-central-1.amazonaws.com/pytorch-training:2.6-gpu-py312-ec2"));
}

TEST_CASE("ImageIndex: an ECR image is the entry whose uris list its repository and tag, whatever the account and region") {
  lib::ImageIndex index(aws_set());
  // Every tag of every entry, under another account and region: that entry.
  for (const auto& entry : aws_set().get("aws-dlc")->runtimes) {
    for (const auto& uri : entry.uris) {
      std::string other = "123456789012.dkr.ecr.ap-south-1.amazonaws.com" + uri.substr(uri.find('/'));
      CAPTURE(other);
      auto ref = image_ref(other);
      REQUIRE(ref);
      auto m = index.match(*ref);
      REQUIRE(m);
      CHECK(m->listed);
      CHECK(m->catalog == "aws-dlc");
      CHECK(m->image == entry.id);
    }
  }
  // A tag no entry lists, of a repository the catalog has: an unknown image of that catalog.
  auto unknown = index.match(*image_ref("763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:9.9-gpu-py399"));
  REQUIRE(unknown);
  CHECK_FALSE(unknown->listed);
  CHECK(unknown->catalog == "aws-dlc");
  CHECK(unknown->image == "pytorch-training:9.9-gpu-py399");
  // A repository no catalog lists: a custom image, no entry guessed.
  CHECK_FALSE(index.match(*image_ref("123456789012.dkr.ecr.us-east-1.amazonaws.com/acme/trainer:2.6-gpu-py312-ec2")));
  // A Vertex AI image is its catalog and id as written.
  auto vertex = index.match(*image_ref("us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest"));
  REQUIRE(vertex);
  CHECK(vertex->catalog == "vertex-training");
  CHECK(vertex->image == "tf-cpu.2-11");
}

TEST_CASE("an ECR image's service is its entry's, where the entry says") {
  const auto set = catalog::CatalogSet::embedded();
  lib::ImageIndex index(set);
  auto service_of = [&](const char* uri) {
    auto ref = lib::image_ref(uri);
    REQUIRE(ref);
    auto m = index.match(*ref);
    REQUIRE(m);
    CHECK(m->listed);
    return m->service;
  };
  CHECK(service_of("123456789012.dkr.ecr.eu-west-1.amazonaws.com/pytorch-inference:2.6-cpu-py312-ubuntu22.04-sagemaker-v1") ==
        lib::Service::prediction);
  CHECK(service_of("763104351884.dkr.ecr.us-east-1.amazonaws.com/pytorch-training:2.6-gpu-py312-ec2") == lib::Service::training);
  // The SageMaker XGBoost container serves both: no service of its own. Its catalog URI names no
  // account ("<account-id>"): it matches under any.
  const auto* xgb = set.get("aws-dlc")->find("sagemaker-xgboost.3.0-5-cpu-sagemaker");
  REQUIRE(xgb);
  REQUIRE(xgb->uris.front().starts_with("<account-id>.dkr.ecr."));
  CHECK_FALSE(service_of("683313688378.dkr.ecr.us-east-1.amazonaws.com/sagemaker-xgboost:3.0-5"));
}

TEST_CASE("find_image_refs: the cloud-aiplatform project on the regional hosts, and region placeholders") {
  const std::string text = R"(a = "us-docker.pkg.dev/cloud-aiplatform/prediction/tf2-cpu.2-5:latest"
b = "[your-multi-region]-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.0-23:latest"
c = "<REGION>-docker.pkg.dev/vertex-ai/training/pytorch-gpu.1-7:latest"
d = "us-docker.pkg.dev/my-project/prediction/tf2-cpu.2-5:latest" "[a b]-docker.pkg.dev/vertex-ai/training/tf-cpu.2-1"
e = "us-docker.pkg.dev/cloud-aiplatform-restricted/training/tf-cpu.2-1:latest" "<>-docker.pkg.dev/vertex-ai/training/tf-cpu.2-2"
)";
  auto refs = find_image_refs(text);
  std::vector<std::string> uris;
  for (const auto& r : refs) {
    uris.emplace_back(uri_of(text, r));
  }
  // Another project is no prebuilt image; a placeholder with a space or nothing in it is none
  // (the URI then starts after it, with no region: not found either).
  CHECK(uris == std::vector<std::string>{"us-docker.pkg.dev/cloud-aiplatform/prediction/tf2-cpu.2-5:latest",
                                         "[your-multi-region]-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.0-23:latest",
                                         "<REGION>-docker.pkg.dev/vertex-ai/training/pytorch-gpu.1-7:latest"});
  REQUIRE(refs.size() == 3);
  CHECK(refs[0].catalog == "vertex-prediction");
  CHECK(refs[0].image == "tf2-cpu.2-5");
  CHECK(refs[2].catalog == "vertex-training");
  CHECK(image_ref("<REGION>-docker.pkg.dev/vertex-ai/training/pytorch-gpu.1-7:latest").has_value());
}
