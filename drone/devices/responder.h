#pragma once
/// What an emulated host answers, on frames in memory: ARP requests for its IPv4 address,
/// neighbour solicitations for its global or link-local address (a DAD probe from :: gets an
/// advertisement to all-nodes: the address is taken), ICMP and ICMPv6 echo requests to it, all
/// with its VLAN tags. It learns the neighbours that ask and answer. It never answers a frame
/// from a multicast or broadcast source, an echo to a broadcast or multicast address, or for an
/// address no host owns on the link the frame came on; and at most `rate` replies a second
/// (a token bucket), so nobody can make it amplify. Not thread-safe: its port's thread runs it.
#include <cstdint>
#include <span>
#include <vector>

#include "drone/devices/host_table.h"
#include "drone/devices/neighbor_table.h"

namespace staccato::drone::devices {

/// Replies a second one port's responder sends at most, and how many at once (an ARP sweep of
/// every host of a full port is answered at once).
inline constexpr double kReplyRate = 20000;
inline constexpr double kReplyBurst = 10000;

struct ResponderCounters {
  uint64_t arpReplies = 0, ndReplies = 0, echoReplies = 0;
  uint64_t limited = 0;  ///< replies not sent: over the rate
  uint64_t ignored = 0;  ///< frames that asked nothing of our hosts
};

class Responder {
 public:
  explicit Responder(double rate = kReplyRate, double burst = kReplyBurst) : rate_(rate), burst_(burst), tokens_(burst) {}

  /// One received frame: replies go to `out` (appended), neighbours it shows to `table`.
  void handle(std::span<const uint8_t> frame, const HostTable& hosts, NeighborTable& table, uint64_t nowNs,
              std::vector<std::vector<uint8_t>>& out);
  const ResponderCounters& counters() const { return counters_; }

 private:
  bool takeToken(uint64_t nowNs);
  void handleArp(std::span<const uint8_t> f, size_t l3, uint64_t ethSrc, uint32_t link, const HostTable& hosts,
                 NeighborTable& table, uint64_t nowNs, std::vector<std::vector<uint8_t>>& out);
  void handleIpv4(std::span<const uint8_t> f, size_t l3, uint64_t ethSrc, uint32_t link, const HostTable& hosts,
                  uint64_t nowNs, std::vector<std::vector<uint8_t>>& out);
  void handleIpv6(std::span<const uint8_t> f, size_t l3, uint64_t ethSrc, uint32_t link, const HostTable& hosts,
                  NeighborTable& table, uint64_t nowNs, std::vector<std::vector<uint8_t>>& out);

  double rate_, burst_, tokens_;
  uint64_t lastNs_ = 0;
  ResponderCounters counters_;
};

/// The probe asking for a neighbour on behalf of host `hostIndex`: an ARP request (broadcast),
/// or a neighbour solicitation to the solicited-node address (from the host's global address, or
/// its link-local one for a link-local target).
void buildProbe(const Probe& probe, const HostTable& hosts, std::vector<uint8_t>& out);
/// Gratuitous ARP (a request for its own address) and an unsolicited advertisement to all-nodes
/// (override set) for every host of an announcing group.
void buildAnnouncements(const HostTable& hosts, std::vector<std::vector<uint8_t>>& out);

}  // namespace staccato::drone::devices
