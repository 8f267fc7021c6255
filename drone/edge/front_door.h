#pragma once
/// The drone's front door: it accepts on the listening sockets itself, on one epoll thread, and
/// hands each admitted connection to gRPC (ExternalConnectionAcceptor) once the connection has
/// sent its first byte. gRPC never accepts, so it never meets the EMFILE that stops 1.51's
/// listener for good; this one survives it (drone/edge/accept_batch.h) and pauses, never stops,
/// on ENOBUFS/ENOMEM.
///
/// Admission: connections are capped in all and per peer address (a unix socket's peers share
/// the total); a refused one is reset (RST: no TIME_WAIT left behind). When all are in use, the
/// oldest connection that has not sent a byte yet makes room. One that sends nothing within
/// `firstByte` is closed. A handed-off connection counts until its descriptor is seen closed
/// (drone/edge/handed_off.h): checked every second, for a peer each time it is at its cap, and
/// for everyone at most every 50 ms while all are in use.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include "drone/edge/admission.h"
#include "drone/edge/listen_sockets.h"

namespace staccato::drone::edge {

inline constexpr std::chrono::milliseconds kFirstByteTimeout{5000};

struct FrontDoorOptions {
  ConnectionCaps caps;
  std::chrono::milliseconds firstByte = kFirstByteTimeout;
  std::function<void(int fd)> handOff;  ///< takes the descriptor of a connection that spoke
};

/// What the door did since it started.
struct FrontDoorCounts {
  uint64_t accepted = 0, handedOff = 0, refusedPerAddress = 0, refusedAllInUse = 0, evictedSilent = 0,
           closedSilent = 0, shedNoDescriptor = 0, acceptPauses = 0;
  int open = 0;  ///< connections counted now (waiting for their first byte, or gRPC's)
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

 private:
  class Loop;
  std::unique_ptr<Loop> loop_;
};

}  // namespace staccato::drone::edge
