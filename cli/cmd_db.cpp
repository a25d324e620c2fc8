#include "catalog/endoflife.hpp"
#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/store.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <memory>
#include <sys/stat.h>

namespace cli {

// What `rtcat db --help` says after the options (Command::help).
const std::string_view k_db_help = R"(Examples:
  rtcat db init catalog.db
  rtcat db import catalog.db                      # the embedded catalogs
  rtcat db import catalog.db my-images.json
  rtcat db import catalog.db --format endoflife python.json  # an endoflife.date product
  rtcat db export catalog.db --name ai-platform -o ai-platform.json
  rtcat db verify catalog.db
  rtcat --catalog catalog.db list)";

namespace {

struct DbArgs {
  std::string db;
  std::vector<std::string> files;
  std::string name;
  std::string output;
};

// "1 entry", "26 entries".
std::string entry_count(size_t n) {
  return std::to_string(n) + (n == 1 ? " entry" : " entries");
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// The store at `path`, which must exist (else an input error, `hint` at its end), opened in `mode`;
// a schema upgrade on opening is reported.
std::unique_ptr<catalog::Store> open_existing(const std::string& path, catalog::Store::Mode mode, const std::string& hint = "") {
  if (!exists(path)) {
    throw catalog::InvalidInput(path + ": no such catalog store" + hint);
  }
  auto store = std::make_unique<catalog::Store>(path, mode);
  report_store_upgrade(*store);
  return store;
}

int run_init(Context& ctx, const DbArgs& a) {
  if (exists(a.db) && !catalog::looks_like_sqlite(a.db)) {
    struct stat st {};
    ::stat(a.db.c_str(), &st);
    if (st.st_size > 0) {
      throw catalog::InvalidInput(a.db + ": exists and is not an SQLite database; choose another path");
    }
  }
  const bool existed = exists(a.db) && catalog::looks_like_sqlite(a.db);
  catalog::Store store(a.db, catalog::Store::Mode::create);
  report_store_upgrade(store);
  if (ctx.g.quiet) {
    return k_exit_ok;
  }
  const std::string schema = "(schema version " + std::to_string(catalog::Store::k_schema_version) + ")";
  if (!existed) {
    ctx.out("initialised catalog store " + a.db + " " + schema + "; add catalogs with 'rtcat db import " + a.db +
            " [FILE...]'\n");
    return k_exit_ok;
  }
  // Nothing is created, nothing is lost: say what the store already holds.
  std::vector<std::string> held;
  for (const auto& name : store.names()) {
    held.push_back(name + " (" + entry_count(store.load(name).runtimes.size()) + ")");
  }
  ctx.out("catalog store " + a.db + " already exists " + schema + ", unchanged: " +
          (held.empty() ? "it holds no catalog; add catalogs with 'rtcat db import " + a.db + " [FILE...]'"
                        : "it holds " + util::join(held)) +
          "\n");
  return k_exit_ok;
}

int run_import(Context& ctx, const DbArgs& a) {
  // Read and validate every file first: nothing is written unless all of them are good.
  std::vector<catalog::Catalog> catalogs;
  const bool endoflife = ctx.format() == "endoflife";
  if (endoflife && a.files.empty()) {
    throw catalog::InvalidInput("db import --format endoflife: name the endoflife.date product files to read (the embedded "
                                "catalogs are rtcat catalogs)");
  }
  if (a.files.empty()) {
    const auto embedded = catalog::CatalogSet::embedded();
    for (const auto* c : embedded.all()) {
      catalogs.push_back(*c);
    }
  } else {
    stdin_once({&a.files});
    for (const auto& f : a.files) {
      const std::string text = util::read_file(f);
      catalogs.push_back(endoflife ? catalog::parse_endoflife(text, util::input_name(f))
                                   : catalog::parse_catalog(text, util::input_name(f)));
    }
  }
  auto store = open_existing(a.db, catalog::Store::Mode::write, "; create it with 'rtcat db init " + a.db + "'");
  // What each import does to the store: adds a catalog, replaces one of the same name, or leaves
  // it as it was (the same document).
  std::vector<std::string> lines;
  const auto held = store->names();
  for (const auto& c : catalogs) {
    const std::string entries = entry_count(c.runtimes.size());
    if (std::find(held.begin(), held.end(), c.name) == held.end()) {
      lines.push_back("imported " + c.name + " (" + entries + ") into " + a.db);
      continue;
    }
    catalog::Catalog before = store->load(c.name);
    if (catalog::write_catalog(before) == catalog::write_catalog(c)) {
      lines.push_back("unchanged " + c.name + " (" + entries + ") in " + a.db + ": the same catalog is already there");
    } else {
      lines.push_back("replaced " + c.name + " in " + a.db + " (" + entries + "; it had " + entry_count(before.runtimes.size()) +
                      ")");
    }
  }
  store->import_catalogs(catalogs);
  if (!ctx.g.quiet) {
    ctx.out(util::join(lines, "\n") + "\n");
  }
  return k_exit_ok;
}

int run_export(Context& ctx, const DbArgs& a) {
  auto store = open_existing(a.db, catalog::Store::Mode::read);
  auto names = store->names();
  std::string name = a.name;
  if (name.empty()) {
    if (names.size() != 1) {
      throw catalog::InvalidInput(a.db + ": holds " + std::to_string(names.size()) + " catalogs; choose one with --name (" +
                                  (names.empty() ? "none" : util::join(names)) + ")");
    }
    name = names.front();
  }
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    throw catalog::InvalidInput(a.db + ": no catalog named '" + name + "' " +
                                (names.empty() ? std::string("(valid: none)") : util::choices(name, names)));
  }
  std::string text = catalog::write_catalog(store->load(name));
  if (a.output.empty() || a.output == "-") {
    ctx.out(text);
  } else {
    util::write_atomically(a.output, text);
  }
  return k_exit_ok;
}

int run_verify(Context& ctx, const DbArgs& a) {
  auto store = open_existing(a.db, catalog::Store::Mode::read);
  auto problems = store->verify();
  std::string out;
  for (const auto& p : problems) {
    out += a.db + ": error: " + p + "\n";
  }
  if (problems.empty() && !ctx.g.quiet) {
    auto names = store->names();
    out += a.db + ": ok (schema version " + std::to_string(catalog::Store::k_schema_version) + ", " +
           std::to_string(names.size()) + " catalogs)\n";
  }
  ctx.out(out);
  return problems.empty() ? k_exit_ok : k_exit_findings;
}

// Every db subcommand takes the store's path first; `more` adds its other arguments.
Action define_db_command(Options& sub, Context& ctx, void (*more)(Options&, DbArgs&), int (*run)(Context&, const DbArgs&)) {
  auto declare = [more](Options& s, DbArgs& a) {
    s.add_option("db", a.db, "Path of the SQLite catalog store")->type_name("PATH")->required();
    more(s, a);
  };
  return define_command(sub, ctx, declare, run);
}

void no_more(Options&, DbArgs&) {}

} // namespace

Action define_db_init(Options& sub, Context& ctx) {
  return define_db_command(sub, ctx, no_more, run_init);
}

Action define_db_import(Options& sub, Context& ctx) {
  return define_db_command(
      sub, ctx,
      [](Options& s, DbArgs& a) {
        s.add_option("files", a.files, "Catalog JSON files, or with --format endoflife endoflife.date API v1 products")
            ->type_name("FILE");
      },
      run_import);
}

Action define_db_export(Options& sub, Context& ctx) {
  return define_db_command(
      sub, ctx,
      [](Options& s, DbArgs& a) {
        s.add_option("--name", a.name, "Catalog to export (needed when the store holds several)")->type_name("NAME");
        s.add_option("-o,--output", a.output, "Write to this file (atomically) instead of stdout")->type_name("FILE");
      },
      run_export);
}

Action define_db_verify(Options& sub, Context& ctx) {
  return define_db_command(sub, ctx, no_more, run_verify);
}

} // namespace cli
