// SQLite's C library, loaded when the catalog store first calls it (ARCHITECTURE.md, "The
// start-up layout"; docs/benchmarks.md, "Start-up: SQLite loaded on demand").
//
// Linked in, libsqlite3.a brought 1,670 relocations, seven pages of data and 1.3 MB of code into
// every run, though only the store (catalog/store.cpp, through SQLiteCpp) calls it: a tenth of a
// short command's start-up. Where lld lays out the static PIE on x86-64 (cli/CMakeLists.txt), the
// executable defines instead each function SQLiteCpp calls as a jump through a slot. The first
// call, whichever it is, loads Debian's shared library (libsqlite3.so.0, a dependency of the
// package) with dlopen, as util/json_fast.cpp loads the simdjson module, fills every slot, and
// goes on to the function it was; later calls jump straight there. Because these definitions come
// before the libraries on the link line, the linker takes no member of libsqlite3.a.
//
// Without the library, the call that needed it throws catalog::StorageError, as a store that
// cannot be opened does: one line on stderr naming the library, exit code 2, and every command's
// own clean-up (a half-written --output is removed). The loader is called from assembly, which
// describes its frame for the unwinder (the CFI directives below).

#include "catalog/error.hpp"
#include "util/fixed_text.hpp"

#include <dlfcn.h>
#include <mutex>
#include <string>

#define RTCAT_SQLITE_LIBRARY "libsqlite3.so.0" // Debian's libsqlite3-0

// Every function of the C library SQLiteCpp calls (nm -u libSQLiteCpp.a), with its slot. One
// missing here makes the linker take sqlite3.o from libsqlite3.a again, and the link fails on the
// functions defined twice.
#define RTCAT_SQLITE_FUNCTIONS(X)                                                                                                \
  X(0, sqlite3_backup_finish)                                                                                                    \
  X(1, sqlite3_backup_init)                                                                                                      \
  X(2, sqlite3_backup_pagecount)                                                                                                 \
  X(3, sqlite3_backup_remaining)                                                                                                 \
  X(4, sqlite3_backup_step)                                                                                                      \
  X(5, sqlite3_bind_blob)                                                                                                        \
  X(6, sqlite3_bind_double)                                                                                                      \
  X(7, sqlite3_bind_int)                                                                                                         \
  X(8, sqlite3_bind_int64)                                                                                                       \
  X(9, sqlite3_bind_null)                                                                                                        \
  X(10, sqlite3_bind_parameter_count)                                                                                            \
  X(11, sqlite3_bind_parameter_index)                                                                                            \
  X(12, sqlite3_bind_text)                                                                                                       \
  X(13, sqlite3_busy_timeout)                                                                                                    \
  X(14, sqlite3_changes)                                                                                                         \
  X(15, sqlite3_clear_bindings)                                                                                                  \
  X(16, sqlite3_close)                                                                                                           \
  X(17, sqlite3_column_blob)                                                                                                     \
  X(18, sqlite3_column_bytes)                                                                                                    \
  X(19, sqlite3_column_count)                                                                                                    \
  X(20, sqlite3_column_decltype)                                                                                                 \
  X(21, sqlite3_column_double)                                                                                                   \
  X(22, sqlite3_column_int)                                                                                                      \
  X(23, sqlite3_column_int64)                                                                                                    \
  X(24, sqlite3_column_name)                                                                                                     \
  X(25, sqlite3_column_origin_name)                                                                                              \
  X(26, sqlite3_column_text)                                                                                                     \
  X(27, sqlite3_column_type)                                                                                                     \
  X(28, sqlite3_create_function_v2)                                                                                              \
  X(29, sqlite3_db_config)                                                                                                       \
  X(30, sqlite3_errcode)                                                                                                         \
  X(31, sqlite3_errmsg)                                                                                                          \
  X(32, sqlite3_errstr)                                                                                                          \
  X(33, sqlite3_exec)                                                                                                            \
  X(34, sqlite3_expanded_sql)                                                                                                    \
  X(35, sqlite3_extended_errcode)                                                                                                \
  X(36, sqlite3_finalize)                                                                                                        \
  X(37, sqlite3_free)                                                                                                            \
  X(38, sqlite3_last_insert_rowid)                                                                                               \
  X(39, sqlite3_libversion)                                                                                                      \
  X(40, sqlite3_libversion_number)                                                                                               \
  X(41, sqlite3_load_extension)                                                                                                  \
  X(42, sqlite3_open_v2)                                                                                                         \
  X(43, sqlite3_prepare_v2)                                                                                                      \
  X(44, sqlite3_reset)                                                                                                           \
  X(45, sqlite3_step)                                                                                                            \
  X(46, sqlite3_total_changes)

namespace {

// Held in the rows (util::FixedText): the table has no pointer to relocate.
constexpr util::FixedText<40> k_names[] = {
#define RTCAT_NAME(i, name) #name,
    RTCAT_SQLITE_FUNCTIONS(RTCAT_NAME)
#undef RTCAT_NAME
};
constexpr size_t k_count = sizeof k_names / sizeof k_names[0];

[[noreturn]] void fail(const std::string& why) {
  throw catalog::StorageError("the catalog store needs SQLite, which did not load: " + why +
                              " (install the package libsqlite3-0)");
}

} // namespace

extern "C" {

// Each function's address in the loaded library; null until the first call.
__attribute__((visibility("hidden"))) void* rtcat_sqlite_slots[k_count];

// Loads the library and fills every slot, once; throws StorageError when it cannot (and tries
// again at the next call).
__attribute__((visibility("hidden"), used)) void rtcat_sqlite_load() {
  static std::once_flag once;
  std::call_once(once, [] {
    void* library = dlopen(RTCAT_SQLITE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      const char* why = dlerror();
      fail(why ? why : RTCAT_SQLITE_LIBRARY);
    }
    for (size_t i = 0; i < k_count; ++i) {
      void* function = dlsym(library, k_names[i].c_str());
      if (function == nullptr) {
        fail(std::string(RTCAT_SQLITE_LIBRARY ": no function ") + k_names[i].c_str());
      }
      rtcat_sqlite_slots[i] = function;
    }
  });
}

} // extern "C"

// The functions: each jumps through its slot, or first to the loader with its slot's number.
// The loader keeps every register a call may pass arguments in (the integer ones, the vector
// ones, and al, which counts the vector arguments of a variadic call such as sqlite3_db_config).
#define RTCAT_STUB(i, name)                                                                                                      \
  ".globl " #name "\n"                                                                                                           \
  ".type " #name ", @function\n" #name ":\n"                                                                                     \
  "  movq rtcat_sqlite_slots+8*" #i "(%rip), %r11\n"                                                                             \
  "  testq %r11, %r11\n"                                                                                                         \
  "  jz 1f\n"                                                                                                                    \
  "  jmp *%r11\n"                                                                                                                \
  "1:\n"                                                                                                                         \
  "  movl $" #i ", %r11d\n"                                                                                                      \
  "  jmp rtcat_sqlite_resolve\n"                                                                                                 \
  ".size " #name ", . - " #name "\n"

asm(".pushsection .text.rtcat_sqlite,\"ax\",@progbits\n" RTCAT_SQLITE_FUNCTIONS(RTCAT_STUB)
        R"(
  .type rtcat_sqlite_resolve, @function
rtcat_sqlite_resolve:
  .cfi_startproc
  .cfi_def_cfa_offset 8
  push %rbp
  .cfi_def_cfa_offset 16
  .cfi_offset %rbp, -16
  mov %rsp, %rbp
  .cfi_def_cfa_register %rbp
  push %rdi
  push %rsi
  push %rdx
  push %rcx
  push %r8
  push %r9
  push %rax
  push %r11
  sub $128, %rsp
  movdqu %xmm0, 0(%rsp)
  movdqu %xmm1, 16(%rsp)
  movdqu %xmm2, 32(%rsp)
  movdqu %xmm3, 48(%rsp)
  movdqu %xmm4, 64(%rsp)
  movdqu %xmm5, 80(%rsp)
  movdqu %xmm6, 96(%rsp)
  movdqu %xmm7, 112(%rsp)
  call rtcat_sqlite_load
  movdqu 0(%rsp), %xmm0
  movdqu 16(%rsp), %xmm1
  movdqu 32(%rsp), %xmm2
  movdqu 48(%rsp), %xmm3
  movdqu 64(%rsp), %xmm4
  movdqu 80(%rsp), %xmm5
  movdqu 96(%rsp), %xmm6
  movdqu 112(%rsp), %xmm7
  add $128, %rsp
  pop %r11
  pop %rax
  pop %r9
  pop %r8
  pop %rcx
  pop %rdx
  pop %rsi
  pop %rdi
  pop %rbp
  .cfi_def_cfa %rsp, 8
  lea rtcat_sqlite_slots(%rip), %r10
  jmp *(%r10,%r11,8)
  .cfi_endproc
  .size rtcat_sqlite_resolve, . - rtcat_sqlite_resolve
  .popsection
)");
