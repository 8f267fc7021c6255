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
    {"icmpv6.type", "Type", 8, FieldFormat::kEnum, "echo-request", kFieldNoVary, kTypes},
    {"icmpv6.code", "Code", 8, FieldFormat::kDec, "0"},
    {"icmpv6.checksum", "Checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic (with the IPv6 pseudo-header); set it to send a wrong one"},
    {"icmpv6.echo.identifier", "Identifier", 16, FieldFormat::kDec, "0", kFieldNone, {}, kEcho},
    {"icmpv6.echo.sequence_number", "Sequence", 16, FieldFormat::kDec, "0", kFieldNone, {}, kEcho},
    {"icmpv6.mtu", "MTU", 32, FieldFormat::kDec, "1280", kFieldNone, {}, kTooBig},
    {"icmpv6.pointer", "Pointer", 32, FieldFormat::kDec, "0", kFieldNone, {}, kParam},
    {"icmpv6.reserved", "Reserved", 32, FieldFormat::kHex, "0x00000000", kFieldNone, {},
     kSolicit | kOther | kRouterSolicit | kRedirect},
    {"icmpv6.nd.ra.cur_hop_limit", "Current hop limit", 8, FieldFormat::kDec, "64", kFieldNone, {}, kRouterAdvert},
    {"icmpv6.nd.ra.flag.m", "Managed address configuration (M)", 1, FieldFormat::kFlag, "0", kFieldNone, {},
     kRouterAdvert},
    {"icmpv6.nd.ra.flag.o", "Other configuration (O)", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kRouterAdvert},
    {"icmpv6.nd.ra.flag.h", "Home agent (H)", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kRouterAdvert},
    {"icmpv6.nd.ra.flag.prf", "Default router preference", 2, FieldFormat::kDec, "0", kFieldNone, {}, kRouterAdvert,
     "0 medium, 1 high, 3 low"},
    {"icmpv6.nd.ra.flag.p", "Proxy (P)", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kRouterAdvert},
    {"icmpv6.nd.ra.flag.rsv", "Reserved", 2, FieldFormat::kDec, "0", kFieldNone, {}, kRouterAdvert},
    {"icmpv6.nd.ra.router_lifetime", "Router lifetime (s)", 16, FieldFormat::kDec, "1800", kFieldNone, {},
     kRouterAdvert},
    {"icmpv6.nd.ra.reachable_time", "Reachable time (ms)", 32, FieldFormat::kDec, "0", kFieldNone, {}, kRouterAdvert},
    {"icmpv6.nd.ra.retrans_timer", "Retransmission timer (ms)", 32, FieldFormat::kDec, "0", kFieldNone, {},
     kRouterAdvert},
    {"icmpv6.nd.rd.target_address", "Target address", 128, FieldFormat::kIpv6, "fe80::1", kFieldNone, {}, kRedirect,
     "the better first hop"},
    {"icmpv6.rd.na.destination_address", "Destination address", 128, FieldFormat::kIpv6, "2001:db8::99", kFieldNone,
     {}, kRedirect, "the destination redirected"},
    {"icmpv6.nd.na.flag.r", "Router flag", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.na.flag.s", "Solicited flag", 1, FieldFormat::kFlag, "1", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.na.flag.o", "Override flag", 1, FieldFormat::kFlag, "1", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.na.flag.rsv", "Reserved", 29, FieldFormat::kHex, "0x00000000", kFieldNone, {}, kAdvert},
    {"icmpv6.nd.ns.target_address", "Target address", 128, FieldFormat::kIpv6, "2001:db8::2", kFieldNone, {}, kSolicit},
    {"icmpv6.nd.na.target_address", "Target address", 128, FieldFormat::kIpv6, "2001:db8::1", kFieldNone, {}, kAdvert},
    {"icmpv6.opt.type", "Option type", 8, FieldFormat::kDec, "1", kFieldComputed, {}, kSolicit | kAdvert,
     "automatic: 1 (source link-layer address) for NS, 2 (target) for NA"},
    {"icmpv6.opt.length", "Option length (8-byte units)", 8, FieldFormat::kDec, "1", kFieldNone, {}, kSolicit | kAdvert},
    {"icmpv6.opt.linkaddr", "Link-layer address", 48, FieldFormat::kMac, "02:00:00:00:00:01", kFieldNone, {},
     kSolicit | kAdvert},
    {"icmpv6.mld.maximum_response_delay", "Maximum response delay (ms)", 16, FieldFormat::kDec, "10000", kFieldNone,
     {}, kMld, "queries; 0 in reports and dones"},
    {"icmpv6.mld.reserved", "Reserved", 16, FieldFormat::kHex, "0x0000", kFieldNone, {}, kMld | kMldv2Report,
     "Staccato's name"},
    {"icmpv6.mld.multicast_address", "Multicast address", 128, FieldFormat::kIpv6, "::", kFieldNone, {}, kMld,
     "the group (:: in a general query)"},
    {"icmpv6.mldr.nb_mcast_records", "Number of multicast address records", 16, FieldFormat::kDec, "1", kFieldNone,
     {}, kMldv2Report, "one record is built, further ones can follow as raw bytes"},
    {"icmpv6.mldr.mar.record_type", "Record type", 8, FieldFormat::kEnum, "change-to-exclude", kFieldNone,
     kRecordTypes, kMldv2Report, "change-to-exclude with no sources joins the group"},
    {"icmpv6.mldr.mar.aux_data_len", "Auxiliary data length (32-bit words)", 8, FieldFormat::kDec, "0", kFieldNone,
     {}, kMldv2Report, "no auxiliary data is built"},
    {"icmpv6.mldr.mar.nb_sources", "Number of sources", 16, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary,
     {}, kMldv2Report, "automatic from icmpv6.mldr.mar.sources"},
    {"icmpv6.mldr.mar.multicast_address", "Multicast address", 128, FieldFormat::kIpv6, "ff05::1:3", kFieldNone, {},
     kMldv2Report},
    {"icmpv6.mldr.mar.sources", "Source addresses", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, kMldv2Report,
     "the record's sources, 16 bytes each (Staccato's name)"},
    {"icmpv6.nd.options", "Options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, kNdOptions,
     "router solicitation/advertisement and redirect: options, each a multiple of 8 bytes (Staccato's name): "
     "0101020000000001 source link-layer address, 05010000000005dc MTU 1500, 0304 40c0 00278d00 00093a80 "
     "00000000 20010db8000000000000000000000000 prefix 2001:db8::/64"},
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
