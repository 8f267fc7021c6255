#pragma once
/// Picks a port's receive engine (when the port tracks receive): turbo (an XDP program and
/// AF_XDP sockets) wherever it opens unless the config forces libpcap, else libpcap; says why.
#include <memory>
#include <string>

#include "drone/core/port_source.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

struct ReceiverChoice {
  std::unique_ptr<SignatureReceiver> receiver;  ///< null when none could open (or track_rx is off)
  std::string name;    ///< "turbo-native", "turbo-generic", "pcap" or "off"
  std::string reason;  ///< why this one; when none opened, the error
  bool failed = false; ///< asked for but none opened
};

ReceiverChoice openReceiver(PortSource& source, const PortInfo& port, const v1::PortConfig& config);

}  // namespace staccato::drone
