#pragma once
/// The pseudo-header an L4 checksum covers (RFC 768/793, RFC 8200 section 8.1): plain data, so a
/// compiled patch program can carry it, and its sum, which the transmit hot path inlines.
#include <cstdint>

#include "common/core/checksum.h"

namespace staccato {

struct PseudoHeader {
  enum Kind : uint8_t { kNone, kIpv4, kIpv6 } kind = kNone;
  uint16_t srcOffset = 0;  ///< source address in the frame
  /// Destination address in the frame: the IP header's, or the final destination a routing
  /// header names while segments are left (RFC 8200 8.1).
  uint16_t dstOffset = 0;
  uint8_t addrLen = 0;     ///< 4 or 16
  uint8_t protocol = 0;    ///< upper-layer protocol number
};

/// Ones'-complement sum of a pseudo-header for an upper-layer length.
inline uint64_t pseudoHeaderSum(const uint8_t* frame, const PseudoHeader& p, size_t upperLength) noexcept {
  if (p.kind == PseudoHeader::kNone) return 0;
  uint64_t acc = onesSumAdd(0, frame + p.srcOffset, p.addrLen);
  acc = onesSumAdd(acc, frame + p.dstOffset, p.addrLen);
  acc += p.protocol;
  acc += upperLength;  // IPv4: 16-bit length; IPv6: 32-bit length (sums the same when < 2^16)
  return acc;
}

}  // namespace staccato
