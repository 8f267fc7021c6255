#include "drone/core/receivers.h"

namespace staccato::drone {

void Receivers::update(const PortEntry& port) {
  PortRx& rx = ports_[port.info.name];
  const v1::PortConfig& want = port.config;
  auto asksTurbo = [](const v1::PortConfig& c) { return c.rx_backend() == v1::PortConfig::RX_TURBO; };
  // Turbo depends on the MTU (frame size) and the receive queues (one socket each): it is
  // tried again when they change.
  const bool shapeChanged = port.info.mtu != rx.openedFor.mtu || port.info.rxQueues != rx.openedFor.rxQueues;
  if (want.track_rx() && rx.receiver && asksTurbo(want) == asksTurbo(rx.openedWith) && !(asksTurbo(want) && shapeChanged))
    return;
  rx.receiver.reset();  // first: the new engine may need what the old one holds
  ReceiverChoice c = openReceiver(source_, port.info, want);
  rx.receiver = std::move(c.receiver);
  rx.engine = c.name;
  rx.reason = c.reason;
  rx.error = c.failed ? c.reason : "";
  rx.openedWith = want;
  rx.openedFor = port.info;
}

void Receivers::close(const std::string& port) { ports_[port].receiver.reset(); }

SignatureReceiver* Receivers::receiver(const std::string& port) {
  auto it = ports_.find(port);
  return it == ports_.end() ? nullptr : it->second.receiver.get();
}

bool Receivers::turbo(const std::string& port) {
  auto it = ports_.find(port);
  return it != ports_.end() && it->second.receiver && it->second.engine.starts_with("turbo");
}

}  // namespace staccato::drone
