#pragma once
/// Wire layout of the 16-byte signature trailer, shared by the patch program and receivers.
#include <cstddef>
#include <cstdint>
#include <span>

namespace staccato {

inline constexpr size_t kSignatureBytes = 16;
/// Lane 0's magic: a stream sent from one queue (and every trailer from before lanes).
inline constexpr uint16_t kSignatureMagic = 0x5a7c;
/// Lanes: each transmit queue of a port numbers its packets of a stream on its own, so that a
/// receiver checks their order per lane (queues interleave on the wire: across lanes, order
/// means nothing). Lane k > 0 carries magic 0x5b00 | k; sequence numbers count per lane.
inline constexpr uint16_t kLaneMagicBase = 0x5b00;
inline constexpr unsigned kMaxLanes = 256;

constexpr uint16_t laneMagic(unsigned lane) { return lane == 0 ? kSignatureMagic : uint16_t(kLaneMagicBase | (lane & 0xff)); }
/// The lane a trailer's magic names, or -1 when it is not a signature's magic.
constexpr int laneOfMagic(uint16_t magic) {
  if (magic == kSignatureMagic) return 0;
  return (magic & 0xff00) == kLaneMagicBase && (magic & 0xff) != 0 ? int(magic & 0xff) : -1;
}
/// A trailer whose send time is further than this from the receiver's clock is not ours: some
/// other frame's last bytes happen to start with a magic. Receivers ignore it, and turbo's XDP
/// program leaves it to the kernel (where the port's emulated hosts hear it).
inline constexpr uint64_t kSignatureClockWindowNs = 60'000'000'000;

// Offsets from the start of the trailer (data_end - kSignatureBytes), big-endian.
inline constexpr size_t kSigMagicOffset = 0;      // 16 bits
inline constexpr size_t kSigStreamIdOffset = 2;   // 16 bits
inline constexpr size_t kSigSeqOffset = 4;        // 32 bits
inline constexpr size_t kSigTimestampOffset = 8;  // 64 bits, ns

/// Whether a frame's last kSignatureBytes start with a lane's magic: the frames the receive
/// engines' filters (libpcap's BPF, turbo's XDP program) pass to the receiver.
constexpr bool endsWithSignature(std::span<const uint8_t> frame) {
  if (frame.size() < 14 + kSignatureBytes) return false;
  const size_t at = frame.size() - kSignatureBytes + kSigMagicOffset;
  return laneOfMagic(static_cast<uint16_t>(frame[at] << 8 | frame[at + 1])) >= 0;
}

}  // namespace staccato
