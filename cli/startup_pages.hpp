#pragma once

// The pages a short command touches, mapped in a few system calls rather than one page fault
// each (cli/startup_pages.cpp; ARCHITECTURE.md, "The start-up layout").

namespace cli::startup {

// Maps the next 64 KiB of the heap at once, from where the allocator will place its next block:
// what a short command fills. Call it first in main. Does nothing where the allocator does not
// take its blocks from the program break (a sanitizer's), or where the kernel cannot.
void populate_heap();

} // namespace cli::startup
