#pragma once
/// What the client and server loops share about sockets: the address a host is, bounded
/// payload writes from one shared buffer, errno to a failure kind, the kernel's retransmission
/// count, and the loop's clock.
#include <netinet/in.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "drone/flows/flow_stats.h"

namespace staccato::drone {

/// One emulated host as the loops use it: its IPv4 address (host order) and, in a namespace
/// with a device per host, that device (sockets are bound to it so their frames leave with the
/// host's own MAC address). Empty device: routing decides (loopback tests).
struct FlowAddress {
  uint32_t ipv4 = 0;
  std::string device;
};

sockaddr_in socketAddress(uint32_t ipv4, uint16_t port);
std::string ipv4Text(uint32_t ipv4);

uint64_t flowNowNs();

/// Bytes every payload is cut from (a body is never stored, only counted).
inline constexpr size_t kPayloadChunk = 64 * 1024;
const char* payloadBytes();

/// Sends what is left of a message of `total` bytes, `head` first and then payload, of which
/// `sent` have gone: one sendmsg (non-blocking, no SIGPIPE); its result.
ssize_t sendMessagePart(int fd, const std::string& head, uint64_t sent, uint64_t total);

/// A connection slot from `free` (a slot given back) or a new one at the end of `slots`.
template <typename Slot>
uint32_t takeSlot(std::vector<Slot>& slots, std::vector<uint32_t>& free) {
  if (free.empty()) {
    slots.emplace_back();
    return uint32_t(slots.size() - 1);
  }
  const uint32_t slot = free.back();
  free.pop_back();
  return slot;
}

FlowFailure failureOf(int err);
/// The kernel's count of segments this socket sent again (TCP_INFO), 0 when it cannot say.
uint64_t retransmissionsOf(int fd);

/// Binds a new socket to a host: its device (SO_BINDTODEVICE) and address; the port the
/// kernel picks at connect time for TCP (IP_BIND_ADDRESS_NO_PORT). Returns errno or 0.
int bindToHost(int fd, const FlowAddress& host, uint16_t port, bool deferPort);

}  // namespace staccato::drone
