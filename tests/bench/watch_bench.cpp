// Stats watchers benchmark: a real staccato-drone process (--fake-lab: fake ports, no root)
// sends 4 tracked streams at 1,000 pps each while 1, 10, 100 and 500 clients watch its stats every
// 100 ms. Prints side by side, per watcher count: the drone's CPU (from /proc, ratio to one
// watcher), the snapshots the watchers received per second, and the p50/p99 latency of a
// ListPorts call made every 20 ms meanwhile. Targets (issue 14): 500 watchers cost at most 2x the
// CPU of one watcher; ListPorts p99 under 20 ms.
// Usage: watch_bench STACCATO_DRONE [SECONDS_PER_STEP]
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <vector>

#include "client/core/drone_connection.h"
#include "client/core/stream_transfer.h"
#include "tests/bench/drone_process.h"
#include "tests/support/stacks.h"

using namespace staccato;

namespace {

constexpr uint32_t kIntervalMs = 100;
constexpr size_t kWatchersPerConnection = 50;  ///< the drone allows 100 streams per connection

class Watcher final : public grpc::ClientReadReactor<v1::StatsSnapshot> {
 public:
  Watcher(v1::Drone::Stub& stub, std::atomic<uint64_t>& received) : received_(received) {
    ctx_.AddMetadata("x-staccato-version", "1.0");
    req_.set_interval_ms(kIntervalMs);
    stub.async()->WatchStats(&ctx_, &req_, this);
    StartRead(&snap_);
    StartCall();
  }
  void OnReadDone(bool ok) override {
    if (!ok) return;
    received_.fetch_add(1, std::memory_order_relaxed);
    StartRead(&snap_);
  }
  void OnDone(const grpc::Status&) override {
    std::lock_guard lock(mu_);
    done_ = true;
    cv_.notify_all();
  }
  void stop() {
    ctx_.TryCancel();
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return done_; });
  }

 private:
  std::atomic<uint64_t>& received_;
  grpc::ClientContext ctx_;
  v1::WatchStatsRequest req_;
  v1::StatsSnapshot snap_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
};

/// A channel on a connection of its own (gRPC would otherwise share one between channels).
std::unique_ptr<v1::Drone::Stub> ownConnection(const std::string& target) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  args.SetMaxReceiveMessageSize(64 << 20);
  return v1::Drone::NewStub(grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

rpc::Streams trafficStreams() {
  rpc::Streams streams;
  for (uint32_t id = 1; id <= 4; ++id) {
    v1::Stream s = test::S({test::L("eth"), test::L("ip"), test::L("udp"), test::L("payload"), test::L("signature")}, 128);
    s.set_id(id);
    s.mutable_rate()->set_unit(v1::Rate::PPS);
    s.mutable_rate()->set_value(1000);
    s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
    *streams.Add() = s;
  }
  return streams;
}

struct Step {
  size_t watchers;
  double cpuPercent, snapshotsPerSecond, p50Ms, p99Ms;
};

Step measure(bench::DroneProcess& drone, const std::string& target, size_t count, double seconds) {
  std::vector<std::unique_ptr<v1::Drone::Stub>> stubs;
  std::vector<std::unique_ptr<Watcher>> watchers;
  std::atomic<uint64_t> received{0};
  for (size_t i = 0; i < count; ++i) {
    if (i % kWatchersPerConnection == 0) stubs.push_back(ownConnection(target));
    watchers.push_back(std::make_unique<Watcher>(*stubs.back(), received));
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));  // every watcher has its first snapshot
  auto prober = ownConnection(target);
  std::vector<double> latencies;
  const uint64_t before = received.load();
  const double cpu0 = drone.cpuSeconds();
  const auto t0 = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - t0 < std::chrono::duration<double>(seconds)) {
    grpc::ClientContext ctx;
    ctx.AddMetadata("x-staccato-version", "1.0");
    v1::ListPortsReply rep;
    const auto c0 = std::chrono::steady_clock::now();
    if (!prober->ListPorts(&ctx, {}, &rep).ok()) std::fprintf(stderr, "ListPorts failed\n");
    latencies.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - c0).count());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  Step s{count, 100 * (drone.cpuSeconds() - cpu0) / elapsed, double(received.load() - before) / elapsed,
         percentile(latencies, 0.5), percentile(latencies, 0.99)};
  for (auto& w : watchers) w->stop();
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return std::fprintf(stderr, "usage: watch_bench STACCATO_DRONE [SECONDS_PER_STEP]\n"), 2;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 5;
  const std::string socket = "/tmp/staccato-watch-bench-" + std::to_string(::getpid()) + ".sock";
  bench::DroneProcess drone(argv[1], {"--fake-lab", "--listen", "unix:" + socket}, socket + ".log");
  const std::string target = "unix:" + socket;
  client::DroneAddress address;
  address.target = target;
  auto conn = client::DroneConnection::open(address);
  for (int i = 0; i < 100 && ::access(socket.c_str(), F_OK) != 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  grpc::ClientContext put;
  put.AddMetadata("x-staccato-version", "1.0");
  if (auto s = client::putStreams(**conn, put, "fake0", trafficStreams()); !s.ok())
    return std::fprintf(stderr, "SetStreams: %s\n", s.error_message().c_str()), 1;
  auto ctx = (*conn)->context();
  v1::StartTxRequest start;
  start.add_ports("fake0");
  v1::StartTxReply started;
  if (auto s = (*conn)->stub().StartTx(ctx.get(), start, &started); !s.ok())
    return std::fprintf(stderr, "StartTx: %s\n", s.error_message().c_str()), 1;

  std::vector<Step> steps;
  for (size_t n : {1, 10, 100, 500}) steps.push_back(measure(drone, target, n, seconds));
  std::printf("Stats watchers at %u ms: staccato-drone --fake-lab sending 4 tracked streams at 1,000 pps; %.0f s per step\n",
              kIntervalMs, seconds);
  std::printf("%9s %12s %14s %14s %16s %16s\n", "watchers", "drone CPU", "vs 1 watcher", "snapshots/s", "ListPorts p50",
              "ListPorts p99");
  for (const Step& s : steps)
    std::printf("%9zu %11.1f%% %13.2fx %14.0f %13.2f ms %13.2f ms\n", s.watchers, s.cpuPercent,
                s.cpuPercent / std::max(steps[0].cpuPercent, 1e-9), s.snapshotsPerSecond, s.p50Ms, s.p99Ms);
  std::printf("targets: 500 watchers at most 2x the CPU of one; ListPorts p99 under 20 ms\n");
  return 0;
}
