#pragma once
/// RFC 2889 5.9, errored frames filtering: one port sends valid frames and, beside them, frames a
/// switch must not forward - undersized (runts, below 64 bytes) and oversized (giants, above
/// 1518 bytes) - to another port through the device; what arrives says whether it filters each
/// kind and still forwards every valid frame. Frames with a bad FCS (and alignment or dribble
/// errors) need a port that can send them: a veth carries no FCS and the drone's ports send the
/// FCS the NIC computes, so that kind is reported as not tested, never as filtered.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/frame_size.h"
#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::bench {

/// The errored frames' sizes, FCS included.
/// The errored frames carry Ethernet, padding and the signature (no IP header, so that a device
/// forwards or drops them whole instead of fragmenting a giant).
struct ErroredSizes {
  uint32_t undersize = 60;    ///< a runt: 4 bytes short
  uint32_t oversize = 1519;   ///< the smallest untagged giant
};

/// The smallest undersized frame the tester sends: Ethernet and the signature (and its FCS).
inline constexpr uint32_t kMinUndersizeBytes = 34;
/// The largest oversized frame: the stream compiler's limit.
inline constexpr uint32_t kMaxOversizeBytes = 16384;

Status checkErroredSizes(const ErroredSizes& sizes);

/// The sizes of the test's three flows, in the order of its legs: valid, undersized, oversized.
std::vector<FrameSize> erroredFlowSizes(const FrameSize& valid, const ErroredSizes& sizes);

/// What one kind of frame did: `sent` by the tester, `forwarded` to the receiving port.
struct FrameKindCount {
  std::string kind;      ///< "valid", "undersize", "oversize", "bad_fcs"
  std::string size;      ///< "62 B"; "" when not tested
  uint64_t sent = 0, forwarded = 0;
  std::string notTested; ///< not empty: why this kind was not sent
};

struct ErroredVerdict {
  bool judged = false;            ///< the tester sent and counted as asked
  std::string why;                ///< when not judged
  std::vector<FrameKindCount> kinds;  ///< valid, undersize, oversize, bad_fcs
  bool validAllForwarded = false;
  bool undersizeFiltered = false, oversizeFiltered = false;
  /// Every valid frame forwarded, no errored one.
  bool passed() const { return judged && validAllForwarded && undersizeFiltered && oversizeFiltered; }
  /// "filters errored frames: no (undersize 62 B: 1000 of 1000 forwarded; ...)".
  std::string text() const;
};

/// From the one trial of the test's legs (valid, undersize, oversize).
ErroredVerdict erroredOf(const TrafficTrial& trial, const FrameSize& valid, const ErroredSizes& sizes);

}  // namespace staccato::bench
