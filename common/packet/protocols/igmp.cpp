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
    {"igmp.type", "Type", 8, FieldFormat::kEnum, "membership-query", kFieldNoVary, kTypes},
    {"igmp.max_resp", "Max response time (0.1 s)", 8, FieldFormat::kDec, "100", kFieldNone, {}, 0,
     "queries; 0 in v1 messages; reserved in v3 reports"},
    {"igmp.checksum", "Checksum", 16, FieldFormat::kHex, "0x0000", kFieldComputed, {}, 0,
     "automatic over the IGMP message; set it to send a wrong one"},
    {"igmp.v3.reserved", "Reserved", 16, FieldFormat::kHex, "0x0000", kFieldNone, {}, kV3Report,
     "v3 report (Staccato's name)"},
    {"igmp.num_grp_recs", "Number of group records", 16, FieldFormat::kDec, "1", kFieldNone, {}, kV3Report,
     "v3 report; one record is built, further ones can follow as raw bytes"},
    {"igmp.record_type", "Record type", 8, FieldFormat::kEnum, "change-to-exclude", kFieldNone, kRecordTypes,
     kV3Report, "v3 report: the group record's type (change-to-exclude with no sources joins the group)"},
    {"igmp.aux_data_len", "Auxiliary data length (32-bit words)", 8, FieldFormat::kDec, "0", kFieldNone, {},
     kV3Report, "v3 report; no auxiliary data is built"},
    {"igmp.num_src", "Number of sources", 16, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary, {}, kV3Report,
     "v3 report; automatic from igmp.sources"},
    {"igmp.maddr", "Group address", 32, FieldFormat::kIpv4, "0.0.0.0", kFieldNone, {}, 0,
     "the group (0.0.0.0 in a general query), or the v3 group record's multicast address"},
    {"igmp.s", "Suppress router-side processing (S)", 1, FieldFormat::kFlag, "0", kFieldOptional | kFieldNoVary, {},
     kQuery, "v3 query: setting it (or igmp.qrv, igmp.qqic, igmp.sources) makes the query a v3 query"},
    {"igmp.qrv", "Querier's robustness variable (QRV)", 3, FieldFormat::kDec, "2", kFieldOptional | kFieldNoVary, {},
     kQuery, "v3 query"},
    {"igmp.qqic", "Querier's query interval code (QQIC)", 8, FieldFormat::kDec, "125", kFieldOptional | kFieldNoVary,
     {}, kQuery, "v3 query, in seconds below 128"},
    {"igmp.sources", "Source addresses", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, kV3Report | kQuery,
     "v3 report: the record's sources; v3 query: the sources asked about; 4 bytes each "
     "(c0000201c0000202 = 192.0.2.1, 192.0.2.2)"},
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
