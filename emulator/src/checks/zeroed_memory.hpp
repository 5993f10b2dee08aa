// zeroed_memory: the mappings behind the checks' large zeroed arrays, kept from launch to launch.
//
// A launch's cross-tile table maps arrays ten times the size of the views it checks, and drops them when
// the launch ends. On a short launch, mapping them afresh was a sixth of its time: a page's first read maps
// the shared zero page, its first write then copies that page and flushes the other cores' address
// translations (an interrupt to each core), and unmapping flushes them again. A mapping given back is kept
// instead, its touched pages written back to zero, and handed to the next array of the same size and use,
// whose pages are then mapped and writable from the start.
#pragma once

#include <cstddef>

namespace tessera::emulator::detail {

// How an array is to be used: in a few places of a large span (pages of 4 KiB), or densely (large pages
// where the kernel gives them on request: one fault per 2 MiB, not 512).
enum class page_use { sparse, dense };

// `bytes` of zero bytes in a private anonymous mapping: one kept from an earlier array of that size and
// use, else a new one. Throws std::bad_alloc when the system refuses it.
void* take_zeroed_mapping(std::size_t bytes, page_use how);

// Gives back a mapping from take_zeroed_mapping: kept, zero again, if it is at most 64 MiB, while the
// mappings kept stay under 256 MiB (the oldest are unmapped first); else unmapped. Only bytes
// [dirty_from, dirty_to) may have been written: the rest is zero already and is left as it is.
void give_back_zeroed_mapping(void* at, std::size_t bytes, page_use how, std::size_t dirty_from, std::size_t dirty_to) noexcept;

}  // namespace tessera::emulator::detail
