#include "drone/devices/control_frames.h"

#include <cstring>

#include "common/core/bits.h"
#include "common/core/checksum.h"

namespace staccato::drone::devices {
namespace {

constexpr size_t kMinFrame = 60;  // without FCS

size_t writeLink(std::vector<uint8_t>& out, uint64_t dst, uint64_t src, const VlanStack& vlans, uint16_t etherType) {
  out.assign(14 + 4u * vlans.count, 0);
  storeMac(out.data(), dst);
  storeMac(out.data() + 6, src);
  size_t at = 12;
  for (int i = 0; i < vlans.count; ++i, at += 4) {
    storeBe16(out.data() + at, vlans.tpid[i]);
    storeBe16(out.data() + at + 2, vlans.tci[i]);
  }
  storeBe16(out.data() + at, etherType);
  return at + 2;
}

void pad(std::vector<uint8_t>& out) {
  if (out.size() < kMinFrame) out.resize(kMinFrame, 0);
}

void writeIpv6Header(uint8_t* p, size_t payload, uint8_t nextHeader, uint8_t hopLimit, const Ip6& src, const Ip6& dst) {
  p[0] = 0x60, p[1] = p[2] = p[3] = 0;
  storeBe16(p + 4, static_cast<uint16_t>(payload));
  p[6] = nextHeader, p[7] = hopLimit;
  std::memcpy(p + 8, src.b.data(), 16);
  std::memcpy(p + 24, dst.b.data(), 16);
}

}  // namespace

bool parseLink(std::span<const uint8_t> f, LinkHeader& out) {
  if (f.size() < 14) return false;
  out.dst = loadMac(f.data());
  out.src = loadMac(f.data() + 6);
  out.vlans = {};
  size_t at = 12;
  uint16_t type = loadBe16(f.data() + at);
  while (type == 0x8100 || type == 0x88a8) {
    if (out.vlans.count == 2 || f.size() < at + 6) return false;
    out.vlans.tpid[out.vlans.count] = type;
    out.vlans.tci[out.vlans.count++] = loadBe16(f.data() + at + 2);
    at += 4;
    type = loadBe16(f.data() + at);
  }
  out.etherType = type;
  out.l3 = at + 2;
  return true;
}

void buildArp(std::vector<uint8_t>& out, const VlanStack& vlans, uint64_t ethDst, uint16_t op, uint64_t senderMac,
              uint32_t senderIp, uint64_t targetMac, uint32_t targetIp) {
  const size_t l3 = writeLink(out, ethDst, senderMac, vlans, kEtherArp);
  out.resize(l3 + 28);
  uint8_t* p = out.data() + l3;
  storeBe16(p, 1);  // Ethernet
  storeBe16(p + 2, kEtherIpv4);
  p[4] = 6, p[5] = 4;
  storeBe16(p + 6, op);
  storeMac(p + 8, senderMac);
  storeIpv4(p + 14, senderIp);
  storeMac(p + 18, targetMac);
  storeIpv4(p + 24, targetIp);
  pad(out);
}

uint16_t icmpv6Checksum(std::span<const uint8_t> f, size_t l3, size_t l4, size_t length) {
  uint64_t acc = onesSumAdd(0, f.data() + l3 + 8, 32);  // source and destination
  acc += length + 58;
  return checksumFromSum(onesSumAdd(acc, f.data() + l4, length));
}

void buildNd(std::vector<uint8_t>& out, const VlanStack& vlans, uint64_t ethDst, uint64_t ethSrc, const Ip6& src,
             const Ip6& dst, uint8_t type, uint8_t naFlags, const Ip6& target, uint64_t optionMac) {
  const size_t l3 = writeLink(out, ethDst, ethSrc, vlans, kEtherIpv6);
  const size_t length = 24 + (optionMac ? 8 : 0);
  out.resize(l3 + 40 + length, 0);
  writeIpv6Header(out.data() + l3, length, 58, 255, src, dst);
  uint8_t* m = out.data() + l3 + 40;
  m[0] = type;
  if (type == kNeighborAdvert) m[4] = naFlags;
  std::memcpy(m + 8, target.b.data(), 16);
  if (optionMac) {
    m[24] = type == kNeighborSolicit ? 1 : 2;  // source / target link-layer address
    m[25] = 1;
    storeMac(m + 26, optionMac);
  }
  storeBe16(m + 2, icmpv6Checksum(out, l3, l3 + 40, length));
  pad(out);
}

void buildEchoReply4(std::vector<uint8_t>& out, std::span<const uint8_t> req, size_t reqL3, const Host& host, uint64_t ethDst) {
  const size_t ihl = (req[reqL3] & 0x0f) * 4u;
  const size_t total = loadBe16(req.data() + reqL3 + 2);
  const size_t l3 = writeLink(out, ethDst, host.mac, host.vlans, kEtherIpv4);
  out.insert(out.end(), req.begin() + static_cast<long>(reqL3), req.begin() + static_cast<long>(reqL3 + total));
  uint8_t* ip = out.data() + l3;
  ip[8] = 64;  // TTL
  std::memcpy(ip + 16, req.data() + reqL3 + 12, 4);  // to the asker
  storeIpv4(ip + 12, host.ip4);
  storeBe16(ip + 10, 0);
  storeBe16(ip + 10, internetChecksum(ip, ihl));
  uint8_t* icmp = ip + ihl;
  icmp[0] = 0;  // echo reply
  storeBe16(icmp + 2, 0);
  storeBe16(icmp + 2, internetChecksum(icmp, total - ihl));
  pad(out);
}

void buildEchoReply6(std::vector<uint8_t>& out, std::span<const uint8_t> req, size_t reqL3, const Host& host,
                     const Ip6& src, uint64_t ethDst) {
  const size_t payload = loadBe16(req.data() + reqL3 + 4);
  const size_t l3 = writeLink(out, ethDst, host.mac, host.vlans, kEtherIpv6);
  out.resize(l3 + 40);
  Ip6 asker;
  std::memcpy(asker.b.data(), req.data() + reqL3 + 8, 16);
  writeIpv6Header(out.data() + l3, payload, 58, 64, src, asker);
  out.insert(out.end(), req.begin() + static_cast<long>(reqL3 + 40), req.begin() + static_cast<long>(reqL3 + 40 + payload));
  uint8_t* m = out.data() + l3 + 40;
  m[0] = 129;
  storeBe16(m + 2, 0);
  storeBe16(m + 2, icmpv6Checksum(out, l3, l3 + 40, payload));
  pad(out);
}

}  // namespace staccato::drone::devices
