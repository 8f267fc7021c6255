#pragma once
/// Capture files, Ethernet only: classic pcap (nanosecond or microsecond timestamps, either
/// byte order) and pcapng (see pcapng_file.h), read by sniffing the magic number.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato {

/// Which way a captured packet crossed its interface, where the file says (pcapng's epb_flags).
enum class PacketDirection : uint8_t { kUnknown = 0, kInbound = 1, kOutbound = 2 };

struct PcapPacket {
  uint64_t timestampNs = 0;
  uint32_t originalLength = 0;
  std::vector<uint8_t> data;
  PacketDirection direction = PacketDirection::kUnknown;
  std::string comment;  ///< pcapng opt_comment (the first), if any
};

enum class CaptureFormat { kPcap, kPcapng };

/// pcapng for a ".pcapng" file name (any case), classic pcap otherwise.
CaptureFormat captureFormatForPath(const std::string& path);

/// Writes a nanosecond-resolution capture with link type Ethernet (classic pcap or pcapng).
class PcapWriter {
 public:
  static Result<PcapWriter> create(const std::string& path, CaptureFormat format = CaptureFormat::kPcap);
  /// `originalLength` 0 means the frame's length (nothing cut off).
  Status write(uint64_t timestampNs, std::span<const uint8_t> frame, uint32_t originalLength = 0);
  Status close();

 private:
  struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  PcapWriter(std::FILE* f, std::string path, CaptureFormat format) : file_(f), path_(std::move(path)), format_(format) {}
  Status put(std::span<const uint8_t> bytes);
  std::unique_ptr<std::FILE, FileCloser> file_;
  std::string path_;
  CaptureFormat format_;
};

/// Reads every packet of a classic pcap file.
Result<std::vector<PcapPacket>> readPcap(const std::string& path);
/// Parses classic pcap bytes (for tests and fuzzing without files).
Result<std::vector<PcapPacket>> parsePcap(std::span<const uint8_t> bytes);

/// Reads every packet of a pcap or pcapng file, whichever its magic number says.
Result<std::vector<PcapPacket>> readCapture(const std::string& path);
Result<std::vector<PcapPacket>> parseCapture(std::span<const uint8_t> bytes);

}  // namespace staccato
