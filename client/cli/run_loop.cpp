#include "client/cli/run_loop.h"
#include "client/cli/start_plan.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <set>
#include <thread>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/latency_files.h"
#include "client/cli/run_guard.h"
#include "client/cli/run_report.h"
#include "client/cli/safe_output.h"
#include "client/cli/stats_format.h"
#include "rpc/stats/rate_shortfall.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::cli {
namespace {

template <typename Req>
Req portsRequest(const std::vector<std::string>& ports, const std::string& me) {
  Req req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_client_id(me);
  return req;
}

/// Every drone's snapshot with receive rows paired across drones (copies: the drones' own stay).
std::vector<v1::StatsSnapshot> pairedSnapshots(const std::vector<RunDrone>& drones) {
  std::vector<v1::StatsSnapshot> snaps;
  for (const auto& d : drones) snaps.push_back(d.snap);
  std::vector<v1::StatsSnapshot*> all;
  for (auto& s : snaps) all.push_back(&s);
  rpc::pairAcrossDrones(all);
  return snaps;
}

/// The receive port shown beside the progress, on whichever drone holds it (null: none).
const v1::PortStats* shownReceivePort(const std::vector<RunDrone>& drones) {
  for (const auto& d : drones)
    if (!d.rxPort.empty()) return rpc::portRow(d.snap, d.rxPort);
  return nullptr;
}

std::string progress(const std::vector<RunDrone>& drones) {
  const v1::PortStats* rx = shownReceivePort(drones);
  std::string line;
  for (const auto& d : drones)
    for (const auto& port : d.sending) line += progressLine(rpc::portRow(d.snap, port), rx) + "  ";
  return line;
}

}  // namespace

int runDrones(const Args& args, std::vector<RunDrone>& drones, const RunLimits& limits, std::vector<PortRun> ports,
              bool oneSnapshot) {
  const std::string me = client::DroneConnection::clientId();
  for (auto& d : drones) {
    d.watch = std::make_unique<Watch>(*d.conn, kWatchIntervalMs, wantsLatencyBuckets(args));
    if (!d.watch->next(d.snap)) return fail("lost the stats stream from drone " + d.address);
  }
  auto plan = planStart(args, drones);
  if (!plan) return fail(plan.error().toString(), 2);
  RunGuard guard(limits.leaseSeconds);
  std::vector<std::string> started;
  for (auto& d : drones) {
    if (d.sending.empty()) continue;
    auto start = portsRequest<v1::StartTxRequest>(d.sending, me);
    start.set_lease_seconds(guard.leaseSeconds());
    start.set_start_time_ns(plan->atNs);
    start.set_ramp_ms(plan->rampMs);
    v1::StartTxReply rep;
    if (!callDrone(*d.conn, &v1::Drone::Stub::StartTx, start, rep, kLongCallSeconds)) return 1;
    guard.leased(*d.conn, rep.lease_id());
    started.insert(started.end(), d.sending.begin(), d.sending.end());
  }

  const auto began = std::chrono::steady_clock::now();
  const bool tty = isatty(STDERR_FILENO) && !args.has("--json");
  bool stoppedEarly = false;
  std::set<std::pair<std::string, uint32_t>> warned;  // (port, stream) said once
  for (bool busy = true; busy;) {
    busy = false;
    for (auto& d : drones) {
      if (!d.watch->next(d.snap)) return fail("lost the stats stream from drone " + d.address);
      // StartTx returned: the workers run until the drone says otherwise.
      for (const auto& port : d.sending) busy |= rpc::portTransmitting(d.snap, port);
      // Live: a stream that cannot keep its rate says so at once (and in the report).
      for (const auto& s : d.snap.streams())
        if (const std::string shortfall = rpc::rateShortfall(s);
            !shortfall.empty() && warned.insert({s.tx_port(), s.stream_id()}).second)
          std::cerr << (tty ? "\r\x1b[K" : "") << "staccato-cli: warning: " << s.tx_port() << " stream " << s.stream_id()
                    << " " << shortfall << "\n";
    }
    if (tty) {
      writeControl(std::cerr, "\r\x1b[K");
      std::cerr << progress(drones) << std::flush;
    }
    if (busy && (RunGuard::stopSignal() || !guard.renewDue() ||
                 (limits.durationSeconds &&
                  std::chrono::steady_clock::now() - began >= std::chrono::seconds(limits.durationSeconds)))) {
      stoppedEarly = true;
      break;
    }
  }
  if (tty) std::cerr << "\n";
  for (auto& d : drones)
    if (!d.sending.empty() &&
        !callDrone(*d.conn, &v1::Drone::Stub::StopTx, portsRequest<v1::StopTxRequest>(d.sending, me), kLongCallSeconds))
      return 1;
  const auto giveUp = std::chrono::steady_clock::now() + kMaxDrainTime;
  std::this_thread::sleep_for(kDrainTime);
  for (auto& d : drones)
    if (!d.watch->settled(d.snap, giveUp)) return fail("lost the stats stream from drone " + d.address);

  RunOutcome outcome;
  outcome.stoppedEarly = stoppedEarly;
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  outcome.ports = std::move(ports);
  std::vector<v1::StatsSnapshot> snaps = pairedSnapshots(drones);
  if (oneSnapshot) {
    // The receive port of another drone joins the sender's report, as if it were one drone's,
    // in place of a port of the same name there that this run does not send on.
    for (size_t i = 1; i < drones.size(); ++i) {
      const v1::PortStats* rx = rpc::portRow(snaps[i], drones[i].rxPort);
      if (!rx) continue;
      auto* rows = snaps[0].mutable_ports();
      const auto& sending = drones[0].sending;
      for (int r = rows->size() - 1; r >= 0; --r)
        if (rows->Get(r).port() == rx->port() && std::find(sending.begin(), sending.end(), rx->port()) == sending.end())
          rows->DeleteSubrange(r, 1);
      *rows->Add() = *rx;
    }
    outcome.snapshots.emplace_back(drones[0].address, std::move(snaps[0]));
  } else {
    for (size_t i = 0; i < drones.size(); ++i) outcome.snapshots.emplace_back(drones[i].address, std::move(snaps[i]));
  }
  return guard.exitCode(report(args, outcome), started, "the report above covers the run until then");
}

}  // namespace staccato::cli
