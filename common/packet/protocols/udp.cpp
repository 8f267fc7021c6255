// UDP header (RFC 768); checksum over the IPv4 or IPv6 pseudo-header.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 17;

constexpr FieldSpec kFields[] = {
    {.name = "udp.srcport", .label = "Source port", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "49152"},
    {.name = "udp.dstport", .label = "Destination port", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "49153", .help = "automatic when the layer above has a registered UDP port",
     .space = NumberSpace::kUdpPort},
    {.name = "udp.length", .label = "Length", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "8",
     .flags = kFieldComputed, .help = "automatic: header + data"},
    {.name = "udp.checksum", .label = "Checksum", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000",
     .flags = kFieldComputed,
     .help = "automatic (with the IP pseudo-header); set 0x0000 to send none over IPv4, or any wrong value"},
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
