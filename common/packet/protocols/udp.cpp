// UDP header (RFC 768); checksum over the IPv4 or IPv6 pseudo-header.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 17;

constexpr FieldSpec kFields[] = {
    {"udp.srcport", "Source port", 16, FieldFormat::kDec, "49152"},
    {"udp.dstport", "Destination port", 16, FieldFormat::kDec, "49153", kFieldNone, {}, 0,
     "automatic when the layer above has a registered UDP port", NumberSpace::kUdpPort},
    {"udp.length", "Length", 16, FieldFormat::kDec, "8", kFieldComputed, {}, 0, "automatic: header + data"},
    {"udp.checksum", "Checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic (with the IP pseudo-header); set 0x0000 to send none over IPv4, or any wrong value"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, kProtocolNumber}};

void finalize(BuildContext& ctx, size_t layer) {
  const LayerSpan& span = ctx.span(layer);
  ctx.autoLength(layer, "udp.length", span.offset);
  ctx.autoChecksum(layer, "udp.checksum", span.offset, ctx.layersEnd(),
                   ctx.pseudoHeaderFor(layer, kProtocolNumber), /*zeroAsOnes=*/true);
}

constexpr ProtocolSpec kUdp{
    .name = "udp",
    .displayName = "UDP",
    .summary = "User Datagram Protocol",
    .fields = kFields,
    .order = 400,
    .numbers = kNumbers,
    .demuxField = "udp.dstport",
    .quickLayer = QuickLayer::kLayer4,
    .finalize = finalize,
    .lengthField = "udp.length",
};

const RegisterProtocol kRegisterUdp(kUdp);

}  // namespace

}  // namespace staccato
