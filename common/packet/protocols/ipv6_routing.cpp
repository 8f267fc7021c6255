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
    {"ipv6.routing.nxt", "Next header", 8, FieldFormat::kEnum, "59", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (59, no next header, when none)", NumberSpace::kIpProtocol},
    {"ipv6.routing.len", "Length (8-byte units, minus 1)", 8, FieldFormat::kDec, "2", kFieldComputed | kFieldNoVary,
     {}, 0, "automatic from the segments (or data)"},
    {"ipv6.routing.type", "Routing type", 8, FieldFormat::kEnum, "segment-routing", kFieldNoVary, kTypes, 0,
     "segment-routing (4, SRv6); type-2 (mobile IPv6 home address); others with their data as bytes"},
    {"ipv6.routing.segleft", "Segments left", 8, FieldFormat::kDec, "0", kFieldComputed, {}, 0,
     "automatic: the last entry for a segment routing header, 1 for type 2"},
    {"ipv6.routing.srh.last_entry", "Last entry", 8, FieldFormat::kDec, "0", kFieldComputed, {}, kSrh,
     "automatic: index of the last segment (number of segments - 1)"},
    {"ipv6.routing.srh.flags", "Flags", 8, FieldFormat::kHex, "0x00", kFieldNone, {}, kSrh},
    {"ipv6.routing.srh.tag", "Tag", 16, FieldFormat::kHex, "0x0000", kFieldNone, {}, kSrh},
    {"ipv6.routing.srh.segments", "Segment list", 0, FieldFormat::kBytes, "20010db8000000000000000000000002",
     kFieldNoVary, {}, kSrh,
     "the segments, 16 bytes each, the last one first (segment 0 is the final destination, which an "
     "upper-layer checksum covers while segments are left)"},
    {"ipv6.routing.data", "Type-specific data", 0, FieldFormat::kBytes, "00000000", kFieldNoVary, {}, kOther,
     "other routing types: the bytes after segments left, a multiple of 8 bytes plus 4 (type 2: 4 reserved "
     "bytes and the home address)"},
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
