#pragma once
/// The low-rate path of a port's emulated hosts, apart from transmit and receive engines: a
/// packet socket with a kernel filter on a real port (packet_socket.cpp), a queue between two
/// fake ports (drone/fake/fake_control.h).
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "common/core/result.h"

namespace staccato::drone::devices {

class ControlSocket {
 public:
  virtual ~ControlSocket() = default;
  /// Waits up to `timeoutMs` for a frame the filter passed (ARP, neighbour discovery, echo
  /// requests; VLAN tags as on the wire); returns its length, 0 when none came.
  virtual Result<size_t> receive(std::span<uint8_t> buffer, int timeoutMs) = 0;
  virtual Status send(std::span<const uint8_t> frame) = 0;
};

/// A packet socket on interface `ifindex` (needs CAP_NET_RAW): a classic BPF filter in the
/// kernel passes only ARP, ICMP echo requests and ICMPv6 echo requests and neighbour
/// solicitations/advertisements (untagged or under up to two VLAN tags); frames this host sends
/// are not seen (PACKET_IGNORE_OUTGOING), so transmit is never slowed by it.
Result<std::unique_ptr<ControlSocket>> openPacketSocket(const std::string& port, int ifindex);

}  // namespace staccato::drone::devices
