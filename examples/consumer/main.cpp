// runtime-status RUNTIME DATE: the status of a runtime or image on a date, from the catalogs
// compiled into the rtcat library, and whether a job on it passes `rtcat check`.
//   runtime-status 1.15 2020-06-01

#include <iostream>
#include <rtcat/rtcat.hpp>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: runtime-status RUNTIME YYYY-MM-DD\n";
    return 2;
  }
  try {
    const rtcat::Date on = rtcat::parse_date(argv[2]);
    const rtcat::Catalogs catalogs = rtcat::Catalogs::embedded();
    const auto status = catalogs.status(argv[1], on);
    if (!status) {
      std::cout << argv[1] << ": not in any catalog\n";
      return 1;
    }
    std::cout << status->catalog << ":" << status->id << " on " << rtcat::format_date(on) << ": " << status->status;
    if (!status->next_milestone.empty()) {
      std::cout << ", next " << status->next_milestone;
      if (status->next_milestone_on) {
        std::cout << " on " << rtcat::format_date(*status->next_milestone_on);
      }
    }
    std::cout << "\n";

    rtcat::CheckRequest job;
    job.runtime = argv[1];
    job.on = on;
    const rtcat::CheckResult result = rtcat::check(catalogs, job);
    std::cout << "check: " << (result.ok ? "ok" : "fails") << "\n";
    for (const auto& f : result.findings) {
      std::cout << "  " << rtcat::to_string(f.severity) << " [" << f.rule << "] " << f.message << "\n";
    }
    std::cout << "rtcat " << rtcat::version() << "\n";
    return result.ok ? 0 : 1;
  } catch (const rtcat::Error& e) {
    std::cerr << "runtime-status: " << e.what() << "\n";
    return 2;
  }
}
