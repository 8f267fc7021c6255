#pragma once
/// The drone's listening sockets, which it accepts on itself (drone/edge/front_door.h).
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/core/unique_fd.h"

namespace staccato::drone::edge {

struct Listeners {
  std::vector<UniqueFd> fds;  ///< non-blocking, listening
  int port = 0;               ///< the TCP port (one for every address); 0 for a unix socket
  bool local = false;         ///< a unix socket
};

/// Listens on "HOST:PORT": every address HOST resolves to, on one port (port 0 picks a free one;
/// "[::]" takes IPv4 too). TCP_NODELAY is set on the listeners: accepted sockets inherit it (gRPC
/// sets it on its own listeners; without it small HTTP/2 frames wait for delayed ACKs).
Result<Listeners> listenTcp(const std::string& hostPort);
/// Listens on the unix socket `path` (the file is created with the process's umask).
Result<Listeners> listenUnix(const std::string& path);

}  // namespace staccato::drone::edge
