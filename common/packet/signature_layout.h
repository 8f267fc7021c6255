#pragma once
/// Wire layout of the 16-byte signature trailer, shared by the patch program and receivers.
#include <cstddef>
#include <cstdint>

namespace staccato {

inline constexpr size_t kSignatureBytes = 16;
inline constexpr uint16_t kSignatureMagic = 0x5a7c;
// Offsets from the start of the trailer (data_end - kSignatureBytes), big-endian.
inline constexpr size_t kSigMagicOffset = 0;      // 16 bits
inline constexpr size_t kSigStreamIdOffset = 2;   // 16 bits
inline constexpr size_t kSigSeqOffset = 4;        // 32 bits
inline constexpr size_t kSigTimestampOffset = 8;  // 64 bits, ns

}  // namespace staccato
