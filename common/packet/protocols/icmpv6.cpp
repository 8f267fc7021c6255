// ICMPv6 (RFC 4443): echo, errors, neighbour solicitation/advertisement (RFC 4861) with a
// link-layer address option, router solicitation/advertisement and redirect with their options,
// and MLD (RFC 2710, 3810): v1 queries, reports and dones, v2 reports with one multicast address
// record and its sources.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 58;
enum Variant : uint16_t {
  kEcho = 1, kSolicit = 2, kAdvert = 4, kOther = 8, kTooBig = 16, kParam = 32, kMld = 64, kMldv2Report = 128,
  kRouterSolicit = 256, kRouterAdvert = 512, kRedirect = 1024,
};
constexpr uint16_t kNdOptions = kRouterSolicit | kRouterAdvert | kRedirect;

constexpr EnumName kTypes[] = {
    {1, "destination-unreachable"}, {2, "packet-too-big"}, {3, "time-exceeded"}, {4, "parameter-problem"},
    {128, "echo-request"},          {129, "echo-reply"},   {130, "mld-query"},
    {131, "mld-report"},            {132, "mld-done"},     {133, "router-solicitation"},
    {134, "router-advertisement"},  {135, "neighbor-solicitation"}, {136, "neighbor-advertisement"},
    {137, "redirect"},              {143, "mldv2-report"},
};

constexpr EnumName kRecordTypes[] = {
    {1, "mode-is-include"},   {2, "mode-is-exclude"},   {3, "change-to-include"},
    {4, "change-to-exclude"}, {5, "allow-new-sources"}, {6, "block-old-sources"},
};

constexpr VariantRule kVariants[] = {{128, kEcho}, {129, kEcho}, {135, kSolicit}, {136, kAdvert},
                                     {2, kTooBig},  {4, kParam},  {130, kMld},     {131, kMld},
                                     {132, kMld},   {143, kMldv2Report}, {133, kRouterSolicit},
                                     {134, kRouterAdvert}, {137, kRedirect}};

constexpr FieldSpec kFields[] = {
    {.name = "icmpv6.type", .label = "Type", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "echo-request",
     .flags = kFieldNoVary, .enums = kTypes},
    {.name = "icmpv6.code", .label = "Code", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "0"},
    {.name = "icmpv6.checksum", .label = "Checksum", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .flags = kFieldComputed,
     .help = "automatic (with the IPv6 pseudo-header); set it to send a wrong one"},
    {.name = "icmpv6.echo.identifier", .label = "Identifier", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kEcho},
    {.name = "icmpv6.echo.sequence_number", .label = "Sequence", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kEcho},
    {.name = "icmpv6.mtu", .label = "MTU", .bits = 32, .format = FieldFormat::kDec, .defaultValue = "1280",
     .variants = kTooBig},
    {.name = "icmpv6.pointer", .label = "Pointer", .bits = 32, .format = FieldFormat::kDec, .defaultValue = "0",
     .variants = kParam},
    {.name = "icmpv6.reserved", .label = "Reserved", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000000", .variants = kSolicit | kOther | kRouterSolicit | kRedirect},
    {.name = "icmpv6.nd.ra.cur_hop_limit", .label = "Current hop limit", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "64", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.flag.m", .label = "Managed address configuration (M)", .bits = 1,
     .format = FieldFormat::kFlag, .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.flag.o", .label = "Other configuration (O)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.flag.h", .label = "Home agent (H)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.flag.prf", .label = "Default router preference", .bits = 2, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kRouterAdvert, .help = "0 medium, 1 high, 3 low"},
    {.name = "icmpv6.nd.ra.flag.p", .label = "Proxy (P)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.flag.rsv", .label = "Reserved", .bits = 2, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.router_lifetime", .label = "Router lifetime (s)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "1800", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.reachable_time", .label = "Reachable time (ms)", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.ra.retrans_timer", .label = "Retransmission timer (ms)", .bits = 32,
     .format = FieldFormat::kDec, .defaultValue = "0", .variants = kRouterAdvert},
    {.name = "icmpv6.nd.rd.target_address", .label = "Target address", .bits = 128, .format = FieldFormat::kIpv6,
     .defaultValue = "fe80::1", .variants = kRedirect, .help = "the better first hop"},
    {.name = "icmpv6.rd.na.destination_address", .label = "Destination address", .bits = 128,
     .format = FieldFormat::kIpv6, .defaultValue = "2001:db8::99", .variants = kRedirect,
     .help = "the destination redirected"},
    {.name = "icmpv6.nd.na.flag.r", .label = "Router flag", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .variants = kAdvert},
    {.name = "icmpv6.nd.na.flag.s", .label = "Solicited flag", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "1", .variants = kAdvert},
    {.name = "icmpv6.nd.na.flag.o", .label = "Override flag", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "1", .variants = kAdvert},
    {.name = "icmpv6.nd.na.flag.rsv", .label = "Reserved", .bits = 29, .format = FieldFormat::kHex,
     .defaultValue = "0x00000000", .variants = kAdvert},
    {.name = "icmpv6.nd.ns.target_address", .label = "Target address", .bits = 128, .format = FieldFormat::kIpv6,
     .defaultValue = "2001:db8::2", .variants = kSolicit},
    {.name = "icmpv6.nd.na.target_address", .label = "Target address", .bits = 128, .format = FieldFormat::kIpv6,
     .defaultValue = "2001:db8::1", .variants = kAdvert},
    {.name = "icmpv6.opt.type", .label = "Option type", .bits = 8, .format = FieldFormat::kDec, .defaultValue = "1",
     .flags = kFieldComputed, .variants = kSolicit | kAdvert,
     .help = "automatic: 1 (source link-layer address) for NS, 2 (target) for NA"},
    {.name = "icmpv6.opt.length", .label = "Option length (8-byte units)", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "1", .variants = kSolicit | kAdvert},
    {.name = "icmpv6.opt.linkaddr", .label = "Link-layer address", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01", .variants = kSolicit | kAdvert},
    {.name = "icmpv6.mld.maximum_response_delay", .label = "Maximum response delay (ms)", .bits = 16,
     .format = FieldFormat::kDec, .defaultValue = "10000", .variants = kMld,
     .help = "queries; 0 in reports and dones"},
    {.name = "icmpv6.mld.reserved", .label = "Reserved", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .variants = kMld | kMldv2Report, .help = "Staccato's name"},
    {.name = "icmpv6.mld.multicast_address", .label = "Multicast address", .bits = 128, .format = FieldFormat::kIpv6,
     .defaultValue = "::", .variants = kMld, .help = "the group (:: in a general query)"},
    {.name = "icmpv6.mldr.nb_mcast_records", .label = "Number of multicast address records", .bits = 16,
     .format = FieldFormat::kDec, .defaultValue = "1", .variants = kMldv2Report,
     .help = "one record is built, further ones can follow as raw bytes"},
    {.name = "icmpv6.mldr.mar.record_type", .label = "Record type", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "change-to-exclude", .enums = kRecordTypes, .variants = kMldv2Report,
     .help = "change-to-exclude with no sources joins the group"},
    {.name = "icmpv6.mldr.mar.aux_data_len", .label = "Auxiliary data length (32-bit words)", .bits = 8,
     .format = FieldFormat::kDec, .defaultValue = "0", .variants = kMldv2Report,
     .help = "no auxiliary data is built"},
    {.name = "icmpv6.mldr.mar.nb_sources", .label = "Number of sources", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .variants = kMldv2Report,
     .help = "automatic from icmpv6.mldr.mar.sources"},
    {.name = "icmpv6.mldr.mar.multicast_address", .label = "Multicast address", .bits = 128,
     .format = FieldFormat::kIpv6, .defaultValue = "ff05::1:3", .variants = kMldv2Report},
    {.name = "icmpv6.mldr.mar.sources", .label = "Source addresses", .bits = 0, .format = FieldFormat::kBytes,
     .defaultValue = "", .flags = kFieldNoVary, .variants = kMldv2Report,
     .help = "the record's sources, 16 bytes each (Staccato's name)"},
    {.name = "icmpv6.nd.options", .label = "Options", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary, .variants = kNdOptions,
     .help = "router solicitation/advertisement and redirect: options, each a multiple of 8 bytes (Staccato's name): " "0101020000000001 source link-layer address, 05010000000005dc MTU 1500, 0304 40c0 00278d00 00093a80 " "00000000 20010db8000000000000000000000000 prefix 2001:db8::/64"},
};

// IPv6 only (not IPv4's protocol 58), also behind its extension headers (MLD: hop-by-hop).
constexpr Binding kBindings[] = {{"ipv6", "ipv6.nxt", kProtocolNumber},
                                 {"ipv6.hopopts", "ipv6.hopopts.nxt", kProtocolNumber},
                                 {"ipv6.routing", "ipv6.routing.nxt", kProtocolNumber},
                                 {"ipv6.fraghdr", "ipv6.fraghdr.nxt", kProtocolNumber},
                                 {"ipv6.dstopts", "ipv6.dstopts.nxt", kProtocolNumber}};

// The tail: an MLDv2 record's sources, or neighbour discovery options.
std::string_view tailField(const LayerState& l) {
  if (l.variantMask() & kMldv2Report) return "icmpv6.mldr.mar.sources";
  if (l.variantMask() & kNdOptions) return "icmpv6.nd.options";
  return {};
}

void encodeTail(const LayerState& l, std::vector<uint8_t>& out) {
  if (std::string_view f = tailField(l); !f.empty()) {
    const auto& b = l.value(f).bytes;
    out.insert(out.end(), b.begin(), b.end());
  }
}

// Sources by their count; options up to the end of the IPv6 packet.
std::optional<size_t> tailWireSize(const LayerState& l, std::span<const uint8_t> rest) {
  if (l.variantMask() & kMldv2Report) return l.num("icmpv6.mldr.mar.nb_sources") * 16;
  if (l.variantMask() & kNdOptions) return rest.size();
  return 0;
}

void decodeTail(std::span<const uint8_t> tail, LayerState& l) {
  if (std::string_view f = tailField(l); !f.empty() && !tail.empty()) l.set(f, {0, {tail.begin(), tail.end()}});
}

constexpr TailCodec kTail{
    .encode = encodeTail, .wireSize = nullptr, .decode = decodeTail, .wireSizeFromBytes = tailWireSize};

Status validate(const LayerState& l) {
  if (size_t n = l.value("icmpv6.mldr.mar.sources").bytes.size(); n % 16 != 0)
    return makeError("icmpv6.mldr.mar.sources",
                     std::to_string(n) + " bytes; sources are IPv6 addresses, 16 bytes each");
  if (size_t n = l.value("icmpv6.nd.options").bytes.size(); n % 8 != 0)
    return makeError("icmpv6.nd.options", std::to_string(n) + " bytes; options fill 8-byte units");
  return Ok{};
}

void finalize(BuildContext& ctx, size_t layer) {
  const uint64_t type = ctx.layer(layer).num("icmpv6.type");
  if (type == 135 || type == 136) ctx.setAuto(layer, "icmpv6.opt.type", type == 135 ? 1 : 2);
  if (type == 143)
    ctx.setAuto(layer, "icmpv6.mldr.mar.nb_sources", ctx.layer(layer).value("icmpv6.mldr.mar.sources").bytes.size() / 16);
  ctx.autoChecksum(layer, "icmpv6.checksum", ctx.span(layer).offset, ctx.layersEnd(),
                   ctx.pseudoHeaderFor(layer, kProtocolNumber));
}

constexpr ProtocolSpec kIcmpv6{
    .name = "icmpv6",
    .displayName = "ICMPv6",
    .summary = "Internet Control Message Protocol for IPv6: echo, errors, neighbour discovery, redirect, MLD",
    .fields = kFields,
    .order = 430,
    .bindings = kBindings,
    .quickLayer = QuickLayer::kLayer4,
    .finalize = finalize,
    .tail = &kTail,
    .validate = validate,
    .variantField = "icmpv6.type",
    .variants = kVariants,
    .defaultVariant = kOther,
};

const RegisterProtocol kRegisterIcmpv6(kIcmpv6);

}  // namespace

}  // namespace staccato
