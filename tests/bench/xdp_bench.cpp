// One transmit method of the in-kernel engine benchmark (xdp_bench.sh): sends COUNT frames of a
// stream with a signature, three varying fields (UDP source port, IPv4 source, IPv4 id) and
// their checksum updates, as fast as it can, and prints "Mpps frames" where frames is what the
// receiving interface RX_IFACE's kernel counter saw arrive (the rate is counted frames over the
// time from start to the last frame). Methods: "xdp" (the in-kernel engine, turbo/xdp, on the
// first QUEUES cores) and "turbo" (AF_XDP turbo through the drone's backends and workers on
// QUEUES queues, the same stream). KERNEL_BATCH: frames the kernel builds before flushing them.
#include <net/if.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "common/stream/compiler.h"
#include "drone/core/backend_choice.h"
#include "drone/tx/tx_session.h"
#include "turbo/xdp/xdp_engine.h"

using namespace staccato;

namespace {

v1::Stream benchStream(uint32_t frameLength, uint64_t count) {
  v1::Stream s;
  s.set_id(1);
  auto add = [&](const char* p) {
    auto* l = s.add_layers();
    l->set_protocol(p);
    return l;
  };
  (*add("eth")->mutable_fields())["eth.dst"] = "02:00:00:00:00:99";
  add("ip");
  add("udp");
  add("payload");
  add("signature");
  s.mutable_frame_length()->set_fixed(frameLength);
  auto vary = [&](const char* field, v1::VariableField::Mode mode, uint64_t count) {
    auto* v = s.add_variable_fields();
    v->set_field(field);
    v->set_mode(mode);
    v->set_count(count);
  };
  vary("udp.srcport", v1::VariableField::INCREMENT, 1000);
  vary("ip.src", v1::VariableField::INCREMENT, 0);
  vary("ip.id", v1::VariableField::DECREMENT, 0);
  s.mutable_rate()->set_unit(v1::Rate::FASTEST);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

uint64_t rxPackets(const std::string& iface) {
  std::ifstream f("/sys/class/net/" + iface + "/statistics/rx_packets");
  uint64_t n = 0;
  f >> n;
  return n;
}

using Clock = std::chrono::steady_clock;

/// Waits until the receiver's counter stops moving; returns when its last frame arrived.
Clock::time_point lastArrival(const std::string& rxIface, uint64_t& counted, uint64_t before) {
  Clock::time_point last = Clock::now();
  uint64_t seen = rxPackets(rxIface);
  for (int quiet = 0; quiet < 20; ++quiet) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const uint64_t now = rxPackets(rxIface);
    if (now != seen) quiet = 0, seen = now, last = Clock::now();
  }
  counted = seen - before;
  return last;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) return fail(std::string("usage: ") + argv[0] + " xdp|turbo TX_IFACE RX_IFACE FRAME_LEN COUNT QUEUES [KERNEL_BATCH]");
  const std::string method = argv[1], iface = argv[2], rxIface = argv[3];
  const uint32_t len = static_cast<uint32_t>(std::atoi(argv[4]));
  const uint64_t count = std::strtoull(argv[5], nullptr, 10);
  const uint32_t queues = static_cast<uint32_t>(std::atoi(argv[6]));
  auto plan = compile(benchStream(len, count));
  if (!plan) return fail(plan.error().toString());
  auto plans = std::make_shared<const std::vector<TxPlan>>(1, *plan);
  const uint64_t before = rxPackets(rxIface);
  Clock::time_point t0;
  if (method == "xdp") {
    turbo::XdpEngineOptions o;
    o.iface = iface;
    if (argc > 7) o.kernelBatch = static_cast<uint32_t>(std::atoi(argv[7]));
    o.cpus.clear();
    for (uint32_t k = 0; k < queues; ++k) o.cpus.push_back(static_cast<int>(k));
    auto engine = turbo::XdpEngine::open(o, plans);
    if (!engine) return fail(engine.error().toString());
    t0 = Clock::now();
    (*engine)->start();
    (*engine)->wait();
    if (!(*engine)->error().empty()) return fail((*engine)->error());
    if ((*engine)->count(0).packets != count) return fail("sent " + std::to_string((*engine)->count(0).packets));
  } else {
    drone::PortInfo port;
    port.name = iface;
    port.ifindex = static_cast<int>(if_nametoindex(iface.c_str()));
    port.txQueues = queues;
    v1::PortConfig config;
    config.set_backend(v1::PortConfig::TURBO);
    config.set_tx_queues(queues);
    for (uint32_t k = 0; k < queues; ++k) config.add_cpus(k);
    drone::TxJob job;
    job.plans = plans;
    auto source = drone::systemPortSource({});
    auto chosen = drone::openBackends(*source, port, config, *job.plans, -1);
    if (!chosen) return fail(chosen.error().toString());
    t0 = Clock::now();
    drone::TxSession session(std::move(chosen->queues), job, chosen->cpus);
    while (!session.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (!session.error().empty()) return fail(session.error());
  }
  uint64_t counted = 0;
  const double seconds = std::chrono::duration<double>(lastArrival(rxIface, counted, before) - t0).count();
  std::printf("%.4f %llu\n", double(counted) / seconds / 1e6, static_cast<unsigned long long>(counted));
  return 0;
}
