#pragma once
/// Internet checksum (RFC 1071) and incremental update helpers (RFC 1624). Header-only: the
/// transmit hot path inlines these.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace staccato {

/// Folds an accumulator to 16 bits (end-around carry).
inline uint16_t onesFold(uint64_t acc) noexcept {
  acc = (acc & 0xffffffffu) + (acc >> 32);
  acc = (acc & 0xffffffffu) + (acc >> 32);
  acc = (acc & 0xffffu) + (acc >> 16);
  acc = (acc & 0xffffu) + (acc >> 16);
  return static_cast<uint16_t>(acc);
}

/// Adds bytes as big-endian 16-bit words to a 64-bit accumulator; an odd last byte is
/// padded with zero. Callers pass ranges that start at an even offset of the summed region.
inline uint64_t onesSumAdd(uint64_t acc, const uint8_t* data, size_t len) noexcept {
  if (len >= 32) {
    // Long runs: sum in native (little-endian) order 8 bytes at a time, then swap the folded
    // result; the ones'-complement sum commutes with byte swapping (RFC 1071 section 2.B).
    uint64_t native = 0;
    while (len >= 8) {
      uint64_t w;
      std::memcpy(&w, data, 8);
      native += (w & 0xffffffffu) + (w >> 32);
      data += 8;
      len -= 8;
    }
    acc += __builtin_bswap16(onesFold(native));
  }
  while (len >= 4) {
    acc += static_cast<uint64_t>(data[0]) << 24 | static_cast<uint64_t>(data[1]) << 16 |
           static_cast<uint64_t>(data[2]) << 8 | data[3];
    data += 4;
    len -= 4;
  }
  if (len >= 2) {
    acc += static_cast<uint64_t>(data[0]) << 8 | data[1];
    data += 2;
    len -= 2;
  }
  if (len) acc += static_cast<uint64_t>(data[0]) << 8;
  return acc;
}

/// The checksum field value for data whose ones'-complement sum is `acc`.
inline uint16_t checksumFromSum(uint64_t acc) noexcept { return static_cast<uint16_t>(~onesFold(acc)); }

/// Internet checksum of a buffer.
inline uint16_t internetChecksum(const uint8_t* data, size_t len) noexcept {
  return checksumFromSum(onesSumAdd(0, data, len));
}

}  // namespace staccato
