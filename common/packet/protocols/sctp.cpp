// SCTP (RFC 4960): the common header with its CRC32c checksum (appendix B) and one chunk: DATA
// (the layers above are its user data) or INIT (parameters, if any, as raw bytes above); any
// other chunk type is its header, with its value as the layers above.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kData = 1, kInit = 2, kOther = 4 };

constexpr EnumName kChunkTypes[] = {
    {0, "data"},          {1, "init"},   {2, "init-ack"},     {3, "sack"},         {4, "heartbeat"},
    {5, "heartbeat-ack"}, {6, "abort"},  {7, "shutdown"},     {8, "shutdown-ack"}, {9, "error"},
    {10, "cookie-echo"},  {11, "cookie-ack"}, {14, "shutdown-complete"},
};

constexpr VariantRule kVariants[] = {{0, kData}, {1, kInit}};

constexpr FieldSpec kFields[] = {
    {"sctp.srcport", "Source port", 16, FieldFormat::kDec, "49152"},
    {"sctp.dstport", "Destination port", 16, FieldFormat::kDec, "49153"},
    {"sctp.verification_tag", "Verification tag", 32, FieldFormat::kHex, "0x00000001", kFieldNone, {}, 0,
     "the peer's initiate tag; 0 in an INIT (RFC 4960 section 8.5.1)"},
    {"sctp.checksum", "Checksum (CRC32c)", 32, FieldFormat::kHex, "0x00000000", kFieldComputed, {}, 0,
     "automatic: CRC32c over the SCTP packet (RFC 4960 appendix B), recomputed per packet when a field "
     "varies; set it to send a wrong one"},
    {"sctp.chunk_type", "Chunk type", 8, FieldFormat::kEnum, "0", kFieldNoVary, kChunkTypes, 0,
     "DATA and INIT have their fields; an INIT's parameters, if any, and another type's value are the "
     "layers above (raw bytes)."},
    {"sctp.data_flags_reserved", "Reserved flags", 4, FieldFormat::kDec, "0", kFieldNone, {}, kData,
     "the 4 high bits of a DATA chunk's flags (Staccato's name)"},
    {"sctp.data_i_bit", "I bit (SACK immediately)", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kData, "RFC 7053"},
    {"sctp.data_u_bit", "U bit (unordered)", 1, FieldFormat::kFlag, "0", kFieldNone, {}, kData},
    {"sctp.data_b_bit", "B bit (first fragment)", 1, FieldFormat::kFlag, "1", kFieldNone, {}, kData},
    {"sctp.data_e_bit", "E bit (last fragment)", 1, FieldFormat::kFlag, "1", kFieldNone, {}, kData},
    {"sctp.chunk_flags", "Chunk flags", 8, FieldFormat::kHex, "0x00", kFieldNone, {}, kInit | kOther},
    {"sctp.chunk_length", "Chunk length", 16, FieldFormat::kDec, "16", kFieldComputed, {}, 0,
     "automatic: the chunk header and the layers above; the chunk is not padded, so keep its data a "
     "multiple of 4 bytes where a receiver insists on RFC 4960's padding"},
    {"sctp.data_tsn_raw", "Transmission sequence number (TSN)", 32, FieldFormat::kDec, "1", kFieldNone, {}, kData,
     "the TSN on the wire (Wireshark's sctp.data_tsn is relative); vary it (increment) for a valid sequence"},
    {"sctp.data_sid", "Stream identifier", 16, FieldFormat::kHex, "0x0000", kFieldNone, {}, kData},
    {"sctp.data_ssn", "Stream sequence number", 16, FieldFormat::kDec, "0", kFieldNone, {}, kData},
    {"sctp.data_payload_proto_id", "Payload protocol identifier", 32, FieldFormat::kDec, "0", kFieldNone, {}, kData,
     "0 = unspecified (IANA SCTP payload protocol identifiers)"},
    {"sctp.init_initiate_tag", "Initiate tag", 32, FieldFormat::kHex, "0x00000001", kFieldNone, {}, kInit,
     "must not be 0"},
    {"sctp.init_credit", "Advertised receiver window credit", 32, FieldFormat::kDec, "65536", kFieldNone, {}, kInit},
    {"sctp.init_nr_out_streams", "Number of outbound streams", 16, FieldFormat::kDec, "10", kFieldNone, {}, kInit},
    {"sctp.init_nr_in_streams", "Number of inbound streams", 16, FieldFormat::kDec, "10", kFieldNone, {}, kInit},
    {"sctp.init_initial_tsn", "Initial TSN", 32, FieldFormat::kDec, "1", kFieldNone, {}, kInit},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 132}};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.autoLength(layer, "sctp.chunk_length", ctx.fieldOffset(layer, "sctp.chunk_type"));
  ctx.autoCrc32c(layer, "sctp.checksum", ctx.span(layer).offset, ctx.layersEnd());
}

constexpr ProtocolSpec kSctp{
    .name = "sctp",
    .displayName = "SCTP",
    .summary = "Stream Control Transmission Protocol: common header (CRC32c) and one DATA, INIT or other chunk",
    .fields = kFields,
    .order = 415,
    .numbers = kNumbers,
    .quickLayer = QuickLayer::kLayer4,
    .finalize = finalize,
    .variantField = "sctp.chunk_type",
    .variants = kVariants,
    .defaultVariant = kOther,
};

const RegisterProtocol kRegisterSctp(kSctp);

}  // namespace

}  // namespace staccato
