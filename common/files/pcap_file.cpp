#include "common/files/pcap_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "common/core/bits.h"
#include "common/files/pcapng_file.h"
#include "common/files/stream_file.h"

namespace staccato {
namespace {

constexpr uint32_t kMagicMicro = 0xa1b2c3d4;
constexpr uint32_t kMagicNano = 0xa1b23c4d;
constexpr uint32_t kLinkEthernet = 1;
constexpr uint32_t kSnapLen = 262144;

uint32_t get32(const uint8_t* p, bool swap) {
  uint32_t le = uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
  return swap ? __builtin_bswap32(le) : le;
}

}  // namespace

CaptureFormat captureFormatForPath(const std::string& path) {
  std::string lower = path;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.ends_with(".pcapng") ? CaptureFormat::kPcapng : CaptureFormat::kPcap;
}

Result<PcapWriter> PcapWriter::create(const std::string& path, CaptureFormat format) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return makeError(path, std::string("cannot create: ") + std::strerror(errno));
  PcapWriter w(f, path, format);
  std::vector<uint8_t> hdr;
  if (format == CaptureFormat::kPcapng) {
    hdr = pcapngFileHeader();
  } else {
    putLe32(hdr, kMagicNano);
    hdr.insert(hdr.end(), {2, 0, 4, 0});  // version 2.4
    putLe32(hdr, 0);                      // thiszone
    putLe32(hdr, 0);                      // sigfigs
    putLe32(hdr, kSnapLen);
    putLe32(hdr, kLinkEthernet);
  }
  if (auto st = w.put(hdr); !st) return st.error();
  return w;
}

Status PcapWriter::write(uint64_t timestampNs, std::span<const uint8_t> frame, uint32_t originalLength) {
  const uint32_t orig = originalLength ? originalLength : static_cast<uint32_t>(frame.size());
  if (format_ == CaptureFormat::kPcapng) return put(pcapngPacketBlock(timestampNs, frame, orig));
  std::vector<uint8_t> rec;
  rec.reserve(16 + frame.size());
  putLe32(rec, static_cast<uint32_t>(timestampNs / 1000000000ull));
  putLe32(rec, static_cast<uint32_t>(timestampNs % 1000000000ull));
  putLe32(rec, static_cast<uint32_t>(frame.size()));
  putLe32(rec, orig);
  rec.insert(rec.end(), frame.begin(), frame.end());
  return put(rec);
}

Status PcapWriter::put(std::span<const uint8_t> bytes) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_.get()) != bytes.size())
    return makeError(path_, std::string("write failed: ") + std::strerror(errno));
  return Ok{};
}

Status PcapWriter::close() {
  if (file_ && std::fflush(file_.get()) != 0) return makeError(path_, std::string("write failed: ") + std::strerror(errno));
  file_.reset();
  return Ok{};
}

Result<std::vector<PcapPacket>> parsePcap(std::span<const uint8_t> b) {
  if (b.size() < 24) return makeError("", "not a pcap file (shorter than its 24-byte header)");
  const uint32_t magicLe = get32(b.data(), false);
  bool swap = false, nano = false;
  if (magicLe == kMagicMicro || magicLe == kMagicNano) {
    nano = magicLe == kMagicNano;
  } else if (__builtin_bswap32(magicLe) == kMagicMicro || __builtin_bswap32(magicLe) == kMagicNano) {
    swap = true;
    nano = __builtin_bswap32(magicLe) == kMagicNano;
  } else {
    return makeError("", "not a classic pcap file (unknown magic number)");
  }
  const uint32_t link = get32(b.data() + 20, swap) & 0x0fffffff;
  if (link != kLinkEthernet)
    return makeError("", "link type " + std::to_string(link) + " is not Ethernet (1)");
  std::vector<PcapPacket> out;
  size_t off = 24;
  while (off < b.size()) {
    const std::string where = "packet " + std::to_string(out.size() + 1);
    if (b.size() - off < 16) return makeError(where, "truncated record header");
    const uint32_t sec = get32(b.data() + off, swap), frac = get32(b.data() + off + 4, swap);
    const uint32_t caplen = get32(b.data() + off + 8, swap), origlen = get32(b.data() + off + 12, swap);
    off += 16;
    if (caplen > kSnapLen || caplen > b.size() - off) return makeError(where, "truncated or oversized packet data");
    PcapPacket p;
    p.timestampNs = uint64_t{sec} * 1000000000ull + (nano ? frac : uint64_t{frac} * 1000ull);
    p.originalLength = origlen;
    p.data.assign(b.begin() + static_cast<long>(off), b.begin() + static_cast<long>(off + caplen));
    out.push_back(std::move(p));
    off += caplen;
  }
  return out;
}

namespace {
Result<std::vector<PcapPacket>> readWith(const std::string& path,
                                         Result<std::vector<PcapPacket>> (*parse)(std::span<const uint8_t>)) {
  auto text = readTextFile(path);
  if (!text) return text.error();
  auto packets = parse({reinterpret_cast<const uint8_t*>(text->data()), text->size()});
  if (!packets) {  // "file.pcapng, pcapng block at byte 40: ..."
    Error e = packets.error();
    e.path = e.path.empty() ? path : path + ", " + e.path;
    return e;
  }
  return packets;
}
}  // namespace

Result<std::vector<PcapPacket>> readPcap(const std::string& path) { return readWith(path, parsePcap); }

Result<std::vector<PcapPacket>> parseCapture(std::span<const uint8_t> bytes) {
  if (bytes.size() >= 4 && get32(bytes.data(), false) == kPcapngSectionHeaderType) return parsePcapng(bytes);
  if (bytes.size() < 4) return makeError("", "not a capture file (shorter than a magic number)");
  auto classic = parsePcap(bytes);
  if (!classic && classic.error().message.starts_with("not a classic pcap"))
    return makeError("", "not a pcap or pcapng file (unknown magic number)");
  return classic;
}

Result<std::vector<PcapPacket>> readCapture(const std::string& path) { return readWith(path, parseCapture); }

}  // namespace staccato
