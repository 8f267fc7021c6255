#pragma once
/// The values a capture may be started with (StartCaptureRequest): the drone refuses others, and
/// clients check them first to name the option at fault.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace staccato::rpc {

inline constexpr uint64_t kMaxCapturePackets = 100'000'000;
inline constexpr uint64_t kMaxCaptureBytes = uint64_t{1} << 40;
inline constexpr uint32_t kMaxCaptureRingMiB = 1'048'576;
/// A capture started without a bound keeps the last this many MiB.
inline constexpr uint32_t kDefaultCaptureRingMiB = 64;
inline constexpr size_t kMaxCaptureFilterChars = 4096;

/// What is wrong with a capture filter's text before libpcap reads it (too long, not printable
/// ASCII), or "" when nothing is.
std::string captureFilterProblem(std::string_view filter);

}  // namespace staccato::rpc
