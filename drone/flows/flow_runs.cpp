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
  std::string port;
  v1::FlowRole role = v1::FLOW_ROLE_UNSPECIFIED;
  FlowPlan plan;
  std::unique_ptr<FlowNamespace> hosts;  ///< until the run is stopped
  uint32_t hostCount = 0;
  std::vector<std::unique_ptr<FlowSideStats>> stats;  ///< one a loop
  std::vector<std::unique_ptr<FlowClient>> clients;   ///< one a loop (a core the drone may use)
  std::unique_ptr<FlowServer> server;
  std::unique_ptr<ClientLoopsSync> sync;
  std::vector<std::thread> loops;
  std::mutex mu;
  std::string error;  ///< why the loop ended early (under mu)
  std::mutex stopping;  ///< one stop at a time joins the loop

  void stop() {
    std::lock_guard lock(stopping);
    for (auto& client : clients) client->stop();
    if (server) server->stop();
    for (std::thread& loop : loops)
      if (loop.joinable()) loop.join();
    hosts.reset();  // the hosts leave the wire with the run; its numbers stay
  }
  bool running() const {
    return std::any_of(stats.begin(), stats.end(), [](const auto& s) { return !s->finished.load(std::memory_order_acquire); });
  }
  std::vector<const FlowSideStats*> loopStats() const {
    std::vector<const FlowSideStats*> v;
    for (const auto& s : stats) v.push_back(s.get());
    return v;
  }
  /// Runs loop `i` on this thread in the hosts' namespace (a server listens first); `ready`
  /// says whether it could start.
  void runLoop(size_t i, std::promise<Status> ready);
};

namespace {

/// Client loops: as asked, else one a core the drone may run on less one (the drone's other
/// threads, a server side, the kernel's network work need one: a loop that shares a busy core
/// starts its connections late and in bursts); at most one a host.
size_t clientLoops(size_t hosts, uint32_t asked) {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  const size_t cores = ::sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? size_t(CPU_COUNT(&cpus)) : 1;
  const size_t loops = asked ? asked : cores - 1;
  return std::max<size_t>(1, std::min(loops, hosts));
}

/// Every `loops`-th of `hosts`, from the `loop`-th: a loop's own hosts.
std::vector<FlowAddress> everyNth(const std::vector<FlowAddress>& hosts, size_t loop, size_t loops) {
  std::vector<FlowAddress> v;
  for (size_t i = loop; i < hosts.size(); i += loops) v.push_back(hosts[i]);
  return v;
}

/// The other side's addresses (reached through routing, no device of ours).
std::vector<FlowAddress> addressesOf(const FlowHostBlock& block) {
  std::vector<FlowAddress> v;
  for (uint32_t i = 0; i < block.count; ++i) v.push_back({block.first + i, ""});
  return v;
}

}  // namespace

FlowRuns::FlowRuns(uint64_t descriptors, uint32_t loops) : descriptors_(descriptors), loops_(loops) {}

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
  run->port = port;
  run->role = role;
  run->plan = *plan;
  run->hosts = std::move(hosts).value();
  run->hostCount = uint32_t(run->hosts->hosts().size());
  const size_t loops = role == v1::FLOW_CLIENT ? clientLoops(run->hosts->hosts().size(), loops_) : 1;
  run->sync = std::make_unique<ClientLoopsSync>(loops);
  run->sync->startNs = flowNowNs();
  for (size_t i = 0; i < loops; ++i) {
    run->stats.push_back(std::make_unique<FlowSideStats>(plan->templates.size()));
    if (role == v1::FLOW_CLIENT)
      run->clients.push_back(std::make_unique<FlowClient>(loopShare(*plan, i, loops), everyNth(run->hosts->hosts(), i, loops),
                                                          addressesOf(*servers), *run->stats[i], descriptors_,
                                                          run->sync.get()));
  }
  if (role == v1::FLOW_SERVER)
    run->server = std::make_unique<FlowServer>(*plan, run->hosts->hosts(), *run->stats[0], descriptors_);
  std::vector<std::future<Status>> starts;
  for (size_t i = 0; i < loops; ++i) {
    std::promise<Status> ready;
    starts.push_back(ready.get_future());
    run->loops.emplace_back([r = run.get(), i, ready = std::move(ready)]() mutable { r->runLoop(i, std::move(ready)); });
  }
  for (auto& started : starts)
    if (Status s = started.get(); !s) {
      run->stop();
      return release(s.error());
    }
  v1::StartFlowsReply reply;
  reply.set_hosts(run->hostCount);
  reply.set_setup_ns(flowNowNs() - began);
  std::lock_guard lock(mu_);
  runs_[port] = std::move(run);
  return reply;
}

void FlowRuns::Run::runLoop(size_t i, std::promise<Status> ready) {
  // top -H names the side, port and loop
  const std::string name = (role == v1::FLOW_CLIENT ? "flows> " : "flows< ") + port + (i ? "/" + std::to_string(i) : "");
  ::pthread_setname_np(::pthread_self(), name.substr(0, 15).c_str());
  FlowSideStats& own = *stats[i];
  if (::setns(hosts->fd(), CLONE_NEWNET) != 0) {
    ready.set_value(makeError("flows", "cannot enter the hosts' namespace: " + errorText(errno), ErrorKind::kDenied));
    return own.finished.store(true, std::memory_order_release);
  }
  if (server) {
    Status bound = server->listen();
    const bool ok = bool(bound);
    ready.set_value(std::move(bound));
    if (!ok) return own.finished.store(true, std::memory_order_release);
  } else {
    ready.set_value(Ok{});
  }
  Status ended = server ? server->run() : clients[i]->run();
  if (!ended) {
    std::lock_guard lock(this->mu);
    if (error.empty()) error = ended.error().toString();
    own.finished.store(true, std::memory_order_release);
  }
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
    exportFlowStats(run->loopStats(), run->plan, latencyBuckets, p);
  }
  return reply;
}

}  // namespace staccato::drone
