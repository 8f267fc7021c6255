#include "common/files/pcapng_file.h"

#include <string>

#include "common/core/bits.h"

namespace staccato {
namespace {

constexpr uint32_t kByteOrderMagic = 0x1a2b3c4d;
constexpr uint32_t kInterfaceDescription = 1, kObsoletePacket = 2, kSimplePacket = 3, kEnhancedPacket = 6;
constexpr uint16_t kOptEnd = 0, kOptComment = 1, kOptIfName = 2, kOptIfDescription = 3, kOptTsResol = 9, kOptTsOffset = 14;
constexpr uint16_t kOptEpbFlags = 2;
constexpr uint32_t kLinkEthernet = 1;
constexpr uint32_t kWriteSnapLen = 262144;
constexpr size_t kMinBlock = 12;  // type, length, trailing length

struct Interface {
  uint32_t linkType = 0;
  uint32_t snapLen = 0;
  uint64_t unitsPerSecond = 1000000;  // if_tsresol default: microseconds
  bool powerOfTwo = false;
  unsigned exponent = 6;
  int64_t offsetSeconds = 0;  // if_tsoffset
};

/// Reads a section's fields in its byte order.
struct Reader {
  std::span<const uint8_t> b;
  bool swap = false;
  uint16_t u16(size_t at) const {
    uint16_t v = static_cast<uint16_t>(b[at] | b[at + 1] << 8);
    return swap ? __builtin_bswap16(v) : v;
  }
  uint32_t u32(size_t at) const {
    uint32_t v = uint32_t{b[at]} | uint32_t{b[at + 1]} << 8 | uint32_t{b[at + 2]} << 16 | uint32_t{b[at + 3]} << 24;
    return swap ? __builtin_bswap32(v) : v;
  }
  uint64_t u64(size_t at) const {
    uint64_t lo = u32(at), hi = u32(at + 4);
    return swap ? (lo << 32 | hi) : (hi << 32 | lo);
  }
  /// Packet timestamps: the high 32 bits first, each half in the section's byte order.
  uint64_t timestamp(size_t at) const { return uint64_t{u32(at)} << 32 | u32(at + 4); }
};

Error at(size_t offset, std::string message) { return makeError("pcapng block at byte " + std::to_string(offset), std::move(message)); }

size_t pad4(size_t n) { return (n + 3) & ~size_t{3}; }

/// Reads an IDB's options [from, to); only if_tsresol and if_tsoffset matter here.
Status readInterfaceOptions(const Reader& r, size_t from, size_t to, size_t blockAt, Interface& ifc) {
  while (from + 4 <= to) {
    const uint16_t code = r.u16(from), len = r.u16(from + 2);
    from += 4;
    if (code == kOptEnd) break;
    if (len > to - from) return at(blockAt, "interface option " + std::to_string(code) + " runs past the block end");
    if (code == kOptTsResol && len >= 1) {
      const uint8_t v = r.b[from];
      ifc.powerOfTwo = v & 0x80;
      ifc.exponent = v & 0x7f;
      if ((ifc.powerOfTwo && ifc.exponent > 63) || (!ifc.powerOfTwo && ifc.exponent > 19))
        return at(blockAt, "if_tsresol " + std::to_string(v) + " is a resolution finer than this reader supports");
    } else if (code == kOptTsOffset && len >= 8) {
      ifc.offsetSeconds = static_cast<int64_t>(r.u64(from));
    }
    from += pad4(len);
  }
  return Ok{};
}

/// Reads an EPB's options [from, to): the direction (epb_flags) and the first comment. Options
/// that run past the block end are ignored (they are optional: the packet stands without them).
void readPacketOptions(const Reader& r, size_t from, size_t to, PcapPacket& p) {
  bool commented = false;
  while (from + 4 <= to) {
    const uint16_t code = r.u16(from), len = r.u16(from + 2);
    from += 4;
    if (code == kOptEnd || len > to - from) break;
    if (code == kOptEpbFlags && len == 4) {
      const uint32_t direction = r.u32(from) & 3;
      p.direction = direction == 1 ? PacketDirection::kInbound : direction == 2 ? PacketDirection::kOutbound : PacketDirection::kUnknown;
    } else if (code == kOptComment && !commented) {
      p.comment.assign(reinterpret_cast<const char*>(r.b.data() + from), len);
      commented = true;
    }
    from += pad4(len);
  }
}

uint64_t toNanoseconds(const Interface& ifc, uint64_t ts) {
  unsigned __int128 ns;
  if (ifc.powerOfTwo) {
    ns = (static_cast<unsigned __int128>(ts) * 1000000000u) >> ifc.exponent;
  } else {
    unsigned __int128 units = 1;
    for (unsigned i = 0; i < ifc.exponent; ++i) units *= 10;
    ns = static_cast<unsigned __int128>(ts) * 1000000000u / units;
  }
  return static_cast<uint64_t>(ns) + static_cast<uint64_t>(ifc.offsetSeconds * 1000000000ll);
}

/// Wraps a body (padded to 4) into a block: type, total length, body, total length.
std::vector<uint8_t> block(uint32_t type, std::vector<uint8_t> body) {
  body.resize(pad4(body.size()), 0);
  std::vector<uint8_t> out;
  const auto total = static_cast<uint32_t>(body.size() + kMinBlock);
  putLe32(out, type);
  putLe32(out, total);
  out.insert(out.end(), body.begin(), body.end());
  putLe32(out, total);
  return out;
}

}  // namespace

Result<std::vector<PcapPacket>> parsePcapng(std::span<const uint8_t> b) {
  std::vector<PcapPacket> out;
  std::vector<Interface> interfaces;
  Reader r{b};
  bool inSection = false;
  size_t off = 0;
  while (off < b.size()) {
    if (b.size() - off < kMinBlock) return at(off, "truncated block header (file cut short?)");
    const uint32_t rawType = Reader{b, false}.u32(off);
    if (rawType == kPcapngSectionHeaderType) {
      if (b.size() - off < 16) return at(off, "truncated section header");
      const uint32_t magic = Reader{b, false}.u32(off + 8);
      if (magic != kByteOrderMagic && magic != __builtin_bswap32(kByteOrderMagic))
        return at(off, "section header has no byte-order magic (not a pcapng file, or corrupt)");
      r.swap = magic != kByteOrderMagic;
      interfaces.clear();  // interface ids are per section
      inSection = true;
    } else if (!inSection) {
      return makeError("", "not a pcapng file (it does not start with a section header block)");
    }
    const uint32_t type = r.u32(off), len = r.u32(off + 4);
    if (len < kMinBlock || len % 4 != 0)
      return at(off, "block length " + std::to_string(len) + " is invalid (at least 12 and a multiple of 4)");
    if (len > b.size() - off)
      return at(off, "block length " + std::to_string(len) + " runs past the end of the file (" +
                         std::to_string(b.size() - off) + " bytes left; file cut short?)");
    if (r.u32(off + len - 4) != len) return at(off, "block's trailing length does not match its length (corrupt block)");
    const size_t body = off + 8, bodyEnd = off + len - 4;
    const size_t bodyLen = bodyEnd - body;
    auto packetFrom = [&](uint32_t ifId, uint64_t ts, size_t dataAt, uint32_t caplen, uint32_t origlen) -> Status {
      if (ifId >= interfaces.size())
        return at(off, "packet on interface " + std::to_string(ifId) + ", but the section describes " +
                           std::to_string(interfaces.size()) + " interfaces");
      const Interface& ifc = interfaces[ifId];
      if (ifc.linkType != kLinkEthernet)
        return at(off, "packet on interface " + std::to_string(ifId) + " with link type " + std::to_string(ifc.linkType) +
                           "; only Ethernet (1) can be imported (convert or filter it with editcap/tshark first)");
      if (caplen > bodyEnd - dataAt) return at(off, "captured length " + std::to_string(caplen) + " runs past the block end");
      PcapPacket p;
      p.timestampNs = toNanoseconds(ifc, ts);
      p.originalLength = origlen;
      p.data.assign(b.begin() + static_cast<long>(dataAt), b.begin() + static_cast<long>(dataAt + caplen));
      out.push_back(std::move(p));
      return Ok{};
    };
    Status st = Ok{};
    switch (type) {
      case kInterfaceDescription: {
        if (bodyLen < 8) return at(off, "interface description block too short");
        Interface ifc;
        ifc.linkType = r.u16(body);
        ifc.snapLen = r.u32(body + 4);
        st = readInterfaceOptions(r, body + 8, bodyEnd, off, ifc);
        interfaces.push_back(ifc);
        break;
      }
      case kEnhancedPacket:
        if (bodyLen < 20) return at(off, "enhanced packet block too short");
        st = packetFrom(r.u32(body), r.timestamp(body + 4), body + 20, r.u32(body + 12), r.u32(body + 16));
        if (st) readPacketOptions(r, body + 20 + pad4(r.u32(body + 12)), bodyEnd, out.back());
        break;
      case kObsoletePacket:
        if (bodyLen < 20) return at(off, "packet block too short");
        st = packetFrom(r.u16(body), r.timestamp(body + 4), body + 20, r.u32(body + 12), r.u32(body + 16));
        break;
      case kSimplePacket: {
        if (bodyLen < 4) return at(off, "simple packet block too short");
        // No captured length or timestamp: the data fills the block (up to the snap length);
        // the packet keeps the previous packet's time.
        const uint32_t origlen = r.u32(body);
        uint32_t caplen = static_cast<uint32_t>(std::min<size_t>(origlen, bodyLen - 4));
        if (!interfaces.empty() && interfaces[0].snapLen) caplen = std::min(caplen, interfaces[0].snapLen);
        const uint64_t prev = out.empty() ? 0 : out.back().timestampNs;
        st = packetFrom(0, 0, body + 4, caplen, origlen);
        if (st) out.back().timestampNs = prev;
        break;
      }
      default:
        break;  // section header (handled above), statistics, name resolution, custom...
    }
    if (!st) return st.error();
    off += len;
  }
  return out;
}

namespace {

/// An option: code, length, value padded to 4 bytes.
void putOption(std::vector<uint8_t>& out, uint16_t code, std::span<const uint8_t> value) {
  putLe16(out, code);
  putLe16(out, static_cast<uint16_t>(value.size()));
  out.insert(out.end(), value.begin(), value.end());
  out.resize(out.size() + pad4(value.size()) - value.size(), 0);
}

std::span<const uint8_t> bytesOf(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

/// Option values are at most 65535 bytes (their length field).
std::string_view optionText(std::string_view s) { return s.substr(0, 0xffff); }

}  // namespace

std::vector<uint8_t> pcapngFileHeader(const PcapngInterface& interface) {
  std::vector<uint8_t> shb;
  putLe32(shb, kByteOrderMagic);
  putLe16(shb, 1);  // version 1.0
  putLe16(shb, 0);
  putLe32(shb, 0xffffffff);  // section length unknown
  putLe32(shb, 0xffffffff);
  std::vector<uint8_t> idb;
  putLe16(idb, kLinkEthernet);
  putLe16(idb, 0);
  putLe32(idb, kWriteSnapLen);
  if (!interface.name.empty()) putOption(idb, kOptIfName, bytesOf(optionText(interface.name)));
  if (!interface.description.empty()) putOption(idb, kOptIfDescription, bytesOf(optionText(interface.description)));
  const uint8_t nanoseconds = 9;
  putOption(idb, kOptTsResol, {&nanoseconds, 1});
  putLe16(idb, kOptEnd);
  putLe16(idb, 0);
  std::vector<uint8_t> out = block(kPcapngSectionHeaderType, std::move(shb));
  std::vector<uint8_t> i = block(kInterfaceDescription, std::move(idb));
  out.insert(out.end(), i.begin(), i.end());
  return out;
}

size_t pcapngPacketBlockSize(size_t capturedLength, const PcapngPacketOptions& options) {
  size_t optionBytes = 0;
  if (options.direction != PacketDirection::kUnknown) optionBytes += 4 + 4;
  if (!options.comment.empty()) optionBytes += 4 + pad4(optionText(options.comment).size());
  if (optionBytes) optionBytes += 4;  // opt_endofopt
  return kMinBlock + 20 + pad4(capturedLength) + optionBytes;
}

void appendPcapngPacketBlock(std::vector<uint8_t>& out, uint64_t timestampNs, std::span<const uint8_t> frame,
                             uint32_t originalLength, const PcapngPacketOptions& options) {
  const auto total = static_cast<uint32_t>(pcapngPacketBlockSize(frame.size(), options));
  putLe32(out, kEnhancedPacket);
  putLe32(out, total);
  putLe32(out, 0);  // interface 0
  putLe32(out, static_cast<uint32_t>(timestampNs >> 32));
  putLe32(out, static_cast<uint32_t>(timestampNs));
  putLe32(out, static_cast<uint32_t>(frame.size()));
  putLe32(out, originalLength);
  out.insert(out.end(), frame.begin(), frame.end());
  out.resize(out.size() + pad4(frame.size()) - frame.size(), 0);
  const bool hasOptions = options.direction != PacketDirection::kUnknown || !options.comment.empty();
  if (options.direction != PacketDirection::kUnknown) {
    const uint32_t flags = static_cast<uint32_t>(options.direction);  // bits 0-1: 01 inbound, 10 outbound
    const uint8_t v[4] = {uint8_t(flags), uint8_t(flags >> 8), uint8_t(flags >> 16), uint8_t(flags >> 24)};
    putOption(out, kOptEpbFlags, v);
  }
  if (!options.comment.empty()) putOption(out, kOptComment, bytesOf(optionText(options.comment)));
  if (hasOptions) {
    putLe16(out, kOptEnd);
    putLe16(out, 0);
  }
  putLe32(out, total);
}

std::vector<uint8_t> pcapngPacketBlock(uint64_t timestampNs, std::span<const uint8_t> frame, uint32_t originalLength,
                                       const PcapngPacketOptions& options) {
  std::vector<uint8_t> out;
  out.reserve(pcapngPacketBlockSize(frame.size(), options));
  appendPcapngPacketBlock(out, timestampNs, frame, originalLength, options);
  return out;
}

}  // namespace staccato
