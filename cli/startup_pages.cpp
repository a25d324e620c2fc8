// The pages a short command touches, mapped in a few system calls rather than one page fault each
// (ARCHITECTURE.md, "The start-up layout"; docs/benchmarks.md, "Start-up: the pages in a few
// calls").
//
// A `check` took 74 page faults: on the data its relocations write, the zeroed data, the code and
// read-only data it runs and reads, the heap and the stack. Each is a trap into the kernel, and on
// a virtual machine whose hypervisor sees every trap one costs several microseconds, far more
// than the page (bench/fault_cost.sh). madvise(MADV_POPULATE_READ / MADV_POPULATE_WRITE, Linux
// 5.14) maps a whole range in one call, so the executable does that for the ranges a short
// command uses:
//
// - before anything else runs (rtcat_start, the executable's entry point where lld lays out the
//   static PIE on x86-64, cli/CMakeLists.txt): every writable segment, which the relocations
//   fill anyway, but the zeroed data only up to the end of what a short command writes, which
//   cli/startup.order places first (rtcat_startup_data_end); the code from the start of the
//   text to the end of the functions cli/startup.order places first (rtcat_startup_text_end,
//   the file's last name), or, for a `check`, to the end of the check command lines' functions,
//   which the file names first (rtcat_startup_check_end: each page mapped and not run costs its
//   mapping and its unmapping at exit, and the other commands' functions are more than half of
//   the block), and what follows the text (.init to .iplt); the read-only data up to the unwind
//   tables, which only an exception reads; and the top of the stack. This runs before the C library has relocated the
//   executable or set up its thread, so it reads nothing that relocation writes, calls no
//   function of the C library and keeps no errno: the system call is one instruction, and a
//   kernel that cannot populate answers EINVAL, which changes nothing but the number of faults;
// - first in main (populate_heap): the heap's next 64 KiB, up to the break: what a short command
//   fills.
//
// Nothing here changes what the program computes; only when its pages are mapped.

#include "cli/startup_pages.hpp"

#include <algorithm>
#include <cstdint>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__GLIBC__)
#if __GLIBC_PREREQ(2, 33)
#define RTCAT_HAVE_MALLINFO2 1
#endif
#endif

#ifndef MADV_POPULATE_READ // Linux 5.14; older C library headers lack them
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif

#if defined(RTCAT_STARTUP_ENTRY)
#include <elf.h>
#include <link.h>
#include <sys/syscall.h>

extern "C" {
// The executable's own ELF header, where the linker placed it: the first byte of the image.
// NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
extern const ElfW(Ehdr) __ehdr_start __attribute__((visibility("hidden")));
void rtcat_startup_text_end();
void rtcat_startup_check_end();
// The C runtime's .init, which lld places after the text.
void _init(); // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
// The end of the zeroed data a short command writes: cli/startup.order names it after that data.
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): only its address is used
__attribute__((used, visibility("hidden"))) char rtcat_startup_data_end[1];
}

namespace {

constexpr uintptr_t k_page = 4096;       // x86-64
constexpr uintptr_t k_stack = 16 * 1024; // the stack a short command grows into

// madvise(2) as one instruction, before the C library is set up. The answer is not needed.
__attribute__((always_inline)) inline void advise(uintptr_t from, uintptr_t to, long advice) {
  from &= ~(k_page - 1);
  to = (to + k_page - 1) & ~(k_page - 1);
  if (to <= from) {
    return;
  }
  long result = SYS_madvise;
  __asm__ volatile("syscall" : "+a"(result) : "D"(from), "S"(to - from), "d"(advice) : "rcx", "r11", "memory");
}

// Whether the command line the kernel put on the stack (argc, then argv) runs `check`: its first
// word after the program's name. Compared by hand: the C library is not set up.
__attribute__((always_inline)) inline bool runs_check(uintptr_t stack) {
  const auto argc = *reinterpret_cast<const long*>(stack);
  if (argc < 2) {
    return false;
  }
  const char* word = reinterpret_cast<char* const*>(stack + sizeof(long))[1];
  const char check[] = "check";
  for (unsigned i = 0; i < sizeof check; ++i) {
    if (word[i] != check[i]) {
      return false;
    }
  }
  return true;
}

} // namespace

extern "C" {

// The end of the functions cli/startup.order lays out first: the file's last name.
__attribute__((used, noinline, visibility("hidden"))) void rtcat_startup_text_end() {
  __asm__ volatile("");
}

// The end of the functions of the `check` command lines, which the file names first.
__attribute__((used, noinline, visibility("hidden"))) void rtcat_startup_check_end() {
  __asm__ volatile("");
}

// Called by rtcat_start with the process's first stack pointer. Reads only the program headers
// and addresses the linker resolved relative to the code (no relocation, no thread pointer: no
// stack protector either).
__attribute__((used, visibility("hidden"), no_stack_protector)) void rtcat_populate_image(uintptr_t stack) {
  advise(stack - k_stack, stack, MADV_POPULATE_WRITE);
  const auto header = reinterpret_cast<uintptr_t>(&__ehdr_start);
  const auto* headers = reinterpret_cast<const ElfW(Phdr)*>(header + __ehdr_start.e_phoff);
  // Where the image was loaded: the header's address less the address the segment that holds it
  // (the one that starts the file) was linked at.
  uintptr_t base = 0;
  uintptr_t unwind_tables = 0; // where the unwind tables were linked; 0: none
  for (unsigned i = 0; i < __ehdr_start.e_phnum; ++i) {
    if (headers[i].p_type == PT_LOAD && headers[i].p_offset == 0) {
      base = header - headers[i].p_vaddr;
    } else if (headers[i].p_type == PT_GNU_EH_FRAME) {
      unwind_tables = headers[i].p_vaddr;
    }
  }
  if (unwind_tables != 0) {
    unwind_tables += base;
  }
  // A `check` maps the functions of the check command lines, which the order file lays out
  // first; any other command line all of them.
  auto text_end = reinterpret_cast<uintptr_t>(&rtcat_startup_text_end);
  const auto check_end = reinterpret_cast<uintptr_t>(&rtcat_startup_check_end);
  if (check_end < text_end && runs_check(stack)) {
    text_end = check_end;
  }
  for (unsigned i = 0; i < __ehdr_start.e_phnum; ++i) {
    const ElfW(Phdr)& segment = headers[i];
    if (segment.p_type != PT_LOAD) {
      continue;
    }
    const uintptr_t from = base + segment.p_vaddr;
    const uintptr_t to = from + segment.p_memsz;
    if (segment.p_flags & PF_W) {
      // The segment that holds the zeroed data up to the end of what a short command writes: a
      // page mapped is a page the kernel allocates and clears, touched or not.
      const auto data_end = reinterpret_cast<uintptr_t>(rtcat_startup_data_end) + 1;
      advise(from, from < data_end && data_end <= to ? data_end : to, MADV_POPULATE_WRITE);
    } else if (segment.p_flags & PF_X) {
      if (from < text_end && text_end <= to) {
        advise(from, text_end, MADV_POPULATE_READ);
        // The code lld places after the text: from _init (.init, which the C library runs at
        // start) to the stubs through which the functions glibc picks for the processor are
        // called (.iplt), the segment's last bytes.
        const auto tail = reinterpret_cast<uintptr_t>(&_init);
        advise(from < tail && tail < to ? tail : to - 1, to, MADV_POPULATE_READ);
      }
    } else {
      advise(from, from < unwind_tables && unwind_tables <= to ? unwind_tables : to, MADV_POPULATE_READ);
    }
  }
}

} // extern "C"

// The entry point: populates, then hands _start the process exactly as the kernel made it (the
// stack pointer, and rdx, the dynamic loader's finaliser, which _start passes on).
asm(R"(
  .pushsection .text.rtcat_start,"ax",@progbits
  .globl rtcat_start
  .type rtcat_start, @function
rtcat_start:
  .cfi_startproc
  .cfi_undefined rip
  xor %ebp, %ebp
  mov %rdx, %r12
  mov %rsp, %r13
  mov %rsp, %rdi
  and $-16, %rsp
  call rtcat_populate_image
  mov %r13, %rsp
  mov %r12, %rdx
  jmp _start
  .cfi_endproc
  .size rtcat_start, . - rtcat_start
  .popsection
)");
#endif

namespace cli::startup {

void populate_heap() {
#ifdef RTCAT_HAVE_MALLINFO2
  constexpr uintptr_t k_heap = 64 * 1024;
  // Where the next blocks go: the start of the allocator's top block, which ends at the break
  // (asked without allocating, which would touch the page before it is mapped). An allocator that
  // does not take its blocks from the break (a sanitizer's) says 0, or more than the break.
  const auto brk_end = reinterpret_cast<uintptr_t>(sbrk(0));
  const uintptr_t top = mallinfo2().keepcost;
  const long page_size = sysconf(_SC_PAGESIZE);
  if (page_size <= 0 || top == 0 || top >= brk_end) {
    return;
  }
  const uintptr_t from = brk_end - top;
  const uintptr_t start = from & ~(static_cast<uintptr_t>(page_size) - 1);
  const uintptr_t end = std::min(from + k_heap, brk_end);
  if (end > start) {
    madvise(reinterpret_cast<void*>(start), end - start, MADV_POPULATE_WRITE);
  }
#endif // before glibc 2.33 (no mallinfo2) the heap faults in page by page
}

} // namespace cli::startup
