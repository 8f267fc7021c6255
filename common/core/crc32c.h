#pragma once
/// CRC32c (Castagnoli, RFC 3309; SCTP's checksum, RFC 4960 appendix B). Header-only: the
/// transmit hot path recomputes it per packet. Uses the SSE4.2 crc32 instruction when the CPU
/// has it (checked at run time), else a slicing-by-8 table; both give the same value.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace staccato {
namespace crc32c_detail {

inline constexpr uint32_t kPolynomial = 0x82f63b78;  // 0x1edc6f41 bit-reversed

/// table[k][b]: the CRC of byte b followed by k zero bytes (slicing-by-8).
constexpr std::array<std::array<uint32_t, 256>, 8> makeTables() {
  std::array<std::array<uint32_t, 256>, 8> t{};
  for (uint32_t b = 0; b < 256; ++b) {
    uint32_t c = b;
    for (int i = 0; i < 8; ++i) c = (c >> 1) ^ (c & 1 ? kPolynomial : 0);
    t[0][b] = c;
  }
  for (size_t k = 1; k < 8; ++k)
    for (size_t b = 0; b < 256; ++b) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xff];
  return t;
}

inline constexpr auto kTables = makeTables();

}  // namespace crc32c_detail

/// Continues a CRC32c over `data` from `state` (the register, not yet inverted) with the table.
inline uint32_t crc32cUpdateTable(uint32_t state, const uint8_t* data, size_t len) noexcept {
  const auto& t = crc32c_detail::kTables;
  while (len >= 8) {
    uint32_t lo, hi;  // little-endian words, as the reflected CRC consumes bytes
    std::memcpy(&lo, data, 4);
    std::memcpy(&hi, data + 4, 4);
    lo ^= state;
    state = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^ t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^
            t[3][hi & 0xff] ^ t[2][(hi >> 8) & 0xff] ^ t[1][(hi >> 16) & 0xff] ^ t[0][hi >> 24];
    data += 8;
    len -= 8;
  }
  while (len--) state = (state >> 8) ^ t[0][(state ^ *data++) & 0xff];
  return state;
}

#if defined(__x86_64__)
/// The same with the SSE4.2 crc32 instruction; call only when the CPU has SSE4.2.
__attribute__((target("sse4.2"))) inline uint32_t crc32cUpdateSse42(uint32_t state, const uint8_t* data,
                                                                    size_t len) noexcept {
  uint64_t s = state;
  while (len >= 8) {
    uint64_t w;
    std::memcpy(&w, data, 8);
    s = _mm_crc32_u64(s, w);
    data += 8;
    len -= 8;
  }
  auto s32 = static_cast<uint32_t>(s);
  while (len--) s32 = _mm_crc32_u8(s32, *data++);
  return s32;
}
#endif

/// True when crc32c() uses the CPU's crc32 instruction.
inline bool crc32cHasHardware() noexcept {
#if defined(__x86_64__)
  return __builtin_cpu_supports("sse4.2");
#else
  return false;
#endif
}

/// CRC32c of a buffer (initial value and final XOR all ones).
inline uint32_t crc32c(const uint8_t* data, size_t len) noexcept {
#if defined(__x86_64__)
  if (crc32cHasHardware()) return ~crc32cUpdateSse42(~0u, data, len);
#endif
  return ~crc32cUpdateTable(~0u, data, len);
}

/// A CRC32c field as SCTP carries it (RFC 4960 appendix B): the CRC32c of [regionStart,
/// regionEnd) of `frame` with the 4-byte field zeroed, written least significant byte first.
/// Returns the field read as a big-endian number (as Wireshark shows sctp.checksum).
inline uint32_t writeCrc32cField(uint8_t* frame, size_t regionStart, size_t regionEnd, size_t fieldOffset) noexcept {
  std::memset(frame + fieldOffset, 0, 4);
  const uint32_t crc = crc32c(frame + regionStart, regionEnd - regionStart);
  for (size_t i = 0; i < 4; ++i) frame[fieldOffset + i] = static_cast<uint8_t>(crc >> (8 * i));
  return __builtin_bswap32(crc);
}

}  // namespace staccato
