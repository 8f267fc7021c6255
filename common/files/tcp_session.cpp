#include "common/files/tcp_session.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "common/packet/field_text.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"

namespace staccato {
namespace {

/// A TCP segment of the capture, as the packet parser decoded it.
struct Segment {
  size_t packet = 0;  ///< its number in the file, from 1
  uint64_t timeNs = 0;
  std::string src, dst;  ///< "address:port"
  bool syn = false, ack = false, fin = false, rst = false;
  bool fragment = false;  ///< the first fragment of an IP packet the capture holds in pieces
  bool cutShort = false;  ///< the capture holds only part of the packet (its snap length)
  uint32_t seq = 0, ackNumber = 0;
  std::span<const uint8_t> payload;
};

std::string fieldText(const LayerState& layer, std::string_view field) {
  return formatFieldValue(*ProtocolRegistry::builtin().findField(field), layer.value(field));
}

std::string endpoint(const LayerState& ip, bool v6, const char* address, uint64_t port) {
  const std::string a = fieldText(ip, std::string(v6 ? "ipv6." : "ip.") + address);
  return (v6 ? "[" + a + "]" : a) + ":" + std::to_string(port);
}

/// The packet's innermost TCP segment over IPv4 or IPv6; nothing for other packets and for IP
/// fragments after the first (they hold no TCP header).
std::optional<Segment> decode(const PcapPacket& p, size_t number) {
  const std::vector<ParsedLayer> layers = parseFrame(p.data);
  auto tcp = std::find_if(layers.rbegin(), layers.rend(), [](const ParsedLayer& l) { return l.state.spec->name == "tcp"; });
  if (tcp == layers.rend()) return std::nullopt;
  Segment s;
  for (auto l = tcp + 1; l != layers.rend(); ++l) {
    const std::string_view name = l->state.spec->name;
    if (name == "ipv6.fraghdr") {
      if (l->state.num("ipv6.fraghdr.offset") != 0) return std::nullopt;
      s.fragment = true;
    }
    if (name != "ip" && name != "ipv6") continue;
    const LayerState& ip = l->state;
    const bool v6 = name == "ipv6";
    if (!v6 && ip.num("ip.frag_offset") != 0) return std::nullopt;
    if (!v6 && ip.num("ip.flags.mf")) s.fragment = true;
    const LayerState& t = tcp->state;
    s.packet = number;
    s.timeNs = p.timestampNs;
    s.src = endpoint(ip, v6, "src", t.num("tcp.srcport"));
    s.dst = endpoint(ip, v6, "dst", t.num("tcp.dstport"));
    s.syn = t.num("tcp.flags.syn");
    s.ack = t.num("tcp.flags.ack");
    s.fin = t.num("tcp.flags.fin");
    s.rst = t.num("tcp.flags.reset");
    s.seq = uint32_t(t.num("tcp.seq_raw"));
    s.ackNumber = uint32_t(t.num("tcp.ack_raw"));
    const size_t from = tcp->offset + tcp->length;
    const uint64_t length = ip.num(ip.spec->lengthField);
    // A length of 0: a segmentation offload's capture on the sending host; the frame holds it all.
    size_t to = length ? l->offset + length + (ip.spec->lengthCountsHeader ? 0 : l->length) : p.data.size();
    if (to > p.data.size()) {
      s.cutShort = true;
      to = p.data.size();
    }
    if (to > from) s.payload = std::span<const uint8_t>(p.data).subspan(from, to - from);
    return s;
  }
  return std::nullopt;
}

struct Session {
  std::string client, server;
  uint32_t clientIsn = 0;
  std::vector<size_t> segments;  ///< indexes into the time-ordered segments
};

/// Finds the sessions, in the order of their first SYN. A SYN with the same ISN is the same
/// session's, sent again; another ISN on the same addresses and ports starts a new session.
std::vector<Session> sessionsOf(const std::vector<Segment>& segments) {
  std::vector<Session> sessions;
  std::map<std::pair<std::string, std::string>, size_t> current;  // the endpoints, in order
  for (size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    const auto key = s.src < s.dst ? std::make_pair(s.src, s.dst) : std::make_pair(s.dst, s.src);
    auto it = current.find(key);
    if (s.syn && !s.ack && !s.rst &&
        (it == current.end() || sessions[it->second].client != s.src || sessions[it->second].clientIsn != s.seq)) {
      it = current.insert_or_assign(key, sessions.size()).first;
      sessions.push_back({s.src, s.dst, s.seq, {}});
    }
    if (it != current.end()) sessions[it->second].segments.push_back(i);
  }
  return sessions;
}

/// A sequence number's place in its direction's bytes (0 = the first after the SYN).
int64_t offsetOf(uint32_t sequence, uint32_t isn) { return int64_t(int32_t(sequence - isn - 1)); }

constexpr std::array<const char*, 2> kSide{"client", "server"};

}  // namespace

Result<TcpSessionTurns> tcpSessionTurns(std::span<const PcapPacket> packets, uint32_t index, const std::string& captureName,
                                        const TcpTurnLimits& limits) {
  std::vector<Segment> segments;
  for (size_t i = 0; i < packets.size(); ++i)
    if (auto s = decode(packets[i], i + 1)) segments.push_back(std::move(*s));
  if (segments.empty())
    return makeError("", captureName + " holds no TCP segment (IPv4 or IPv6 over Ethernet): name a capture of a TCP session");
  std::stable_sort(segments.begin(), segments.end(), [](const Segment& a, const Segment& b) { return a.timeNs < b.timeNs; });
  const std::vector<Session> sessions = sessionsOf(segments);
  if (sessions.empty())
    return makeError("", captureName + " holds " + std::to_string(segments.size()) +
                             " TCP segments but no SYN: a session is replayed from its start, and its client is the side "
                             "that sent the SYN; capture the session from its first packet");
  if (index >= sessions.size())
    return makeError("session", std::to_string(index) + " is out of range: " + captureName + " holds " +
                                    std::to_string(sessions.size()) + " TCP session" + (sessions.size() == 1 ? "" : "s") +
                                    " (allowed 0.." + std::to_string(sessions.size() - 1) + ")");
  const Session& session = sessions[index];
  const std::string what = "the TCP session " + std::to_string(index) + " of " + captureName + " (" + session.client +
                           " to " + session.server + ")";
  const std::string limit = limits.maxBytes % (1 << 20) ? std::to_string(limits.maxBytes) + " bytes"
                                                         : std::to_string(limits.maxBytes >> 20) + " MiB (" +
                                                               std::to_string(limits.maxBytes) + " bytes)";

  // Each direction's first sequence number: the SYN's, the SYN-ACK's.
  std::array<std::optional<uint32_t>, 2> isn{session.clientIsn, std::nullopt};
  for (size_t i : session.segments)
    if (const Segment& s = segments[i]; s.syn && s.ack && s.src == session.server) {
      isn[1] = s.seq;
      break;
    }

  // Each direction's payload pieces by place, its FIN's place, what the other side acknowledged.
  struct Piece {
    int64_t offset;
    std::span<const uint8_t> bytes;
  };
  std::array<std::vector<Piece>, 2> pieces;
  std::array<std::optional<int64_t>, 2> finAt;
  std::array<int64_t, 2> acked{0, 0};
  for (size_t i : session.segments) {
    const Segment& s = segments[i];
    const int d = s.src == session.server ? 1 : 0;
    if (s.rst) continue;  // a reset's payload (a diagnostic some stacks add) is no stream's
    if (s.payload.size() && (s.fragment || s.cutShort))
      return makeError("", "packet " + std::to_string(s.packet) + " of " + what +
                               (s.fragment ? " is an IP fragment: fragments are not put back together; capture the session "
                                             "where it is not fragmented"
                                           : " was cut short by the capture's snap length: capture it whole (tcpdump -s 0)"));
    if (s.ack && isn[1 - d]) acked[1 - d] = std::max(acked[1 - d], offsetOf(s.ackNumber, *isn[1 - d]));
    if (!isn[d]) {
      if (s.payload.empty() && !s.fin) continue;
      return makeError("", what + ": the server's SYN-ACK is not in the capture, so its bytes cannot be put in order; "
                                  "capture the session from its start");
    }
    const int64_t at = offsetOf(s.seq + (s.syn ? 1 : 0), *isn[d]);
    if (s.fin) finAt[d] = at + int64_t(s.payload.size());
    if (s.payload.empty()) continue;
    if (at + int64_t(s.payload.size()) > int64_t(limits.maxBytes))
      return makeError("", what + ": the " + kSide[d] + " sends more than the " + limit +
                               " of payload a pcap template replays; choose a shorter session");
    const int64_t before = std::max<int64_t>(0, -at);  // a keep-alive's byte before the first
    if (before < int64_t(s.payload.size())) pieces[d].push_back({at + before, s.payload.subspan(size_t(before))});
  }

  // Each direction's bytes, every place once, in order.
  std::array<std::string, 2> bytes;
  for (int d = 0; d < 2; ++d) {
    std::stable_sort(pieces[d].begin(), pieces[d].end(), [](const Piece& a, const Piece& b) { return a.offset < b.offset; });
    std::string& b = bytes[d];
    auto missing = [&](int64_t from, int64_t to) {
      return makeError("", what + ": the " + kSide[d] + "'s bytes " + std::to_string(from) + ".." + std::to_string(to - 1) +
                               " are not in the capture (lost before the capture point, or dropped by the capture): "
                               "capture the session again, whole");
    };
    for (const Piece& p : pieces[d]) {
      if (p.offset > int64_t(b.size())) return missing(int64_t(b.size()), p.offset);
      const size_t skip = b.size() - size_t(p.offset);
      if (skip < p.bytes.size()) b.append(reinterpret_cast<const char*>(p.bytes.data()) + skip, p.bytes.size() - skip);
    }
    // What the direction sent to the end: up to its FIN, or as far as the other side acknowledged
    // (less the one a FIN the capture lacks takes).
    const int64_t sent = finAt[d] ? *finAt[d] : acked[d] - 1;
    if (sent > int64_t(b.size()) && sent <= int64_t(limits.maxBytes)) return missing(int64_t(b.size()), sent);
  }
  if (bytes[0].size() + bytes[1].size() > limits.maxBytes)
    return makeError("", what + ": its payload, " + std::to_string(bytes[0].size() + bytes[1].size()) +
                             " bytes, is more than the " + limit + " a pcap template replays; choose a shorter session");
  if (bytes[0].empty() && bytes[1].empty())
    return makeError("", what + " carries no payload either way: nothing to replay; choose a session that does (pcap.session)");

  // The turns: bytes in the order they were sent. A segment comes after the bytes it
  // acknowledges, and after its own direction's earlier bytes (a sender sends in order).
  TcpSessionTurns out;
  out.sessions = sessions.size();
  out.client = session.client;
  out.server = session.server;
  out.clientBytes = bytes[0].size();
  out.serverBytes = bytes[1].size();
  std::array<size_t, 2> delivered{0, 0};
  auto deliver = [&](int d, int64_t upTo) -> Status {
    const size_t to = size_t(std::clamp<int64_t>(upTo, 0, int64_t(bytes[d].size())));
    if (to <= delivered[d]) return Ok{};
    if (out.turns.empty() || out.turns.back().fromServer != bool(d)) {
      if (out.turns.size() == limits.maxTurns)
        return makeError("", what + " has more than " + std::to_string(limits.maxTurns) +
                                 " turns (a side's bytes until the other sends), the most a pcap template replays; "
                                 "choose a shorter session");
      out.turns.push_back({bool(d), {}});
    }
    out.turns.back().payload.append(bytes[d], delivered[d], to - delivered[d]);
    delivered[d] = to;
    return Ok{};
  };
  for (size_t i : session.segments) {
    const Segment& s = segments[i];
    const int d = s.src == session.server ? 1 : 0;
    if (s.rst) continue;
    if (s.ack && isn[1 - d])
      if (auto st = deliver(1 - d, offsetOf(s.ackNumber, *isn[1 - d])); !st) return st.error();
    if (!s.payload.empty())
      if (auto st = deliver(d, offsetOf(s.seq + (s.syn ? 1 : 0), *isn[d]) + int64_t(s.payload.size())); !st)
        return st.error();
  }
  return out;
}

}  // namespace staccato
