#include "lib/core/service.hpp"

#include "catalog/error.hpp"
#include "util/text.hpp"

namespace lib {

const char* service_name(Service s) {
  switch (s) {
  case Service::training:
    return "training";
  case Service::prediction:
    break;
  }
  return "prediction";
}

std::vector<std::string> service_names() {
  return {service_name(Service::training), service_name(Service::prediction)};
}

std::optional<Service> find_service(std::string_view name) {
  for (Service s : {Service::training, Service::prediction}) {
    if (name == service_name(s)) {
      return s;
    }
  }
  return std::nullopt;
}

Service parse_service(std::string_view name) {
  if (auto s = find_service(name)) {
    return *s;
  }
  throw catalog::InvalidInput("invalid service '" + std::string(name) + "' " + util::choices(name, service_names()));
}

} // namespace lib
