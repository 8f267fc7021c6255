#pragma once
/// The drone's front door: it accepts on the listening sockets itself, on one epoll thread, and
/// hands each admitted connection to gRPC (ExternalConnectionAcceptor) once the connection has
/// sent its first byte. gRPC never accepts, so it never meets the EMFILE that stops 1.51's
/// listener for good; this one survives it (drone/edge/accept_batch.h) and pauses, never stops,
/// on ENOBUFS/ENOMEM.
///
/// Admission: connections are capped in all and per peer address (a unix socket's peers share
/// the total); a refused one is reset (RST: no TIME_WAIT left behind). One that sends nothing
/// within `firstByte` is closed. A handed-off connection must authenticate (a call other than a
/// health probe passes the edge guard: authenticated() says so) within `authDeadline`, or the
/// door ends it, whatever it sent. When all are in use, the oldest connection that has not sent a
/// byte makes room, else the oldest unauthenticated one of the address that has the most. A
/// handed-off connection counts until its descriptor is seen closed (drone/edge/handed_off.h):
/// checked every second, for a peer each time it is at its cap, and for everyone at most every
/// 50 ms while all are in use.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "drone/edge/admission.h"
#include "drone/edge/listen_sockets.h"
#include "drone/edge/peer_key.h"

namespace staccato::drone::edge {

inline constexpr std::chrono::milliseconds kFirstByteTimeout{5000};
/// A TCP connection must have authenticated by then: TLS and the HTTP/2 preface take
/// milliseconds, a client calls at once (gRPC's own handshake limit is 10 s).
inline constexpr std::chrono::milliseconds kAuthDeadline{5000};

struct FrontDoorOptions {
  ConnectionCaps caps;
  std::chrono::milliseconds firstByte = kFirstByteTimeout;
  std::function<void(int fd)> handOff;  ///< takes the descriptor of a connection that spoke
  /// 0: not enforced (a unix socket, whose peers its mode lets in and gRPC cannot tell apart).
  std::chrono::milliseconds authDeadline{0};
};

/// What the door did since it started.
struct FrontDoorCounts {
  uint64_t accepted = 0, handedOff = 0, refusedPerAddress = 0, refusedAllInUse = 0, evictedSilent = 0,
           closedSilent = 0, shedNoDescriptor = 0, acceptPauses = 0, endedUnauthenticated = 0,
           evictedUnauthenticated = 0;
  int open = 0;           ///< connections counted now (waiting for their first byte, or gRPC's)
  int unauthenticated = 0;  ///< of those handed to gRPC, not authenticated yet
};

class FrontDoor {
 public:
  /// Starts the thread on `listeners` (the door owns them).
  FrontDoor(Listeners listeners, FrontDoorOptions options);
  ~FrontDoor();  ///< stop()
  FrontDoor(const FrontDoor&) = delete;
  FrontDoor& operator=(const FrontDoor&) = delete;

  /// Stops accepting: joins the thread, closes the listeners and every connection not handed
  /// over yet. Call it before the gRPC server shuts down (after that gRPC would neither take
  /// nor close a connection handed to it). Idempotent.
  void stop();
  FrontDoorCounts counts() const;
  /// A call other than a health probe passed the edge guard on the connection from `grpcPeer`
  /// (ServerContext::peer(): "ipv4:ADDR:PORT", "ipv6:[ADDR]:PORT"). Any thread.
  void authenticated(std::string_view grpcPeer);
  /// The same for a connection known by its peer's address (a listener of the drone's own).
  void authenticated(const PeerAddress& peer);

 private:
  class Loop;
  std::unique_ptr<Loop> loop_;
};

}  // namespace staccato::drone::edge
