#pragma once
/// The drone's file descriptors: its soft limit raised to the hard one at start, and the share
/// connections may take, so that a flood of them never leaves the ports, captures and gRPC
/// itself without descriptors.
#include <cstdint>
#include <string>

#include "common/core/result.h"
#include "drone/edge/admission.h"

namespace staccato::drone::edge {

struct FdLimit {
  uint64_t before = 0;  ///< the soft limit the process was started with
  uint64_t soft = 0;    ///< now
  uint64_t hard = 0;
};

/// Raises the soft RLIMIT_NOFILE to the hard limit (systemd gives services 1024 unless the unit
/// says otherwise; the hard limit is usually far higher).
FdLimit raiseFdLimit();
/// The soft RLIMIT_NOFILE now.
uint64_t fdLimit();
/// Descriptors the process has open now.
int openFdCount();

/// What the command line asked for; 0 = the default.
struct ConnectionLimitOptions {
  int maxConnections = 0;      ///< --max-connections
  int maxPerAddress = 0;       ///< --max-connections-per-address
  int fdReserve = -1;          ///< --fd-reserve; -1 = the default
};

inline constexpr int kDefaultMaxConnections = 1024;
inline constexpr int kDefaultMaxPerAddress = 64;
/// Kept for the data path (sockets, AF_XDP, captures, emulated hosts) unless --fd-reserve says
/// otherwise: a quarter of the limit, at least this many.
inline constexpr int kMinDefaultFdReserve = 256;
/// gRPC's own descriptors besides the connections' (epoll, wake-ups, timers), with room to spare.
inline constexpr int kGrpcFds = 64;
/// Descriptors a connection holds once handed to gRPC: gRPC's and the door's own (to end it).
inline constexpr int kFdsPerConnection = 2;
/// Fewer connections than this leave no room for a client next to a flood: refused at start.
inline constexpr int kMinConnections = 16;

struct ConnectionBudget {
  ConnectionCaps caps;
  int fdReserve = 0;
  uint64_t fdLimit = 0;
  int inUse = 0;
  std::string text() const;  ///< for the start-up log line
};

/// The caps for a process whose limit is `limit` with `inUse` descriptors open: the defaults
/// where `options` has none, clamped to what fits; what the options ask for must fit, else an
/// error that says what does.
Result<ConnectionBudget> sizeConnections(uint64_t limit, int inUse, const ConnectionLimitOptions& options);

/// Descriptors stateful flows may hold together (docs/flows.md): what the limit leaves after the
/// connections' caps, gRPC's own and the ports' minimum (kMinDefaultFdReserve).
uint64_t flowDescriptors(const ConnectionBudget& budget);

}  // namespace staccato::drone::edge
