// IPsec ESP header (RFC 4303): SPI and sequence number; what follows stands for the encrypted
// payload (no encryption is done).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {.name = "esp.spi", .label = "Security parameters index (SPI)", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000100", .help = "1 to 255 are reserved"},
    {.name = "esp.sequence", .label = "Sequence number", .bits = 32, .format = FieldFormat::kDec, .defaultValue = "1",
     .help = "vary it (increment) for a valid sequence"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 50}};

constexpr ProtocolSpec kEsp{
    .name = "esp",
    .displayName = "IPsec ESP",
    .shortName = "ESP",
    .summary = "IPsec Encapsulating Security Payload header (SPI, sequence number) before opaque payload",
    .fields = kFields,
    .order = 450,
    .numbers = kNumbers,
};

const RegisterProtocol kRegisterEsp(kEsp);

}  // namespace

}  // namespace staccato
