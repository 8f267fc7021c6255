#include "drone/flows/flow_runs.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <future>
#include <thread>

#include "common/core/error_text.h"
#include "common/files/flow_profile.h"
#include "drone/flows/flow_client.h"
#include "drone/flows/flow_namespace.h"
#include "drone/flows/flow_server.h"
#include "drone/flows/flow_stats_export.h"

namespace staccato::drone {

struct FlowRuns::Run {
  v1::FlowRole role = v1::FLOW_ROLE_UNSPECIFIED;
  FlowPlan plan;
  std::unique_ptr<FlowNamespace> hosts;  ///< until the run is stopped
  uint32_t hostCount = 0;
  std::unique_ptr<FlowSideStats> stats;
  std::unique_ptr<FlowClient> client;
  std::unique_ptr<FlowServer> server;
  std::thread loop;
  std::mutex mu;
  std::string error;  ///< why the loop ended early (under mu)
  std::mutex stopping;  ///< one stop at a time joins the loop

  void stop() {
    std::lock_guard lock(stopping);
    if (client) client->stop();
    if (server) server->stop();
    if (loop.joinable()) loop.join();
    hosts.reset();  // the hosts leave the wire with the run; its numbers stay
  }
  bool running() const { return !stats->finished.load(std::memory_order_acquire); }
};

namespace {

/// The other side's addresses (reached through routing, no device of ours).
std::vector<FlowAddress> addressesOf(const FlowHostBlock& block) {
  std::vector<FlowAddress> v;
  for (uint32_t i = 0; i < block.count; ++i) v.push_back({block.first + i, ""});
  return v;
}

}  // namespace

FlowRuns::FlowRuns(uint64_t descriptors) : descriptors_(descriptors) {}

FlowRuns::~FlowRuns() {
  for (auto& [port, run] : runs_) run->stop();
}

Result<v1::StartFlowsReply> FlowRuns::start(const std::string& port, v1::FlowRole role, const v1::FlowProfile& profile) {
  if (role != v1::FLOW_CLIENT && role != v1::FLOW_SERVER) return makeError("role", "say which side the port runs: FLOW_CLIENT or FLOW_SERVER");
  auto plan = planFlows(profile);
  if (!plan) return plan.error().withPrefix("profile");
  if (plan->load.concurrent && plan->load.target > double(descriptors_.capacity()))
    return makeError("profile.load.concurrent",
                     std::to_string(uint64_t(plan->load.target)) + " connections need as many descriptors; this drone's flows may hold " +
                         std::to_string(descriptors_.capacity()) +
                         " (its descriptor limit less what gRPC and its ports keep): ask for fewer, spread the clients over "
                         "drones, or raise the drone's LimitNOFILE",
                     ErrorKind::kExhausted);
  std::shared_ptr<Run> previous;
  {
    std::lock_guard lock(mu_);
    if (auto it = runs_.find(port); it != runs_.end()) {
      if (it->second->running()) return makeError(port, "runs flows already: stop them first", ErrorKind::kBusy);
      previous = it->second;
      runs_.erase(it);
    }
    runs_[port] = nullptr;  // claimed while its hosts are made
  }
  if (previous) previous->stop();
  auto run = std::make_shared<Run>();
  auto release = [&](Error e) {
    std::lock_guard lock(mu_);
    runs_.erase(port);
    return e;
  };
  auto servers = flowHostBlock(profile.servers(), "profile.servers");
  if (!servers) return release(servers.error());
  const uint64_t began = flowNowNs();
  const v1::FlowHosts& own = role == v1::FLOW_CLIENT ? profile.clients() : profile.servers();
  auto hosts = FlowNamespace::create(port, own);
  if (!hosts) return release(hosts.error());
  run->role = role;
  run->plan = *plan;
  run->hosts = std::move(hosts).value();
  run->hostCount = uint32_t(run->hosts->hosts().size());
  run->stats = std::make_unique<FlowSideStats>(plan->templates.size());
  if (role == v1::FLOW_CLIENT)
    run->client = std::make_unique<FlowClient>(*plan, run->hosts->hosts(), addressesOf(*servers), *run->stats, descriptors_);
  else
    run->server = std::make_unique<FlowServer>(*plan, run->hosts->hosts(), *run->stats, descriptors_);
  std::promise<Status> ready;
  auto listening = ready.get_future();
  Run* r = run.get();
  const std::string threadName = (role == v1::FLOW_CLIENT ? "flows> " : "flows< ") + port;
  run->loop = std::thread([r, threadName, ready = std::move(ready)]() mutable {
    ::pthread_setname_np(::pthread_self(), threadName.substr(0, 15).c_str());  // top -H names the side and port
    if (::setns(r->hosts->fd(), CLONE_NEWNET) != 0) {
      ready.set_value(makeError("flows", "cannot enter the hosts' namespace: " + errorText(errno), ErrorKind::kDenied));
      r->stats->finished.store(true, std::memory_order_release);
      return;
    }
    if (r->server) {
      Status bound = r->server->listen();
      const bool ok = bool(bound);
      ready.set_value(std::move(bound));
      if (!ok) return r->stats->finished.store(true, std::memory_order_release);
    } else {
      ready.set_value(Ok{});
    }
    Status ended = r->client ? r->client->run() : r->server->run();
    if (!ended) {
      std::lock_guard lock(r->mu);
      r->error = ended.error().toString();
      r->stats->finished.store(true, std::memory_order_release);
    }
  });
  if (Status s = listening.get(); !s) {
    run->loop.join();
    return release(s.error());
  }
  v1::StartFlowsReply reply;
  reply.set_hosts(run->hostCount);
  reply.set_setup_ns(flowNowNs() - began);
  std::lock_guard lock(mu_);
  runs_[port] = std::move(run);
  return reply;
}

Status FlowRuns::stop(const std::string& port, bool discard) {
  std::shared_ptr<Run> run;
  {
    std::lock_guard lock(mu_);
    auto it = runs_.find(port);
    if (it == runs_.end() || !it->second) return makeError(port, "runs no flows", ErrorKind::kNotFound);
    run = it->second;
    if (discard) runs_.erase(it);
  }
  run->stop();
  return Ok{};
}

Result<v1::FlowStatsReply> FlowRuns::stats(const std::vector<std::string>& ports, bool latencyBuckets) {
  std::vector<std::pair<std::string, std::shared_ptr<Run>>> chosen;
  {
    std::lock_guard lock(mu_);
    for (const std::string& port : ports) {
      auto it = runs_.find(port);
      if (it == runs_.end()) return makeError(port, "runs no flows", ErrorKind::kNotFound);
    }
    for (const auto& [port, run] : runs_)
      if (run && (ports.empty() || std::find(ports.begin(), ports.end(), port) != ports.end())) chosen.emplace_back(port, run);
  }
  v1::FlowStatsReply reply;
  for (const auto& [port, run] : chosen) {
    v1::PortFlows& p = *reply.add_ports();
    p.set_port(port);
    p.set_role(run->role);
    p.set_running(run->running());
    p.set_hosts(run->hostCount);
    {
      std::lock_guard lock(run->mu);
      p.set_error(run->error);
    }
    exportFlowStats(*run->stats, run->plan, latencyBuckets, p);
  }
  return reply;
}

}  // namespace staccato::drone
