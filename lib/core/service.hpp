#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

// What a runtime or image is used for: training jobs, or prediction (model versions and batch
// prediction jobs).
enum class Service { training, prediction };

// "training" or "prediction": the name users write (--service) and reports show.
const char* service_name(Service s);

// Every service's name, in the order of Service: what --service accepts.
std::vector<std::string> service_names();

// The service of that name; nullopt for any other text.
std::optional<Service> find_service(std::string_view name);

// The service of that name; throws InvalidInput naming the valid ones otherwise.
Service parse_service(std::string_view name);

} // namespace lib
