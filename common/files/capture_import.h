#pragma once
/// Turning a capture into streams: one editable stream per packet (decoded into layers), or
/// one replay stream that sends the recorded frames as they are.
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/files/pcap_file.h"
#include "common/stream/replay.h"  // its limits: kMaxReplayFrames, kMaxReplayBytes
#include "staccato/v1/stream.pb.h"

namespace staccato {

/// Per-packet import makes a stream file the GUI and drone handle comfortably; bigger
/// captures belong in a replay stream.
inline constexpr size_t kMaxImportedStreams = 10000;

struct PacketImportOptions {
  /// Leave checksums (and lengths and protocol numbers that the stack implies) to the
  /// compiler, so edited streams stay valid. Off: every field is kept as captured.
  bool recomputeChecksums = false;
};

struct ReplayImportOptions {
  double pps = 0;    ///< > 0: evenly spaced at this rate, ignoring the capture's timing
  double speed = 0;  ///< with the capture's timing: 2 = twice as fast; 0 = as recorded
  std::string name;  ///< the stream's name
};

struct CaptureImport {
  v1::StreamFile file;
  std::vector<std::string> warnings;  ///< "packet 3: ..." for packets cut short or left raw
};

/// One stream per packet ("packet N", sends once, at the rate of the gap to the next packet).
Result<CaptureImport> importPackets(std::span<const PcapPacket> packets, const PacketImportOptions& options);

/// One replay stream holding every frame, with the capture's relative times unless `pps`.
Result<CaptureImport> importReplay(std::span<const PcapPacket> packets, const ReplayImportOptions& options);

}  // namespace staccato
