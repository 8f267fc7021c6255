#pragma once
/// One TCP session of a capture as the turns a flow profile's pcap template replays
/// (docs/flows.md): sessions are found by their SYN, in the order of their first SYN; each
/// direction's payload is put back in order by sequence number (a retransmitted or overlapping
/// segment's bytes once, an out-of-order segment in its place; bytes the capture lacks are an
/// error); then the two directions are cut into turns in the order they were sent (the
/// captured order, and a segment's ACK: the bytes it acknowledges came before it).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/files/pcap_file.h"

namespace staccato {

struct TcpTurn {
  bool fromServer = false;  ///< else from the client, the side that sent the SYN
  std::string payload;      ///< one direction's bytes until the other side sends
};

struct TcpSessionTurns {
  size_t sessions = 0;         ///< TCP sessions in the capture
  std::string client, server;  ///< "10.0.0.1:40000", "[2001:db8::2]:80"
  std::vector<TcpTurn> turns;
  uint64_t clientBytes = 0, serverBytes = 0;
};

struct TcpTurnLimits {
  size_t maxTurns = 0;
  uint64_t maxBytes = 0;  ///< both directions' payload together
};

/// The turns of session `session` (0 = the first SYN's) of Ethernet frames (IPv4 or IPv6, VLAN
/// tags, as the packet parser decodes them). `captureName` is the file, for the messages. An
/// error's path is "session" when the session does not exist, else empty; its message says what
/// is wrong and what to do (no SYN, bytes missing, a limit passed, no payload at all).
Result<TcpSessionTurns> tcpSessionTurns(std::span<const PcapPacket> packets, uint32_t session,
                                        const std::string& captureName, const TcpTurnLimits& limits);

}  // namespace staccato
