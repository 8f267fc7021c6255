#pragma once
/// How much a client may make the drone hold: documented in docs/security.md ("Limits").
#include <cstddef>
#include <cstdint>

namespace staccato::drone {

/// Streams one port may hold. Each keeps a template frame (up to 16 KiB) and, while sending,
/// prefilled buffers on every queue: the bound keeps both small whatever the frame lengths.
inline constexpr size_t kMaxStreamsPerPort = 4096;

/// The memory all ports' streams may take together unless --max-stream-memory says otherwise:
/// room for a 256 MiB replay stream several times over.
inline constexpr size_t kDefaultStreamMemoryBytes = size_t{1} << 30;

/// The memory all captures may hold together unless --max-capture-memory says otherwise.
inline constexpr size_t kDefaultCaptureMemoryBytes = size_t{1} << 30;

/// A scheduled start may be at most this far ahead, and a ramp at most this long.
inline constexpr uint64_t kMaxStartAheadNs = uint64_t{3600} * 1'000'000'000;
inline constexpr uint64_t kMaxRampNs = uint64_t{600} * 1'000'000'000;
/// StartTx's max_catch_up_us at most (a second).
inline constexpr uint64_t kMaxCatchUpNs = 1'000'000'000;
/// The largest live scale of a port's rates (each stream's scaled rate is checked too).
inline constexpr double kMaxRateScale = 1e6;

/// Descriptors flow runs may hold together unless the drone sizes them from its own limit.
inline constexpr uint64_t kDefaultFlowDescriptors = 4096;

struct DroneLimits {
  size_t streamMemoryBytes = kDefaultStreamMemoryBytes;
  size_t captureMemoryBytes = kDefaultCaptureMemoryBytes;
  uint64_t flowDescriptors = kDefaultFlowDescriptors;
  uint32_t flowLoops = 0;  ///< client loops a flow run's side uses (0: one a core the drone may run on, less one)
};

}  // namespace staccato::drone
