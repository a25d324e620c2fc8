#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/store.hpp"
#include "cli/context.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <sys/stat.h>

namespace cli {

namespace {

struct DbArgs {
  std::string db;
  std::vector<std::string> files;
  std::string name;
  std::string output;
};

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

int run_init(Context& ctx, const DbArgs& a) {
  if (exists(a.db) && !catalog::looks_like_sqlite(a.db)) {
    struct stat st {};
    ::stat(a.db.c_str(), &st);
    if (st.st_size > 0) {
      throw catalog::InvalidInput(a.db + ": exists and is not an SQLite database; choose another path");
    }
  }
  catalog::Store store(a.db, catalog::Store::Mode::create);
  report_store_upgrade(store);
  if (!ctx.g.quiet) {
    ctx.out("initialised catalog store " + a.db + " (schema version " + std::to_string(catalog::Store::k_schema_version) +
            "); add catalogs with 'rtcat db import " + a.db + " [FILE...]'\n");
  }
  return 0;
}

int run_import(Context& ctx, const DbArgs& a) {
  // Read and validate every file first: nothing is written unless all of them are good.
  std::vector<catalog::Catalog> catalogs;
  if (a.files.empty()) {
    const auto embedded = catalog::CatalogSet::embedded();
    for (const auto* c : embedded.all()) {
      catalogs.push_back(*c);
    }
  } else {
    for (const auto& f : a.files) {
      catalogs.push_back(catalog::parse_catalog(util::read_file(f), f));
    }
  }
  if (!exists(a.db)) {
    throw catalog::InvalidInput(a.db + ": no such catalog store; create it with 'rtcat db init " + a.db + "'");
  }
  catalog::Store store(a.db, catalog::Store::Mode::write);
  report_store_upgrade(store);
  store.import_catalogs(catalogs);
  if (!ctx.g.quiet) {
    std::string out;
    for (const auto& c : catalogs) {
      out += "imported " + c.name + " (" + std::to_string(c.runtimes.size()) + " entries) into " + a.db + "\n";
    }
    ctx.out(out);
  }
  return 0;
}

int run_export(Context& ctx, const DbArgs& a) {
  if (!exists(a.db)) {
    throw catalog::InvalidInput(a.db + ": no such catalog store");
  }
  catalog::Store store(a.db, catalog::Store::Mode::read);
  report_store_upgrade(store);
  auto names = store.names();
  std::string name = a.name;
  if (name.empty()) {
    if (names.size() != 1) {
      throw catalog::InvalidInput(a.db + ": holds " + std::to_string(names.size()) + " catalogs; choose one with --name (" +
                                  (names.empty() ? "none" : util::join(names)) + ")");
    }
    name = names.front();
  }
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    throw catalog::InvalidInput(a.db + ": no catalog named '" + name +
                                "' (valid: " + (names.empty() ? "none" : util::join(names)) + ")");
  }
  std::string text = catalog::write_catalog(store.load(name));
  if (a.output.empty() || a.output == "-") {
    ctx.out(text);
  } else {
    util::write_atomically(a.output, text);
  }
  return 0;
}

int run_verify(Context& ctx, const DbArgs& a) {
  if (!exists(a.db)) {
    throw catalog::InvalidInput(a.db + ": no such catalog store");
  }
  catalog::Store store(a.db, catalog::Store::Mode::read);
  report_store_upgrade(store);
  auto problems = store.verify();
  std::string out;
  for (const auto& p : problems) {
    out += a.db + ": error: " + p + "\n";
  }
  if (problems.empty() && !ctx.g.quiet) {
    auto names = store.names();
    out += a.db + ": ok (schema version " + std::to_string(catalog::Store::k_schema_version) + ", " +
           std::to_string(names.size()) + " catalogs)\n";
  }
  ctx.out(out);
  return problems.empty() ? 0 : 1;
}

} // namespace

void register_db(CLI::App& app, Context& ctx) {
  auto* db = app.add_subcommand("db", "The SQLite catalog store: init, import, export, verify");
  db->require_subcommand(1);
  db->footer(R"(Examples:
  rtcat db init catalog.db
  rtcat db import catalog.db                      # the embedded catalogs
  rtcat db import catalog.db my-images.json
  rtcat db export catalog.db --name ai-platform -o ai-platform.json
  rtcat db verify catalog.db
  rtcat --catalog catalog.db list)");

  auto add = [&](const char* name, const char* help, auto setup, int (*run)(Context&, const DbArgs&)) {
    auto args = std::make_shared<DbArgs>();
    auto* sub = db->add_subcommand(name, help);
    sub->add_option("db", args->db, "Path of the SQLite catalog store")->required();
    setup(sub, *args);
    sub->callback([&ctx, args, run] { ctx.action = [&ctx, args, run] { return run(ctx, *args); }; });
  };
  add(
      "init", "Create an empty catalog store (schema, WAL journal)", [](CLI::App*, DbArgs&) {}, run_init);
  add(
      "import", "Import catalog JSON files (default: the embedded catalogs) in one transaction",
      [](CLI::App* sub, DbArgs& a) { sub->add_option("files", a.files, "Catalog JSON files")->type_name("FILE"); }, run_import);
  add(
      "export", "Write one catalog as canonical JSON",
      [](CLI::App* sub, DbArgs& a) {
        sub->add_option("--name", a.name, "Catalog to export (needed when the store holds several)");
        sub->add_option("-o,--output", a.output, "Write to this file (atomically) instead of stdout")->type_name("FILE");
      },
      run_export);
  add(
      "verify", "Check integrity, schema version and every stored document", [](CLI::App*, DbArgs&) {}, run_verify);
}

} // namespace cli
