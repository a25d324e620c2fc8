// parse_directly (cli/argv.cpp) against CLI11: for every command line of a grid, either the direct
// reader declines it, or it reads exactly what CLI11 reads from it into the same declarations.
// The plain command lines must be read directly (else the start-up saving is gone); the others
// must be declined, with nothing written.

#include "cli/argv.hpp"

#include <CLI/CLI.hpp>
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

namespace {

// Every kind of declaration the commands use.
struct Vars {
  std::string at, format, runtime, color, max_age, service;
  bool quiet = false, deployed = false;
  int warn_days = 90;
  unsigned threads = 0;
  long max_size = 0;
  std::vector<std::string> catalogs, frameworks, excludes, paths, diff;
  std::string id;

  std::string dump() const {
    std::ostringstream o;
    o << at << '|' << format << '|' << runtime << '|' << color << '|' << max_age << '|' << service << '|' << quiet << deployed
      << '|' << warn_days << '|' << threads << '|' << max_size << '|' << id << '|';
    for (const auto* v : {&catalogs, &frameworks, &excludes, &paths, &diff}) {
      for (const auto& s : *v) {
        o << s << ',';
      }
      o << '|';
    }
    return o.str();
  }
};

void declare_globals(cli::Options& g, Vars& v) {
  g.add_option("--catalog", v.catalogs, "catalogs")->type_name("PATH");
  g.add_option("--at", v.at, "date");
  g.add_option("--format", v.format, "format");
  g.add_option("--color", v.color, "colour")->check(cli::one_of({"auto", "always", "never"}));
  g.add_flag("-q,--quiet", v.quiet, "quiet");
  g.add_option("--warn-days", v.warn_days, "days")->check(cli::range(0, 36500));
  g.add_option("--max-data-age", v.max_age, "age")->check([](const std::string& s) {
    return s.size() > 1 && s.back() == 'd' ? std::string() : std::string("not an age");
  });
}

// A command with a required option, repeatable options with and without extra values, numbers
// and positionals (`with_id`: a required single one first; else only the repeatable one).
void declare_command(cli::Options& c, Vars& v, bool with_id) {
  if (with_id) {
    c.add_option("id", v.id, "id")->required();
  }
  c.add_option("paths", v.paths, "paths");
  c.add_option("-r,--runtime", v.runtime, "runtime")->required();
  c.add_option("--framework", v.frameworks, "framework")->allow_extra_args(false);
  c.add_option("--exclude", v.excludes, "glob");
  c.add_option("--service", v.service, "service")->check(cli::one_of({"training", "prediction"}));
  c.add_option("-j,--threads", v.threads, "threads")->check(cli::range(0u, 256u));
  c.add_option("--max-filesize", v.max_size, "bytes");
  c.add_flag("--deployed", v.deployed, "deployed");
  c.add_option("--diff", v.diff, "old new")->expected(2);
}

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out{"rtcat"};
  std::istringstream in(line);
  for (std::string w; in >> w;) {
    out.push_back(w == "''" ? std::string() : w);
  }
  return out;
}

struct Outcome {
  bool direct = false;
  std::string direct_vars;
  bool cli11_ok = false;
  std::string cli11_vars;
  std::string untouched;
};

// Runs one command line (the command is `cmd`, at the first word that is not a global option or
// its value, as main finds it) through both readers, each on fresh variables.
Outcome read_both(const std::string& line, bool with_id) {
  std::vector<std::string> w = words(line);
  std::vector<char*> argv;
  for (auto& s : w) {
    argv.push_back(s.data());
  }
  int argc = static_cast<int>(argv.size());
  int at = 0;
  for (int i = 1; i < argc; ++i) {
    if (w[static_cast<size_t>(i)] == "cmd") {
      at = i;
      break;
    }
  }
  Outcome o;
  Vars fresh;
  o.untouched = fresh.dump();
  {
    Vars v;
    cli::Options g;
    declare_globals(g, v);
    cli::Options c(&g);
    declare_command(c, v, with_id);
    std::vector<cli::CommandAt> path{{at, &c}};
    o.direct = at > 0 && cli::parse_directly(g, path, argc, argv.data());
    o.direct_vars = v.dump();
  }
  {
    Vars v;
    CLI::App app{"t", "rtcat"};
    app.fallthrough();
    cli::Options g;
    declare_globals(g, v);
    g.build(app);
    CLI::App* sub = app.add_subcommand("cmd", "a command");
    cli::Options c(&g);
    declare_command(c, v, with_id);
    c.build(*sub);
    try {
      app.parse(argc, argv.data());
      o.cli11_ok = true;
    } catch (const CLI::Error&) {
      o.cli11_ok = false;
    }
    o.cli11_vars = v.dump();
  }
  return o;
}

} // namespace

TEST_CASE("parse_directly reads plain command lines exactly as CLI11 does") {
  const char* plain[] = {
      "cmd --runtime 2.1",
      "cmd -r 2.1",
      "cmd --runtime=2.1",
      "--at 2020-06-01 cmd --runtime 2.1",
      "--at=2020-06-01 cmd -r 2.1 --format json",
      "cmd --runtime 2.1 --at 2020-06-01 -q",
      "-q cmd --runtime 2.1 --deployed",
      "cmd --runtime 2.1 --framework tensorflow --framework xgboost",
      "cmd --framework tensorflow a b --runtime 2.1",
      "cmd --runtime 2.1 --exclude x",
      "cmd --runtime 2.1 --exclude x --exclude y",
      "cmd a b c --runtime 2.1",
      "cmd --runtime 2.1 a",
      "cmd --runtime 2.1 --service training -j 4 --max-filesize 1024",
      "cmd --runtime 2.1 --threads 256 --warn-days 0",
      "--warn-days 36500 cmd --runtime 2.1 --color never",
      "--catalog a.json --catalog b.json cmd --runtime 2.1",
      "cmd --runtime 2.1 --max-data-age 90d",
  };
  for (const char* line : plain) {
    std::string shown = line;
    CAPTURE(shown);
    Outcome o = read_both(line, false);
    CHECK(o.direct);
    CHECK(o.cli11_ok);
    CHECK(o.direct_vars == o.cli11_vars);
    CHECK(o.direct_vars != o.untouched);
  }
}

TEST_CASE("parse_directly declines what it cannot be sure of, and writes nothing") {
  const char* declined[] = {
      "cmd",                                                   // required --runtime missing
      "cmd --runtime",                                         // no value
      "cmd --runtime ''",                                      // empty value
      "cmd --runtime=",                                        // empty value
      "cmd --runtime 2.1 --runtime 2.2",                       // single-valued twice
      "cmd --runtime 2.1 -q -q",                               // a flag twice
      "cmd --runtime 2.1 --deployed=true",                     // a flag given a value
      "cmd --runtim 2.1",                                      // unknown (CLI11 suggests)
      "cmd --run 2.1",                                         // abbreviated
      "cmd --runtime 2.1 --help",                              // help
      "cmd -h",                                                //
      "--version",                                             // no command
      "cmd --runtime 2.1 -- a",                                // end of options
      "cmd --runtime 2.1 -",                                   // stdin
      "cmd --runtime 2.1 --service serving",                   // fails one_of
      "cmd --runtime 2.1 --color sometimes",                   // fails a global one_of
      "cmd --runtime 2.1 -j 257",                              // out of range
      "cmd --runtime 2.1 -j 04",                               // leading zero
      "cmd --runtime 2.1 -j +4",                               // sign
      "cmd --runtime 2.1 -j 0x4",                              // base prefix
      "cmd --runtime 2.1 --max-filesize 1e3",                  // exponent
      "cmd --runtime 2.1 --max-filesize 99999999999999999999", // overflow
      "cmd --runtime 2.1 --warn-days 1.5",                     // not an integer
      "cmd --runtime 2.1 --max-data-age soon",                 // fails a function check
      "cmd --runtime 2.1 --exclude x y",                       // a repeatable option may take y too
      "cmd --runtime 2.1 -rv",                                 // clustered short options
      "cmd -r2.1",                                             // attached short value
      "a cmd --runtime 2.1",                                   // a positional before the command
      "cmd --runtime 2.1 --at -1",                             // a value that looks like an option
      "cmd --runtime 2.1 --max-filesize -5",                   // a negative number: CLI11's to read
      "cmd --runtime 2.1 --diff a",                            // a set number of values (CLI11 counts them)
      "cmd --runtime 2.1 --diff a b",                          //
  };
  for (const char* line : declined) {
    std::string shown = line;
    CAPTURE(shown);
    Outcome o = read_both(line, false);
    CHECK_FALSE(o.direct);
    CHECK(o.direct_vars == o.untouched);
  }
}

TEST_CASE("parse_directly: a single positional first, then the repeatable one") {
  Outcome one = read_both("cmd 2.1 --runtime 2.1", true);
  CHECK(one.direct);
  CHECK(one.direct_vars == one.cli11_vars);
  Outcome more = read_both("cmd x a b --runtime 2.1", true);
  CHECK(more.direct);
  CHECK(more.cli11_ok);
  CHECK(more.direct_vars == more.cli11_vars);
  Outcome none = read_both("cmd --runtime 2.1", true); // the required id is missing
  CHECK_FALSE(none.direct);
  CHECK_FALSE(none.cli11_ok);
}
