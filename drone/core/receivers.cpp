#include "drone/core/receivers.h"

#include "common/core/log.h"

namespace staccato::drone {

void Receivers::update(const PortEntry& port, bool retryFailed) {
  PortRx& rx = ports_[port.info.name];
  const v1::PortConfig& want = port.config;
  auto asksTurbo = [](const v1::PortConfig& c) { return c.rx_backend() != v1::PortConfig::RX_PCAP; };
  // Turbo depends on the MTU (frame size) and the receive queues (one socket each): it is
  // tried again when they change.
  const bool shapeChanged = port.info.mtu != rx.openedFor.mtu || port.info.rxQueues != rx.openedFor.rxQueues;
  const bool sameAsk = want.track_rx() == rx.openedWith.track_rx() && want.rx_backend() == rx.openedWith.rx_backend() &&
                       want.reflect() == rx.openedWith.reflect();
  const bool failed = (want.track_rx() || want.reflect() != v1::PortConfig::REFLECT_OFF) && !rx.receiver;
  if (rx.opened && sameAsk && !(want.track_rx() && asksTurbo(want) && shapeChanged) && !(failed && retryFailed)) return;
  rx.receiver.reset();  // first: the new engine may need what the old one holds
  ReceiverChoice c = openReceiver(source_, port.info, want);
  rx.receiver = std::move(c.receiver);
  if (rx.receiver) rx.receiver->avoidCores(avoid_);
  if (rx.receiver && rx.tap) rx.receiver->setTap(rx.tap);
  rx.engine = c.name;
  rx.reason = c.reason;
  rx.error = c.failed ? c.reason : "";
  // A fallback the user did not ask for is worth a line in the drone's log.
  if (c.fellBack) log::notice(port.info.name + ": receive: " + rx.reason);
  rx.openedWith = want;
  rx.openedFor = port.info;
  rx.opened = true;
}

void Receivers::close(const std::string& port) {
  PortRx& rx = ports_[port];
  rx.receiver.reset();
  rx.opened = false;
}

void Receivers::setTap(const std::string& port, CaptureSink* tap) {
  PortRx& rx = ports_[port];
  rx.tap = tap;
  if (rx.receiver) rx.receiver->setTap(tap);
}

void Receivers::restartStreams(std::span<const uint16_t> ids) {
  for (auto& [name, rx] : ports_)
    if (rx.receiver) rx.receiver->requestRestart(ids);
  for (auto& [name, rx] : ports_)
    if (rx.receiver) rx.receiver->awaitRestart();
}

void Receivers::avoidCores(uint64_t cores) {
  avoid_ = cores;
  for (auto& [name, rx] : ports_)
    if (rx.receiver) rx.receiver->avoidCores(cores);
}

SignatureReceiver* Receivers::receiver(const std::string& port) {
  auto it = ports_.find(port);
  return it == ports_.end() ? nullptr : it->second.receiver.get();
}

std::shared_ptr<SignatureReceiver> Receivers::turbo(const std::string& port) {
  auto it = ports_.find(port);
  if (it == ports_.end() || !it->second.receiver || !it->second.engine.starts_with("turbo")) return nullptr;
  return it->second.receiver;
}

}  // namespace staccato::drone
