// IPv6 routing header (RFC 8200, section 4.4), with the segment routing header (RFC 8754):
// the segment list, last entry and segments left automatic; other routing types carry their
// type-specific data as bytes.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kSrh = 1, kOther = 2 };

constexpr EnumName kTypes[] = {{0, "source-route"}, {2, "type-2"}, {3, "rpl"}, {4, "segment-routing"}};

constexpr VariantRule kVariants[] = {{4, kSrh}};

constexpr FieldSpec kFields[] = {
    {.name = "ipv6.routing.nxt", .label = "Next header", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "59", .flags = kFieldComputed, .enums = kIpProtocolNames,
     .help = "automatic from the layer above (59, no next header, when none)", .space = NumberSpace::kIpProtocol},
    {.name = "ipv6.routing.len", .label = "Length (8-byte units, minus 1)", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "2", .flags = kFieldComputed | kFieldNoVary, .help = "automatic from the segments (or data)"},
    {.name = "ipv6.routing.type", .label = "Routing type", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "segment-routing", .flags = kFieldNoVary, .enums = kTypes,
     .help = "segment-routing (4, SRv6); type-2 (mobile IPv6 home address); others with their data as bytes"},
    {.name = "ipv6.routing.segleft", .label = "Segments left", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed,
     .help = "automatic: the last entry for a segment routing header, 1 for type 2"},
    {.name = "ipv6.routing.srh.last_entry", .label = "Last entry", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed, .variants = kSrh,
     .help = "automatic: index of the last segment (number of segments - 1)"},
    {.name = "ipv6.routing.srh.flags", .label = "Flags", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00", .variants = kSrh},
    {.name = "ipv6.routing.srh.tag", .label = "Tag", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .variants = kSrh},
    {.name = "ipv6.routing.srh.segments", .label = "Segment list", .bits = 0, .format = FieldFormat::kBytes,
     .defaultValue = "20010db8000000000000000000000002", .flags = kFieldNoVary, .variants = kSrh,
     .help = "the segments, 16 bytes each, the last one first (segment 0 is the final destination, which an " "upper-layer checksum covers while segments are left)"},
    {.name = "ipv6.routing.data", .label = "Type-specific data", .bits = 0, .format = FieldFormat::kBytes,
     .defaultValue = "00000000", .flags = kFieldNoVary, .variants = kOther,
     .help = "other routing types: the bytes after segments left, a multiple of 8 bytes plus 4 (type 2: 4 reserved " "bytes and the home address)"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 43}};

bool isSrh(const LayerState& l) { return l.variantMask() & kSrh; }

void encodeTail(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& b = l.value(isSrh(l) ? "ipv6.routing.srh.segments" : "ipv6.routing.data").bytes;
  out.insert(out.end(), b.begin(), b.end());
}

std::optional<size_t> tailWireSize(const LayerState& l) {
  return (l.num("ipv6.routing.len") + 1) * 8 - (isSrh(l) ? 8 : 4);
}

void decodeTail(std::span<const uint8_t> tail, LayerState& l) {
  l.set(isSrh(l) ? "ipv6.routing.srh.segments" : "ipv6.routing.data", {0, {tail.begin(), tail.end()}});
}

constexpr TailCodec kTail{encodeTail, tailWireSize, decodeTail};

Status validate(const LayerState& l) {
  if (isSrh(l)) {
    const size_t n = l.value("ipv6.routing.srh.segments").bytes.size();
    if (n == 0 || n % 16 != 0 || n > 16 * 127)
      return makeError("ipv6.routing.srh.segments",
                       std::to_string(n) + " bytes; segments are IPv6 addresses, 16 bytes each (1 to 127)");
  } else if (size_t n = l.value("ipv6.routing.data").bytes.size(); (n + 4) % 8 != 0 || n + 4 > 2048) {
    return makeError("ipv6.routing.data",
                     std::to_string(n) + " bytes; the header must fill whole 8-byte units: 4, 12, 20... bytes");
  }
  return Ok{};
}

uint64_t lastEntry(const LayerState& l) { return l.value("ipv6.routing.srh.segments").bytes.size() / 16 - 1; }

/// Segments left as the frame will carry it: the user's value, else the automatic one (the last
/// entry for a segment routing header, 1 for type 2).
uint64_t segmentsLeft(const BuildContext& ctx, size_t layer) {
  const LayerState& l = ctx.layer(layer);
  if (!ctx.isAuto(layer, "ipv6.routing.segleft")) return l.num("ipv6.routing.segleft");
  if (isSrh(l)) return lastEntry(l);
  return l.num("ipv6.routing.type") == 2 ? 1 : l.num("ipv6.routing.segleft");
}

void finalize(BuildContext& ctx, size_t layer) {
  const LayerState& l = ctx.layer(layer);
  ctx.setAuto(layer, "ipv6.routing.len", ctx.span(layer).length / 8 - 1);
  if (isSrh(l)) ctx.setAuto(layer, "ipv6.routing.srh.last_entry", lastEntry(l));
  ctx.setAuto(layer, "ipv6.routing.segleft", segmentsLeft(ctx, layer));
}

/// While segments are left, the final destination is segment 0 of a segment routing header
/// (RFC 8754 2) and the last address of a type 0 or type 2 header (after 4 reserved bytes);
/// other types' data is not a list of addresses.
std::optional<size_t> finalDestination(const BuildContext& ctx, size_t layer) {
  const LayerState& l = ctx.layer(layer);
  if (segmentsLeft(ctx, layer) == 0) return std::nullopt;
  const size_t data = ctx.span(layer).offset + 4;
  if (isSrh(l)) return data + 4;
  const uint64_t type = l.num("ipv6.routing.type");
  const size_t size = l.value("ipv6.routing.data").bytes.size();
  if ((type != 0 && type != 2) || size < 20 || (size - 4) % 16 != 0) return std::nullopt;
  return data + size - 16;
}

constexpr ProtocolSpec kRouting{
    .name = "ipv6.routing",
    .displayName = "IPv6 routing header",
    .shortName = "IPv6 Rt",
    .summary = "IPv6 routing extension header: segment routing (SRv6) segment list, or other types' data",
    .fields = kFields,
    .order = 316,
    .numbers = kNumbers,
    .demuxField = "ipv6.routing.nxt",
    .finalize = finalize,
    .tail = &kTail,
    .finalDestination = finalDestination,
    .validate = validate,
    .variantField = "ipv6.routing.type",
    .variants = kVariants,
    .defaultVariant = kOther,
};

const RegisterProtocol kRegisterRouting(kRouting);

}  // namespace

}  // namespace staccato
