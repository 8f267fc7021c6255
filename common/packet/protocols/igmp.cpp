// IGMP (RFC 1112, 2236, 3376): v1/v2 queries, reports and leaves, v3 queries (a query with any
// v3 field or source set) and v3 membership reports with one group record and its sources.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr uint8_t kProtocolNumber = 2;
enum Variant : uint8_t { kV2 = 1, kV3Report = 2, kQuery = 4 };

constexpr EnumName kTypes[] = {
    {0x11, "membership-query"}, {0x12, "v1-membership-report"}, {0x16, "v2-membership-report"},
    {0x17, "leave-group"},      {0x22, "v3-membership-report"},
};

constexpr EnumName kRecordTypes[] = {
    {1, "mode-is-include"},   {2, "mode-is-exclude"},   {3, "change-to-include"},
    {4, "change-to-exclude"}, {5, "allow-new-sources"}, {6, "block-old-sources"},
};

constexpr VariantRule kVariants[] = {{0x11, kV2 | kQuery}, {0x12, kV2}, {0x16, kV2}, {0x17, kV2}, {0x22, kV3Report}};

constexpr FieldSpec kFields[] = {
    {.name = "igmp.type", .label = "Type", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "membership-query", .flags = kFieldNoVary, .enums = kTypes},
    {.name = "igmp.max_resp", .label = "Max response time (0.1 s)", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "100", .help = "queries; 0 in v1 messages; reserved in v3 reports"},
    {.name = "igmp.checksum", .label = "Checksum", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0000",
     .flags = kFieldComputed, .help = "automatic over the IGMP message; set it to send a wrong one"},
    {.name = "igmp.v3.reserved", .label = "Reserved", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .variants = kV3Report, .help = "v3 report (Staccato's name)"},
    {.name = "igmp.num_grp_recs", .label = "Number of group records", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "1", .variants = kV3Report,
     .help = "v3 report; one record is built, further ones can follow as raw bytes"},
    {.name = "igmp.record_type", .label = "Record type", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "change-to-exclude", .enums = kRecordTypes, .variants = kV3Report,
     .help = "v3 report: the group record's type (change-to-exclude with no sources joins the group)"},
    {.name = "igmp.aux_data_len", .label = "Auxiliary data length (32-bit words)", .bits = 8,
     .format = FieldFormat::kDec, .defaultValue = "0", .variants = kV3Report,
     .help = "v3 report; no auxiliary data is built"},
    {.name = "igmp.num_src", .label = "Number of sources", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .flags = kFieldComputed | kFieldNoVary, .variants = kV3Report,
     .help = "v3 report; automatic from igmp.sources"},
    {.name = "igmp.maddr", .label = "Group address", .bits = 32, .format = FieldFormat::kIpv4,
     .defaultValue = "0.0.0.0",
     .help = "the group (0.0.0.0 in a general query), or the v3 group record's multicast address"},
    {.name = "igmp.s", .label = "Suppress router-side processing (S)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .flags = kFieldOptional | kFieldNoVary, .variants = kQuery,
     .help = "v3 query: setting it (or igmp.qrv, igmp.qqic, igmp.sources) makes the query a v3 query"},
    {.name = "igmp.qrv", .label = "Querier's robustness variable (QRV)", .bits = 3, .format = FieldFormat::kDec,
     .defaultValue = "2", .flags = kFieldOptional | kFieldNoVary, .variants = kQuery, .help = "v3 query"},
    {.name = "igmp.qqic", .label = "Querier's query interval code (QQIC)", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "125", .flags = kFieldOptional | kFieldNoVary, .variants = kQuery,
     .help = "v3 query, in seconds below 128"},
    {.name = "igmp.sources", .label = "Source addresses", .bits = 0, .format = FieldFormat::kBytes,
     .defaultValue = "", .flags = kFieldNoVary, .variants = kV3Report | kQuery,
     .help = "v3 report: the record's sources; v3 query: the sources asked about; 4 bytes each " "(c0000201c0000202 = 192.0.2.1, 192.0.2.2)"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, kProtocolNumber}};

constexpr size_t kV3QueryFieldBytes = 4;  // S and QRV, QQIC, number of sources

bool isV3Query(const LayerState& l) {
  return (l.variantMask() & kQuery) && (l.isSet("igmp.s") || l.isSet("igmp.qrv") || l.isSet("igmp.qqic") ||
                                        !l.value("igmp.sources").bytes.empty());
}

void encodeTail(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& s = l.value("igmp.sources").bytes;
  if (isV3Query(l)) {
    out.push_back(static_cast<uint8_t>((l.num("igmp.s") & 1) << 3 | (l.num("igmp.qrv") & 7)));
    out.push_back(static_cast<uint8_t>(l.num("igmp.qqic")));
    out.push_back(static_cast<uint8_t>(s.size() / 4 >> 8));
    out.push_back(static_cast<uint8_t>(s.size() / 4));
  } else if (!(l.variantMask() & kV3Report)) {
    return;
  }
  out.insert(out.end(), s.begin(), s.end());
}

// A report's sources by their count; a query's v3 fields and as many sources as they count
// (what follows is the next layer's, so that any frame rebuilds byte for byte).
std::optional<size_t> tailWireSize(const LayerState& l, std::span<const uint8_t> rest) {
  if (l.variantMask() & kV3Report) return l.num("igmp.num_src") * 4;
  if (!(l.variantMask() & kQuery) || rest.size() < kV3QueryFieldBytes) return 0;
  const size_t size = kV3QueryFieldBytes + 4 * (size_t{rest[2]} << 8 | rest[3]);
  if (size > rest.size()) return std::nullopt;
  return size;
}

void decodeTail(std::span<const uint8_t> tail, LayerState& l) {
  if (l.variantMask() & kQuery) {
    if (tail.size() < kV3QueryFieldBytes) return;
    l.set("igmp.s", {static_cast<uint64_t>(tail[0] >> 3 & 1), {}});
    l.set("igmp.qrv", {static_cast<uint64_t>(tail[0] & 7), {}});
    l.set("igmp.qqic", {tail[1], {}});
    tail = tail.subspan(kV3QueryFieldBytes);
  }
  if (!tail.empty()) l.set("igmp.sources", {0, {tail.begin(), tail.end()}});
}

constexpr TailCodec kTail{
    .encode = encodeTail, .wireSize = nullptr, .decode = decodeTail, .wireSizeFromBytes = tailWireSize};

Status validate(const LayerState& l) {
  if (size_t n = l.value("igmp.sources").bytes.size(); n % 4 != 0)
    return makeError("igmp.sources", std::to_string(n) + " bytes; sources are IPv4 addresses, 4 bytes each");
  return Ok{};
}

void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, "igmp.num_src", ctx.layer(layer).value("igmp.sources").bytes.size() / 4);
  ctx.autoChecksum(layer, "igmp.checksum", ctx.span(layer).offset, ctx.layersEnd());
}

constexpr ProtocolSpec kIgmp{
    .name = "igmp",
    .displayName = "IGMP",
    .summary = "Internet Group Management Protocol: v1/v2 messages; v3 queries and reports with sources",
    .fields = kFields,
    .order = 440,
    .numbers = kNumbers,
    .finalize = finalize,
    .tail = &kTail,
    .validate = validate,
    .variantField = "igmp.type",
    .variants = kVariants,
    .defaultVariant = kV2,
};

const RegisterProtocol kRegisterIgmp(kIgmp);

}  // namespace

}  // namespace staccato
