#include "drone/edge/fd_budget.h"

#include <sys/resource.h>

#include <algorithm>
#include <filesystem>

namespace staccato::drone::edge {

FdLimit raiseFdLimit() {
  rlimit r{};
  ::getrlimit(RLIMIT_NOFILE, &r);
  FdLimit out{r.rlim_cur, r.rlim_cur, r.rlim_max};
  if (r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &r) == 0) out.soft = r.rlim_max;
  }
  return out;
}

uint64_t fdLimit() {
  rlimit r{};
  ::getrlimit(RLIMIT_NOFILE, &r);
  return r.rlim_cur;
}

int openFdCount() {
  std::error_code ec;
  int n = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec))
    ++n;
  return n;  // the directory's own descriptor is counted too: one to spare
}

std::string ConnectionBudget::text() const {
  return "at most " + std::to_string(caps.total) + " connections" +
         (caps.perPeer < caps.total ? ", " + std::to_string(caps.perPeer) + " per address" : std::string()) + "; " +
         std::to_string(fdReserve) + " descriptors kept for ports and captures (fd limit " +
         std::to_string(fdLimit) + ", " + std::to_string(inUse) + " in use)";
}

uint64_t flowDescriptors(const ConnectionBudget& b) {
  const int64_t kept = int64_t(b.inUse) + kGrpcFds + int64_t(b.caps.total) * kFdsPerConnection + kMinDefaultFdReserve;
  const int64_t limit = int64_t(std::min<uint64_t>(b.fdLimit, 1u << 30));
  return uint64_t(std::max<int64_t>(0, limit - kept));
}

Result<ConnectionBudget> sizeConnections(uint64_t limit, int inUse, const ConnectionLimitOptions& options) {
  ConnectionBudget b;
  b.fdLimit = limit;
  b.inUse = inUse;
  const int64_t capped = static_cast<int64_t>(std::min<uint64_t>(limit, 1u << 30));
  b.fdReserve = options.fdReserve >= 0 ? options.fdReserve
                                       : static_cast<int>(std::max<int64_t>(kMinDefaultFdReserve, capped / 4));
  // Each connection holds two descriptors once handed to gRPC: gRPC's and the door's own.
  const int64_t room = (capped - inUse - b.fdReserve - kGrpcFds) / kFdsPerConnection;
  const std::string sums = "the fd limit is " + std::to_string(limit) + ", " + std::to_string(inUse) + " are in use, " +
                           std::to_string(b.fdReserve) + " are kept for ports and captures (--fd-reserve) and " +
                           std::to_string(kGrpcFds) + " for gRPC";
  if (room < kMinConnections)
    return makeError("connections", sums + ": that leaves " + std::to_string(std::max<int64_t>(room, 0)) +
                                        " connections (two descriptors each), fewer than " + std::to_string(kMinConnections) +
                                        "; raise the hard limit (LimitNOFILE= in a systemd unit, ulimit -Hn) or "
                                        "lower --fd-reserve");
  if (options.maxConnections > room)
    return makeError("--max-connections", std::to_string(options.maxConnections) + " does not fit: " + sums +
                                              ", which leaves room for " + std::to_string(room) +
                                              " (two descriptors each)");
  b.caps.total = options.maxConnections > 0 ? options.maxConnections
                                            : static_cast<int>(std::min<int64_t>(kDefaultMaxConnections, room));
  if (options.maxPerAddress > b.caps.total)
    return makeError("--max-connections-per-address", std::to_string(options.maxPerAddress) +
                                                          " is more than all connections together (" +
                                                          std::to_string(b.caps.total) + ")");
  b.caps.perPeer = options.maxPerAddress > 0 ? options.maxPerAddress : std::min(kDefaultMaxPerAddress, b.caps.total);
  return b;
}

}  // namespace staccato::drone::edge
