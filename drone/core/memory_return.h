#pragma once
/// Gives freed memory back to the system, not just to malloc, after something large went (a
/// stream list replaced, an upload refused, a long download): the drone's memory returns to
/// what it was before the client came.
#include <malloc.h>

#include <cstddef>

namespace staccato::drone {

/// Below this, what was freed is left to malloc (trimming costs a few milliseconds).
inline constexpr size_t kTrimAfterBytes = size_t{16} << 20;

inline void returnMemoryAfter(size_t freedBytes) {
  if (freedBytes > kTrimAfterBytes) malloc_trim(0);
}

}  // namespace staccato::drone
