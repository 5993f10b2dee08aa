// Tessera: C++ AMP's tiled programming model in portable C++. Include this one header.
#pragma once

#include <tessera/accelerator.hpp>
#include <tessera/array.hpp>
#include <tessera/array_view.hpp>
#include <tessera/atomics.hpp>
#include <tessera/completion_future.hpp>
#include <tessera/copy.hpp>
#include <tessera/dialect.hpp>
#include <tessera/exceptions.hpp>
#include <tessera/extent.hpp>
#include <tessera/index.hpp>
#include <tessera/kernel_failures.hpp>
#include <tessera/limits.hpp>
#include <tessera/parallel_for_each.hpp>
#include <tessera/queuing_mode.hpp>
#include <tessera/tile_barrier.hpp>
#include <tessera/tiled_extent.hpp>
#include <tessera/tiled_index.hpp>
