#pragma once
/// Each port's receive engine while it tracks receive, and which engine it is and why. One
/// engine per port: turbo's sockets would take the frames from libpcap's. Not thread-safe: the
/// DroneCore's lock guards it.
#include <map>
#include <memory>
#include <string>

#include "drone/core/port_table.h"
#include "drone/core/receiver_choice.h"

namespace staccato::drone {

struct PortRx {
  std::shared_ptr<SignatureReceiver> receiver;  ///< shared with the transmit side of a turbo port
  std::string engine = "off";  ///< "turbo-native", "turbo-generic", "pcap" or "off"
  std::string reason;
  std::string error;           ///< the engine that was asked for could not open
  v1::PortConfig openedWith;   ///< the config it was opened for
  PortInfo openedFor;          ///< the interface as it was then
  CaptureSink* tap = nullptr;  ///< the port's capture, given every engine opened meanwhile
  bool opened = false;         ///< update() chose since the port (re)appeared
};

class Receivers {
 public:
  explicit Receivers(PortSource& source) : source_(source) {}

  /// Opens (or re-opens, when the config or the interface's shape changed) the engine the
  /// port's config asks for. An engine that could not open is tried again only when something
  /// changed or `retryFailed` (the user configured the port): not on every refresh of the ports.
  void update(const PortEntry& port, bool retryFailed);
  void close(const std::string& port);
  /// A capture of the port (null: none): the frames its engine takes before the kernel's taps
  /// (turbo) are copied to it, whichever engine the port receives with now or later. Returns
  /// once the engine no longer uses the previous one.
  void setTap(const std::string& port, CaptureSink* tap);
  /// Every port's engine starts these stream ids' counts over (SignatureReceiver::requestRestart):
  /// their sender starts them afresh. Returns when all have.
  void restartStreams(std::span<const uint16_t> ids);
  /// Keeps every receive thread off these cores (bit k = core k).
  void avoidCores(uint64_t cores);
  /// The port's engine, or null.
  SignatureReceiver* receiver(const std::string& port);
  const PortRx& of(const std::string& port) { return ports_[port]; }
  /// The port's engine when it is turbo (whose sockets hold its AF_XDP queues), else null.
  std::shared_ptr<SignatureReceiver> turbo(const std::string& port);

 private:
  PortSource& source_;
  std::map<std::string, PortRx> ports_;
  uint64_t avoid_ = 0;  ///< for engines opened later too
};

}  // namespace staccato::drone
