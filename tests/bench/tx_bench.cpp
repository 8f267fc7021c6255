// One transmit method for the transmit benchmarks: sends N frames on an interface as fast as it
// can and prints "Mpps". Methods: "plain" (a bare pcap_sendpacket loop over one fixed frame),
// "bare-xsk" (a bare libxdp loop, nothing built per packet), "pcap", "turbo" and "xdp" (the
// drone's backends and workers running a compiled stream with a signature, FIELDS varying
// fields (1: udp.srcport; 3: also ip.src and ip.id) with their checksum updates, and live
// per-stream counters; turbo on QUEUES queues, the in-kernel engine on QUEUES cores). Run by
// tx_bench.sh.
#include <net/if.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "common/stream/compiler.h"
#include "drone/core/backend_choice.h"
#include "drone/system/system_port_source.h"
#include "drone/tx/tx_session.h"
#include "tests/bench/loops.h"

using namespace staccato;

namespace {

v1::Stream benchStream(uint32_t frameLength, uint64_t count, int fields) {
  v1::Stream s;
  s.set_id(1);
  auto add = [&](const char* p) {
    auto* l = s.add_layers();
    l->set_protocol(p);
    return l;
  };
  (*add("eth")->mutable_fields())["eth.dst"] = "02:00:00:00:00:99";  // not the peer's MAC
  add("ip");
  add("udp");
  add("payload");
  add("signature");
  s.mutable_frame_length()->set_fixed(frameLength);
  auto vary = [&](const char* field, uint64_t count) {
    auto* v = s.add_variable_fields();
    v->set_field(field);
    v->set_count(count);
  };
  vary("udp.srcport", 1000);
  if (fields >= 3) {
    vary("ip.src", 250);
    vary("ip.id", 65536);
  }
  s.mutable_rate()->set_unit(v1::Rate::FASTEST);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

double seconds(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s plain|bare-xsk|pcap|turbo|xdp IFACE FRAME_LEN COUNT [QUEUES] [FIELDS]\n", argv[0]);
    return 2;
  }
  const std::string method = argv[1], iface = argv[2];
  const uint32_t len = static_cast<uint32_t>(std::atoi(argv[3]));
  const uint64_t count = std::strtoull(argv[4], nullptr, 10);
  const uint32_t queues = argc > 5 ? static_cast<uint32_t>(std::atoi(argv[5])) : 1;
  const int fields = argc > 6 ? std::atoi(argv[6]) : 1;
  auto plan = compile(benchStream(len, count, fields));
  if (!plan) return std::fprintf(stderr, "%s\n", plan.error().toString().c_str()), 1;
  if (method == "plain" || method == "bare-xsk") {
#ifdef STACCATO_HAVE_TURBO
    const double mpps = method == "plain" ? plainPcapLoop(iface, plan->frameTemplate, count)
                                          : bareXskLoop(iface, plan->frameTemplate, count, queues);
#else
    if (method != "plain") return std::fprintf(stderr, "built without turbo (libxdp)\n"), 1;
    const double mpps = plainPcapLoop(iface, plan->frameTemplate, count);
#endif
    if (mpps < 0) return 1;
    std::printf("%.4f\n", mpps);
    return 0;
  }
  drone::PortInfo port;
  port.name = iface;
  port.ifindex = static_cast<int>(if_nametoindex(iface.c_str()));
  port.txQueues = queues;
  v1::PortConfig config;
  config.set_backend(method == "pcap"  ? v1::PortConfig::PCAP
                     : method == "xdp" ? v1::PortConfig::TURBO_XDP
                                       : v1::PortConfig::TURBO);
  config.set_tx_queues(queues);
  for (uint32_t k = 0; k < queues; ++k) config.add_cpus(k);
  drone::TxJob job;
  job.plans = std::make_shared<const std::vector<TxPlan>>(1, *plan);
  auto source = drone::systemPortSource({});
  auto chosen = drone::openBackends(*source, port, config, *job.plans, -1);
  if (!chosen) return std::fprintf(stderr, "%s\n", chosen.error().toString().c_str()), 1;
  auto t0 = std::chrono::steady_clock::now();
  drone::TxSession session(std::move(chosen->queues), job, chosen->cpus);
  // Rare polls: with a worker on every core, each wakeup of this thread takes time from one.
  while (!session.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const double s = seconds(t0);
  if (!session.error().empty()) return std::fprintf(stderr, "%s\n", session.error().c_str()), 1;
  if (session.packets(0) != count) return std::fprintf(stderr, "sent %llu\n", (unsigned long long)session.packets(0)), 1;
  std::printf("%.4f\n", double(count) / s / 1e6);
  return 0;
}
