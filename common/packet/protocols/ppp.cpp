// PPP (RFC 1661) as carried in a PPPoE session (RFC 2516): the protocol field only, automatic
// for IPv4 (0x0021) or IPv6 (0x0057) above it.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr EnumName kProtocols[] = {{0x0001, "padding"}, {0x0021, "ipv4"}, {0x0057, "ipv6"}, {0x8021, "ipcp"}, {0x8057, "ipv6cp"},
                                   {0xc021, "lcp"},  {0xc023, "pap"},  {0xc223, "chap"}};

constexpr FieldSpec kFields[] = {
    {.name = "ppp.protocol", .label = "Protocol", .bits = 16, .format = FieldFormat::kHex, .defaultValue = "0x0001",
     .flags = kFieldComputed, .enums = kProtocols,
     .help = "automatic: ipv4 (0x0021) or ipv6 (0x0057) from the layer above; padding (0x0001) when none"},
};

// In a PPPoE session's data (code 0x00).
constexpr Binding kBindings[] = {{"pppoe", "pppoe.code", 0x00}};

void finalize(BuildContext& ctx, size_t layer) {
  if (layer + 1 >= ctx.layerCount()) return;
  const std::string_view above = ctx.layer(layer + 1).spec->name;
  if (above == "ip") ctx.setAuto(layer, "ppp.protocol", 0x0021);
  if (above == "ipv6") ctx.setAuto(layer, "ppp.protocol", 0x0057);
}

constexpr ProtocolSpec kPpp{
    .name = "ppp",
    .displayName = "PPP",
    .summary = "Point-to-Point Protocol in a PPPoE session: the protocol of the IPv4 or IPv6 packet inside",
    .fields = kFields,
    .order = 190,
    .bindings = kBindings,
    .nextByFirstNibble = NumberSpace::kIpVersion,
    .finalize = finalize,
};

const RegisterProtocol kRegisterPpp(kPpp);

}  // namespace

}  // namespace staccato
