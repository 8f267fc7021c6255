#pragma once
/// Big-endian (network order) bit-field access on byte buffers, and the little-endian appenders
/// capture files use.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace staccato {

/// Mask with the low `width` bits set (width 0..64).
constexpr uint64_t lowMask(unsigned width) noexcept {
  return width >= 64 ? ~uint64_t{0} : ((uint64_t{1} << width) - 1);
}

/// Writes the low `width` bits of `value` at `bitOffset` (MSB first), width 1..64.
inline void writeBits(uint8_t* buf, size_t bitOffset, unsigned width, uint64_t value) noexcept {
  value &= lowMask(width);
  size_t byte = bitOffset / 8;
  unsigned shift = bitOffset % 8;
  if (shift == 0 && width % 8 == 0) {  // byte-aligned fast path
    for (unsigned i = width / 8; i-- > 0;) {
      buf[byte + i] = static_cast<uint8_t>(value);
      value >>= 8;
    }
    return;
  }
  for (unsigned i = 0; i < width; ++i) {
    size_t bit = bitOffset + i;
    uint8_t mask = static_cast<uint8_t>(0x80u >> (bit % 8));
    if ((value >> (width - 1 - i)) & 1u)
      buf[bit / 8] |= mask;
    else
      buf[bit / 8] &= static_cast<uint8_t>(~mask);
  }
}

/// Reads `width` bits (1..64) at `bitOffset` (MSB first).
inline uint64_t readBits(const uint8_t* buf, size_t bitOffset, unsigned width) noexcept {
  uint64_t value = 0;
  if (bitOffset % 8 == 0 && width % 8 == 0) {
    for (unsigned i = 0; i < width / 8; ++i) value = (value << 8) | buf[bitOffset / 8 + i];
    return value;
  }
  for (unsigned i = 0; i < width; ++i) {
    size_t bit = bitOffset + i;
    value = (value << 1) | ((buf[bit / 8] >> (7 - bit % 8)) & 1u);
  }
  return value;
}

inline uint16_t loadBe16(const uint8_t* p) noexcept { return static_cast<uint16_t>(p[0] << 8 | p[1]); }
inline void storeBe16(uint8_t* p, uint16_t v) noexcept {
  p[0] = static_cast<uint8_t>(v >> 8);
  p[1] = static_cast<uint8_t>(v);
}

/// Appends `v` in little-endian order (pcap and pcapng files are written in the host's order,
/// which these formats let a writer choose: little-endian here, whatever the host).
inline void putLe16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v));
  out.push_back(static_cast<uint8_t>(v >> 8));
}
inline void putLe32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

}  // namespace staccato
