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
    {.name = "sctp.srcport", .label = "Source port", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "49152"},
    {.name = "sctp.dstport", .label = "Destination port", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "49153"},
    {.name = "sctp.verification_tag", .label = "Verification tag", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000001", .help = "the peer's initiate tag; 0 in an INIT (RFC 4960 section 8.5.1)"},
    {.name = "sctp.checksum", .label = "Checksum (CRC32c)", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000000", .flags = kFieldComputed,
     .help = "automatic: CRC32c over the SCTP packet (RFC 4960 appendix B), recomputed per packet when a field " "varies; set it to send a wrong one"},
    {.name = "sctp.chunk_type", .label = "Chunk type", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "0",
     .flags = kFieldNoVary, .enums = kChunkTypes,
     .help = "DATA and INIT have their fields; an INIT's parameters, if any, and another type's value are the " "layers above (raw bytes)."},
    {.name = "sctp.data_flags_reserved", .label = "Reserved flags", .bits = 4, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kData, .help = "the 4 high bits of a DATA chunk's flags (Staccato's name)"},
    {.name = "sctp.data_i_bit", .label = "I bit (SACK immediately)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .variants = kData, .help = "RFC 7053"},
    {.name = "sctp.data_u_bit", .label = "U bit (unordered)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "0", .variants = kData},
    {.name = "sctp.data_b_bit", .label = "B bit (first fragment)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "1", .variants = kData},
    {.name = "sctp.data_e_bit", .label = "E bit (last fragment)", .bits = 1, .format = FieldFormat::kFlag,
     .defaultValue = "1", .variants = kData},
    {.name = "sctp.chunk_flags", .label = "Chunk flags", .bits = 8, .format = FieldFormat::kHex,
     .defaultValue = "0x00", .variants = kInit | kOther},
    {.name = "sctp.chunk_length", .label = "Chunk length", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "16", .flags = kFieldComputed,
     .help = "automatic: the chunk header and the layers above; the chunk is not padded, so keep its data a " "multiple of 4 bytes where a receiver insists on RFC 4960's padding"},
    {.name = "sctp.data_tsn_raw", .label = "Transmission sequence number (TSN)", .bits = 32,
     .format = FieldFormat::kDec, .defaultValue = "1", .variants = kData,
     .help = "the TSN on the wire (Wireshark's sctp.data_tsn is relative); vary it (increment) for a valid sequence"},
    {.name = "sctp.data_sid", .label = "Stream identifier", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .variants = kData},
    {.name = "sctp.data_ssn", .label = "Stream sequence number", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kData},
    {.name = "sctp.data_payload_proto_id", .label = "Payload protocol identifier", .bits = 32,
     .format = FieldFormat::kDec, .defaultValue = "0", .variants = kData,
     .help = "0 = unspecified (IANA SCTP payload protocol identifiers)"},
    {.name = "sctp.init_initiate_tag", .label = "Initiate tag", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000001", .variants = kInit, .help = "must not be 0"},
    {.name = "sctp.init_credit", .label = "Advertised receiver window credit", .bits = 32,
     .format = FieldFormat::kDec, .defaultValue = "65536", .variants = kInit},
    {.name = "sctp.init_nr_out_streams", .label = "Number of outbound streams", .bits = 16,
     .format = FieldFormat::kDec, .defaultValue = "10", .variants = kInit},
    {.name = "sctp.init_nr_in_streams", .label = "Number of inbound streams", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "10", .variants = kInit},
    {.name = "sctp.init_initial_tsn", .label = "Initial TSN", .bits = 32, .format = FieldFormat::kDec,
     .defaultValue = "1", .variants = kInit},
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
