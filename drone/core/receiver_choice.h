#pragma once
/// Picks a port's receive engine (when the port tracks receive): the one the config asks for, or
/// with `auto` the one measured best for the port's driver (in-kernel counting on veth, turbo
/// elsewhere), falling back to libpcap; says why.
#include <memory>
#include <string>

#include "drone/core/port_source.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

struct ReceiverChoice {
  std::unique_ptr<SignatureReceiver> receiver;  ///< null when none could open (or track_rx is off)
  std::string name;    ///< "turbo-native", "turbo-generic", "xdp-count", "pcap" or "off"
  std::string reason;  ///< why this one; when none opened, the error
  bool failed = false; ///< asked for but none opened
  bool fellBack = false;  ///< the first engine to try did not open
};

ReceiverChoice openReceiver(PortSource& source, const PortInfo& port, const v1::PortConfig& config);

}  // namespace staccato::drone
