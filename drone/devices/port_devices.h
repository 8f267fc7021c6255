#pragma once
/// One port's emulated hosts at work: its own thread reads the port's control socket (ARP,
/// neighbour discovery, echo), answers through the Responder, keeps the neighbour table and
/// sends the probes resolution asks for. Never on the transmit path. Thread-safe.
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "drone/devices/control_socket.h"
#include "drone/devices/host_table.h"
#include "drone/devices/neighbor_table.h"
#include "drone/devices/responder.h"

namespace staccato::drone::devices {

/// A neighbour to resolve on behalf of host `host` (an index into the port's hosts).
struct ResolveTarget {
  NeighborKey key;
  uint32_t host = 0;
};

class PortDevices {
 public:
  using Clock = std::function<uint64_t()>;
  PortDevices(std::string port, std::unique_ptr<ControlSocket> socket, std::shared_ptr<const HostTable> hosts,
              Clock clock = {});
  ~PortDevices();

  /// New hosts (a new configuration): the neighbour table starts over; announcing groups announce.
  void setHosts(std::shared_ptr<const HostTable> hosts);
  std::shared_ptr<const HostTable> hosts();
  std::vector<Neighbor> neighbors();
  /// Asks for every target not known yet (REACHABLE and STALE ones are used as they are) and
  /// waits until each is known or FAILED: at most kMaxTries probes kRetryNs apart. Returns each
  /// target's entry (nullopt: the table was full).
  std::vector<std::optional<Neighbor>> resolve(const std::vector<ResolveTarget>& targets);
  /// Sends one probe for each of `probes` (on the thread's next turn) without keeping an entry:
  /// the answers only confirm what the table knows. The device asked learns each asking host.
  void ask(const std::vector<Probe>& probes);
  uint64_t now() const { return clock_(); }
  /// The control socket's error when its last send or receive failed ("" = it works).
  std::string error();

 private:
  void run(std::stop_token stop);
  void sendAll(std::vector<std::vector<uint8_t>>& frames);

  std::string port_;
  std::unique_ptr<ControlSocket> socket_;
  Clock clock_;
  std::mutex mu_;
  std::condition_variable_any changed_;  ///< a probe went out or an entry changed
  std::shared_ptr<const HostTable> hosts_;
  NeighborTable table_;
  Responder responder_;
  std::vector<std::vector<uint8_t>> pending_;  ///< announcements to send
  std::string error_;
  std::jthread thread_;  ///< last: stops and joins first
};

}  // namespace staccato::drone::devices
