#include "client/cli/run_guard.h"

#include <csignal>
#include <cstring>
#include <iostream>

#include "client/cli/drone_call.h"

namespace staccato::cli {
namespace {

volatile std::sig_atomic_t gStopSignal = 0;
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

void askToStop(int sig) { gStopSignal = sig; }

}  // namespace

RunGuard::RunGuard(uint32_t leaseSeconds) : leaseSeconds_(leaseSeconds) {
  gStopSignal = 0;
  struct sigaction sa {};
  sa.sa_handler = askToStop;
  sa.sa_flags = SA_RESETHAND;  // the second signal finds the default action: the CLI ends at once
  sigemptyset(&sa.sa_mask);
  for (int sig : kStopSignals) sigaction(sig, &sa, nullptr);
}

RunGuard::~RunGuard() {
  for (int sig : kStopSignals) std::signal(sig, SIG_DFL);
}

void RunGuard::leased(client::DroneConnection& conn, const std::string& leaseId) {
  if (leaseId.empty()) return;
  leases_.push_back({&conn, leaseId, std::chrono::steady_clock::now() + std::chrono::seconds(leaseSeconds_) / 3});
}

bool RunGuard::renewDue() {
  const auto now = std::chrono::steady_clock::now();
  for (Lease& l : leases_) {
    if (now < l.renewAt) continue;
    v1::RenewLeaseRequest req;
    req.set_lease_id(l.id);
    if (!callDrone<v1::RenewLeaseRequest, v1::RenewLeaseReply>(*l.conn, &v1::Drone::Stub::RenewLease, req, 5)) {
      std::cerr << "staccato-cli: the drone " << l.conn->address().target
                << " dropped this run's lease, so it stopped the ports itself\n";
      return false;
    }
    l.renewAt = now + std::chrono::seconds(leaseSeconds_) / 3;
  }
  return true;
}

int RunGuard::stopSignal() { return gStopSignal; }

int RunGuard::exitCode(int code, const std::vector<std::string>& stoppedPorts, const std::string& kept) const {
  const int sig = gStopSignal;
  if (!sig) return code;
  std::string ports;
  for (const auto& p : stoppedPorts) ports += (ports.empty() ? "" : ", ") + p;
  std::cerr << "staccato-cli: SIG" << sigabbrev_np(sig) << " received: " << (ports.empty() ? "stopped" : "stopped " + ports)
            << (kept.empty() ? "" : "; " + kept) << "\n";
  return 128 + sig;
}

}  // namespace staccato::cli
