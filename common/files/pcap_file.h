#pragma once
/// Classic pcap files (nanosecond or microsecond timestamps, either byte order), Ethernet.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato {

struct PcapPacket {
  uint64_t timestampNs = 0;
  uint32_t originalLength = 0;
  std::vector<uint8_t> data;
};

/// Writes a nanosecond-resolution pcap with link type Ethernet.
class PcapWriter {
 public:
  static Result<PcapWriter> create(const std::string& path);
  Status write(uint64_t timestampNs, std::span<const uint8_t> frame);
  Status close();

 private:
  struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  explicit PcapWriter(std::FILE* f, std::string path) : file_(f), path_(std::move(path)) {}
  std::unique_ptr<std::FILE, FileCloser> file_;
  std::string path_;
};

/// Reads every packet of a classic pcap file.
Result<std::vector<PcapPacket>> readPcap(const std::string& path);
/// Parses classic pcap bytes (for tests and fuzzing without files).
Result<std::vector<PcapPacket>> parsePcap(std::span<const uint8_t> bytes);

}  // namespace staccato
