#pragma once
/// Transmit leases: a client that starts ports with a lease must renew it; when it stops
/// renewing (crashed, killed, lost the network) the lease expires and `onExpiry` stops what it
/// started. A lease whose ports finished on their own simply expires with nothing to stop.
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

inline constexpr size_t kMaxLeases = 1024;  ///< open at once, across all clients

class LeaseBook {
 public:
  using Clock = std::chrono::steady_clock;
  /// Called on the book's own thread, without the book's lock held, with the lease's number and
  /// a sentence saying what happened.
  using OnExpiry = std::function<void(uint64_t lease, const std::string& why)>;

  explicit LeaseBook(OnExpiry onExpiry);
  ~LeaseBook();
  LeaseBook(const LeaseBook&) = delete;
  LeaseBook& operator=(const LeaseBook&) = delete;

  /// A new lease of `seconds` (1..rpc::kMaxLeaseSeconds) for `client`: its number (never 0) and the
  /// id the client renews it with.
  Result<std::pair<uint64_t, std::string>> open(uint32_t seconds, const std::string& client);
  /// Another `seconds` from now for the lease `id`; NOT_FOUND once it expired or was closed.
  Status renew(const std::string& id);
  /// Forgets a lease without calling onExpiry (its start failed).
  void close(uint64_t lease);

 private:
  struct Lease {
    uint64_t number;
    std::chrono::seconds length;
    Clock::time_point deadline;
    std::string client;
  };
  void expireLoop(std::stop_token stop);

  OnExpiry onExpiry_;
  std::mutex mu_;
  std::condition_variable_any wake_;
  std::map<std::string, Lease> leases_;  ///< by id
  uint64_t next_ = 1;
  std::jthread thread_;
};

}  // namespace staccato::drone
