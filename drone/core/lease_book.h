#pragma once
/// Transmit leases: a client that starts ports with a lease must renew it; when it stops
/// renewing (crashed, killed, lost the network) the lease expires and `onExpiry` stops what it
/// started. A lease ends with the run it guards: once `guards` says none of its ports sends any
/// more (stopped, finished, released), it is closed; renewing it then still succeeds for a while
/// (the client may renew just as its run ends), though it keeps nothing alive. So the book holds
/// at most one lease per run in progress, never a backlog of finished ones.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "common/core/result.h"
#include "rpc/message_limits.h"

namespace staccato::drone {

inline constexpr size_t kMaxLeases = 1024;          ///< open at once, across all clients
inline constexpr size_t kMaxLeasesPerClient = 64;   ///< open at once, for one client id
/// How long a lease whose run ended stays renewable (as a no-op) before it is forgotten.
inline constexpr std::chrono::seconds kEndedLeaseMemory{60};
inline constexpr size_t kMaxEndedLeases = 4096;  ///< remembered at most (the oldest go first)

class LeaseBook {
 public:
  using Clock = std::chrono::steady_clock;
  /// Called on the book's own thread, without the book's lock held, with the lease's number and
  /// a sentence saying what happened.
  using OnExpiry = std::function<void(uint64_t lease, const std::string& why)>;
  /// Whether any port still sends under the lease (called without the book's lock).
  using Guards = std::function<bool(uint64_t lease)>;

  LeaseBook(OnExpiry onExpiry, Guards guards);
  ~LeaseBook();
  LeaseBook(const LeaseBook&) = delete;
  LeaseBook& operator=(const LeaseBook&) = delete;

  /// A new lease of `seconds` (1..rpc::kMaxLeaseSeconds) for `client`: its number (never 0) and the
  /// id the client renews it with.
  Result<std::pair<uint64_t, std::string>> open(uint32_t seconds, const std::string& client);
  /// Another `seconds` from now for the lease `id`; NOT_FOUND once it expired or was closed.
  Status renew(const std::string& id);
  /// The lease's run started: from now on it ends with it (a lease still starting guards nothing yet).
  void started(uint64_t lease);
  /// Forgets a lease without calling onExpiry (its start failed).
  void close(uint64_t lease);
  /// Closes the leases whose runs ended (after a stop or a release: at once, not at the next
  /// check). Also done 4 times a second by the book's thread.
  void closeEnded();
  size_t open() const;

 private:
  struct Lease {
    uint64_t number;
    std::chrono::seconds length;
    Clock::time_point deadline;
    std::string client;
    bool started = false;  ///< its ports started: closed once they no longer send
  };
  void expireLoop(std::stop_token stop);

  OnExpiry onExpiry_;
  Guards guards_;
  mutable std::mutex mu_;
  std::condition_variable_any wake_;
  std::map<std::string, Lease> leases_;  ///< by id
  std::map<std::string, Clock::time_point> ended_;  ///< ids of leases whose runs ended, and when
  uint64_t next_ = 1;
  std::jthread thread_;
};

}  // namespace staccato::drone
