// rtcat: the runtime-version catalog and lifecycle engine. The command line is the library
// rtcat_cli (cli/app.cpp); this is only its entry point.

#include "cli/app.hpp"
#include "cli/output.hpp"
#include "cli/startup_pages.hpp"

int main(int argc, char** argv) {
  cli::startup::populate_heap();
  cli::unbuffered_stdout();
  return cli::main(argc, argv);
}
