#include "common/files/pcap_file.h"

#include <cerrno>
#include <cstring>

#include "common/files/stream_file.h"

namespace staccato {
namespace {

constexpr uint32_t kMagicMicro = 0xa1b2c3d4;
constexpr uint32_t kMagicNano = 0xa1b23c4d;
constexpr uint32_t kLinkEthernet = 1;
constexpr uint32_t kSnapLen = 262144;

void putLe32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

uint32_t get32(const uint8_t* p, bool swap) {
  uint32_t le = uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
  return swap ? __builtin_bswap32(le) : le;
}

}  // namespace

Result<PcapWriter> PcapWriter::create(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return makeError(path, std::string("cannot create: ") + std::strerror(errno));
  std::vector<uint8_t> hdr;
  putLe32(hdr, kMagicNano);
  hdr.insert(hdr.end(), {2, 0, 4, 0});  // version 2.4
  putLe32(hdr, 0);                      // thiszone
  putLe32(hdr, 0);                      // sigfigs
  putLe32(hdr, kSnapLen);
  putLe32(hdr, kLinkEthernet);
  PcapWriter w(f, path);
  if (std::fwrite(hdr.data(), 1, hdr.size(), f) != hdr.size())
    return makeError(path, std::string("write failed: ") + std::strerror(errno));
  return w;
}

Status PcapWriter::write(uint64_t timestampNs, std::span<const uint8_t> frame) {
  std::vector<uint8_t> rec;
  rec.reserve(16 + frame.size());
  putLe32(rec, static_cast<uint32_t>(timestampNs / 1000000000ull));
  putLe32(rec, static_cast<uint32_t>(timestampNs % 1000000000ull));
  putLe32(rec, static_cast<uint32_t>(frame.size()));
  putLe32(rec, static_cast<uint32_t>(frame.size()));
  rec.insert(rec.end(), frame.begin(), frame.end());
  if (std::fwrite(rec.data(), 1, rec.size(), file_.get()) != rec.size())
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

Result<std::vector<PcapPacket>> readPcap(const std::string& path) {
  auto text = readTextFile(path);
  if (!text) return text.error();
  auto packets = parsePcap({reinterpret_cast<const uint8_t*>(text->data()), text->size()});
  if (!packets) return packets.error().withPrefix(path);
  return packets;
}

}  // namespace staccato
