#pragma once
/// What keeps a run from outliving the CLI. SIGINT, SIGTERM and SIGHUP ask the run to stop: the
/// run loop stops the ports it started and prints its report (a second signal ends the CLI at
/// once). And a lease on each drone, renewed while the run lasts, stops the ports when the CLI
/// dies without that chance (kill -9, a crash, a lost network).
#include <chrono>
#include <string>
#include <vector>

#include "client/core/drone_connection.h"

namespace staccato::cli {

inline constexpr uint32_t kDefaultLeaseSeconds = 15;

class RunGuard {
 public:
  /// Installs the signal handlers. `leaseSeconds`: 0 = start without a lease.
  explicit RunGuard(uint32_t leaseSeconds);
  /// Puts the default handlers back.
  ~RunGuard();
  RunGuard(const RunGuard&) = delete;
  RunGuard& operator=(const RunGuard&) = delete;

  /// Fills a StartTx request's lease; then pass the reply's id to `leased`.
  uint32_t leaseSeconds() const { return leaseSeconds_; }
  void leased(client::DroneConnection& conn, const std::string& leaseId);
  /// Renews the leases that are due (a third of their length); false after printing why when
  /// the drone no longer knows one (it expired: the drone stopped the ports).
  bool renewDue();

  /// The signal that asked the run to stop, 0 if none.
  static int stopSignal();
  /// After the report: 128 + the signal when one stopped the run, else `code`. Says what
  /// happened on stderr.
  /// `kept` says what the user still has ("the report above covers the run until then").
  int exitCode(int code, const std::vector<std::string>& stoppedPorts, const std::string& kept = "") const;

 private:
  struct Lease {
    client::DroneConnection* conn;
    std::string id;
    std::chrono::steady_clock::time_point renewAt;
  };
  uint32_t leaseSeconds_;
  std::vector<Lease> leases_;
};

}  // namespace staccato::cli
