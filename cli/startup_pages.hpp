#pragma once

// The pages a short command touches, mapped in a few system calls rather than one page fault
// each (cli/startup_pages.cpp; ARCHITECTURE.md, "The start-up layout").

namespace cli::startup {

// Maps the heap's next 64 KiB at once (up to the program break), from where the allocator will
// place its next block: what a short command fills. Call it first in main. Does nothing where
// the allocator does not take its blocks from the break (a sanitizer's), or where the C library
// (before glibc 2.33) or the kernel (before Linux 5.14) cannot.
void populate_heap();

} // namespace cli::startup
