#pragma once
/// EtherType names shared by Ethernet and VLAN tags.
#include "common/packet/field.h"

namespace staccato {

inline constexpr EnumName kEtherTypes[] = {
    {0x0800, "ipv4"}, {0x0806, "arp"}, {0x86dd, "ipv6"}, {0x8100, "vlan"},
    {0x88a8, "ieee8021ad"}, {0x8847, "mpls"}, {0x88cc, "lldp"}, {0x9100, "qinq-9100"},
};

/// EtherType bindings for a protocol carried over Ethernet and any VLAN tag.
#define STACCATO_ETHERTYPE_BINDINGS(value)                                        \
  Binding{"eth", "eth.type", value}, Binding{"vlan", "vlan.etype", value},        \
      Binding{"ieee8021ad", "ieee8021ad.etype", value}

}  // namespace staccato
