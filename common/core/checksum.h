#pragma once
/// Internet checksum (RFC 1071) and incremental update helpers (RFC 1624).
#include <cstddef>
#include <cstdint>

namespace staccato {

/// Adds bytes as big-endian 16-bit words to a 64-bit accumulator; an odd last byte is
/// padded with zero. Callers pass ranges that start at an even offset of the summed region.
uint64_t onesSumAdd(uint64_t acc, const uint8_t* data, size_t len) noexcept;

/// Folds an accumulator to 16 bits (end-around carry).
inline uint16_t onesFold(uint64_t acc) noexcept {
  acc = (acc & 0xffffffffu) + (acc >> 32);
  acc = (acc & 0xffffffffu) + (acc >> 32);
  acc = (acc & 0xffffu) + (acc >> 16);
  acc = (acc & 0xffffu) + (acc >> 16);
  return static_cast<uint16_t>(acc);
}

/// The checksum field value for data whose ones'-complement sum is `acc`.
inline uint16_t checksumFromSum(uint64_t acc) noexcept { return static_cast<uint16_t>(~onesFold(acc)); }

/// Internet checksum of a buffer.
inline uint16_t internetChecksum(const uint8_t* data, size_t len) noexcept {
  return checksumFromSum(onesSumAdd(0, data, len));
}

}  // namespace staccato
