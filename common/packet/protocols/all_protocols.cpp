// The registry's list of built-in protocols; the order is the order of docs and GUI menus.
#include "common/packet/protocols/protocols.h"
#include "common/packet/registry.h"

namespace staccato {

std::vector<const ProtocolSpec*> builtinProtocols() {
  return {&kEthernet, &kVlan, &kSvlan, &kArp, &kIpv4, &kIpv6, &kIcmp,
          &kIcmpv6,   &kUdp,  &kTcp,   &kPayload, &kRaw, &kSignature};
}

}  // namespace staccato
