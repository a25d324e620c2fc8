#include "util/json_fast.hpp"

#include "util/json_module.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <dlfcn.h>
#include <memory>
#include <unistd.h>
#include <vector>

// Set by the build for this file: the module's file name, and its folder relative to the
// executable's in the installed layout.
#ifndef RTCAT_JSON_MODULE_NAME
#define RTCAT_JSON_MODULE_NAME "librtcat-json.so"
#endif
#ifndef RTCAT_JSON_MODULE_RELDIR
#define RTCAT_JSON_MODULE_RELDIR "../lib/rtcat"
#endif

namespace util::json_fast {

static_assert(k_padding == RTCAT_JSON_PADDING, "the module's padding");

namespace {

// The module's functions, once it is loaded (it is never unloaded).
struct Module {
  std::string path;
  decltype(&rtcat_json_parser_new) parser_new = nullptr;
  decltype(&rtcat_json_parser_free) parser_free = nullptr;
  decltype(&rtcat_json_parse) parse = nullptr;
  decltype(&rtcat_json_parser_keep) keep = nullptr;
};

template <typename F> F symbol(void* handle, const char* name) {
  return reinterpret_cast<F>(dlsym(handle, name)); // NOLINT: dlsym's only way to a function
}

// dlopen()s one candidate; nullptr when it is missing, fails to load or is of another ABI version.
std::unique_ptr<Module> open_module(const std::string& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    return nullptr;
  }
  auto version = symbol<decltype(&rtcat_json_abi_version)>(handle, "rtcat_json_abi_version");
  auto m = std::make_unique<Module>();
  m->path = path;
  m->parser_new = symbol<decltype(m->parser_new)>(handle, "rtcat_json_parser_new");
  m->parser_free = symbol<decltype(m->parser_free)>(handle, "rtcat_json_parser_free");
  m->parse = symbol<decltype(m->parse)>(handle, "rtcat_json_parse");
  m->keep = symbol<decltype(m->keep)>(handle, "rtcat_json_parser_keep");
  if (!version || version() != RTCAT_JSON_ABI_VERSION || !m->parser_new || !m->parser_free || !m->parse || !m->keep) {
    dlclose(handle);
    return nullptr;
  }
  return m;
}

std::string executable_dir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) {
    return "";
  }
  std::string exe(buf, static_cast<size_t>(n));
  return exe.substr(0, exe.rfind('/') + 1);
}

std::unique_ptr<Module> load() {
  const char* chosen = std::getenv("RTCAT_JSON_MODULE");
  if (chosen && *chosen) {
    return std::string_view(chosen) == "none" ? nullptr : open_module(chosen);
  }
  std::string dir = executable_dir();
  if (dir.empty()) {
    return nullptr;
  }
  for (const std::string& candidate : {dir + RTCAT_JSON_MODULE_NAME, dir + RTCAT_JSON_MODULE_RELDIR "/" RTCAT_JSON_MODULE_NAME}) {
    if (auto m = open_module(candidate)) {
      return m;
    }
  }
  return nullptr;
}

// Loaded on first use (thread-safe), never at start-up.
const Module* module() {
  static const std::unique_ptr<Module> m = load();
  return m.get();
}

// One parser and one tape per thread, reused document after document.
class Session {
public:
  explicit Session(const Module& m) : m_module(m), m_parser(m.parser_new()) {}
  ~Session() {
    if (m_parser) {
      m_module.parser_free(m_parser);
    }
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Parses text into the tape, with the members `keys` does not name left out (see walk());
  // false when the module declines it.
  bool parse(std::string_view text, size_t readable, std::span<const std::string_view> keys) {
    if (!m_parser || !keep(keys)) {
      return false;
    }
    if (m_events.size() < text.size() + 1) {
      m_events.resize(text.size() + 1);
    }
    m_tape = rtcat_json_tape{m_events.data(), m_events.size(), 0};
    return m_module.parse(m_parser, text.data(), text.size(), std::max(readable, text.size()), &m_tape) == RTCAT_JSON_OK;
  }

  // Reports the tape's events, in order; false as soon as one returns false.
  bool replay(Events& events) {
    for (size_t i = 0; i < m_tape.events_size; ++i) {
      const rtcat_json_event& e = m_events[i];
      if (!report(e, events)) {
        return false;
      }
    }
    return true;
  }

private:
  const Module& m_module;
  rtcat_json_parser* m_parser;
  std::vector<rtcat_json_event> m_events;
  rtcat_json_tape m_tape{};
  std::span<const std::string_view> m_keys; // the parser's, as last set

  // Tells the parser the keys, when they are not the ones it has; false when it cannot take them.
  bool keep(std::span<const std::string_view> keys) {
    if (keys.data() == m_keys.data() && keys.size() == m_keys.size()) {
      return true;
    }
    std::vector<rtcat_json_name> names;
    names.reserve(keys.size());
    for (std::string_view k : keys) {
      names.push_back(rtcat_json_name{k.data(), k.size()});
    }
    if (m_module.keep(m_parser, names.data(), names.size()) != RTCAT_JSON_OK) {
      m_keys = {};
      m_module.keep(m_parser, nullptr, 0);
      return false;
    }
    m_keys = keys;
    return true;
  }

  bool report(const rtcat_json_event& e, Events& events) {
    if (e.kind == RTCAT_JSON_STRING || e.kind == RTCAT_JSON_KEY) {
      std::string_view text(e.text, e.length);
      return e.kind == RTCAT_JSON_KEY ? events.key(text) : events.string(text);
    }
    // The events without text, by kind (rtcat_json_kind's numbers; string and key are above).
    using Plain = bool (Events::*)();
    static constexpr std::array<Plain, 9> k_plain{
        &Events::null,         &Events::boolean,    &Events::number,      nullptr,           nullptr,
        &Events::start_object, &Events::end_object, &Events::start_array, &Events::end_array};
    return e.kind < k_plain.size() && k_plain[e.kind] != nullptr && (events.*k_plain[e.kind])();
  }
};

} // namespace

bool walk(std::string_view text, Events& events, size_t readable, std::span<const std::string_view> keys) {
  if (text.size() > k_max_document) {
    return false;
  }
  const Module* m = module();
  if (!m) {
    return false;
  }
  thread_local Session session(*m);
  return session.parse(text, readable, keys) && session.replay(events);
}

const std::string& module_path() {
  static const std::string none;
  const Module* m = module();
  return m ? m->path : none;
}

} // namespace util::json_fast
