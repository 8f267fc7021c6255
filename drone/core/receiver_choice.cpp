#include "drone/core/receiver_choice.h"

#include <algorithm>

namespace staccato::drone {

ReceiverChoice openReceiver(PortSource& source, const PortInfo& port, const v1::PortConfig& config) {
  ReceiverChoice c;
  if (!config.track_rx()) {
    c.name = "off";
    c.reason = "track_rx is off";
    return c;
  }
  const bool tryTurbo = config.rx_backend() != v1::PortConfig::RX_PCAP && source.hasTurbo();
  std::string turboWhyNot = source.hasTurbo() ? "" : "turbo not built into this drone";
  if (tryTurbo) {
    if (auto rx = source.openTurboRx(port); rx) {
      c.receiver = std::move(rx).value();
      c.name = c.receiver->engine();
      c.reason = "XDP (" + c.name.substr(6) + ") + AF_XDP, " + std::to_string(std::max(1u, port.rxQueues)) +
                 " receive queue(s), " + c.receiver->timestamps() + " timestamps";
      return c;
    } else {
      turboWhyNot = rx.error().message;
    }
  }
  auto rx = source.openPcapRx(port);
  if (!rx) {
    c.name = "off";
    c.reason = rx.error().toString();
    c.failed = true;
    return c;
  }
  c.receiver = std::move(rx).value();
  c.name = c.receiver->engine();
  c.reason = (config.rx_backend() == v1::PortConfig::RX_PCAP ? "libpcap (forced by the port's configuration)"
                                                              : "libpcap, because turbo receive is not available: " + turboWhyNot) +
             "; " + c.receiver->timestamps() + " timestamps";
  return c;
}

}  // namespace staccato::drone
