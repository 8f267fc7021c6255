// One transmit method of the in-kernel engine benchmark (xdp_bench.sh): sends COUNT frames of a
// stream with a signature, three varying fields (UDP source port, IPv4 source, IPv4 id) and
// their checksum updates, as fast as it can (or at PPS), and prints "Mpps frames". Methods:
// "xdp" (the in-kernel engine, turbo/xdp, on the first QUEUES cores), "xdp-bare" (the same with
// a fixed frame: nothing built per packet, the path's ceiling) and "turbo" (AF_XDP turbo on
// QUEUES queues), each through the drone's own path: its backend ladder, workers and sessions: frames = what RX_IFACE's kernel
// counter saw arrive, Mpps = those over the time from start to the last one. "xdp-counted": the
// in-kernel engine with the in-kernel receive counter on RX_IFACE (tracking at both ends):
// frames = what it counted (it fails on any loss, duplicate or reordering), Mpps = the rate from
// the first arrival to the last.
#include <net/if.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "common/core/clock.h"
#include "common/stream/compiler.h"
#include "drone/core/backend_choice.h"
#include "drone/system/system_port_source.h"
#include "drone/tx/tx_session.h"
#include "common/packet/signature_layout.h"
#include "turbo/xdp/signature_counter.h"

using namespace staccato;

namespace {

/// The benchmark's stream; paced at `pps` when not 0, else as fast as possible. `bare`: a fixed
/// frame, nothing built per packet (the in-kernel path's ceiling).
v1::Stream benchStream(uint32_t frameLength, uint64_t count, double pps, bool bare) {
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
  if (!bare) add("signature");
  s.mutable_frame_length()->set_fixed(frameLength);
  auto vary = [&](const char* field, v1::VariableField::Mode mode, uint64_t count) {
    auto* v = s.add_variable_fields();
    v->set_field(field);
    v->set_mode(mode);
    v->set_count(count);
  };
  if (!bare) {
    vary("udp.srcport", v1::VariableField::INCREMENT, 1000);
    vary("ip.src", v1::VariableField::INCREMENT, 0);
    vary("ip.id", v1::VariableField::DECREMENT, 0);
  }
  s.mutable_rate()->set_unit(pps > 0 ? v1::Rate::PPS : v1::Rate::FASTEST);
  s.mutable_rate()->set_value(pps);
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

/// Sends as the drone does (its backend ladder, workers and sessions) with `backend` on `queues`
/// queues pinned to the first cores; an error message, or empty.
std::string send(v1::PortConfig::Backend backend, const std::string& iface, PlanList plans, uint32_t queues) {
  drone::PortInfo port;
  port.name = iface;
  port.ifindex = static_cast<int>(if_nametoindex(iface.c_str()));
  port.txQueues = queues;
  v1::PortConfig config;
  config.set_backend(backend);
  config.set_tx_queues(queues);
  for (uint32_t k = 0; k < queues; ++k) config.add_cpus(k);
  drone::TxJob job;
  job.plans = std::move(plans);
  auto source = drone::systemPortSource({});
  auto chosen = drone::openBackends(*source, port, config, *job.plans, -1);
  if (!chosen) return chosen.error().toString();
  drone::TxSession session(std::move(chosen->queues), job, chosen->cpus);
  while (!session.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (!session.error().empty()) return session.error();
  const uint64_t wanted = job.plans->front().run.packetsPerRun.value_or(0);
  if (session.packets(0) != wanted) return "sent " + std::to_string(session.packets(0)) + " of " + std::to_string(wanted);
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7)
    return fail(std::string("usage: ") + argv[0] + " xdp|xdp-bare|turbo|xdp-counted TX_IFACE RX_IFACE FRAME_LEN COUNT QUEUES [PPS]");
  const std::string method = argv[1], iface = argv[2], rxIface = argv[3];
  const uint32_t len = static_cast<uint32_t>(std::atoi(argv[4]));
  const uint64_t count = std::strtoull(argv[5], nullptr, 10);
  const uint32_t queues = static_cast<uint32_t>(std::atoi(argv[6]));
  const double pps = argc > 7 ? std::atof(argv[7]) : 0;
  auto plan = compile(benchStream(len, count, pps, method == "xdp-bare"));
  if (!plan) return fail(plan.error().toString());
  auto plans = std::make_shared<const std::vector<TxPlan>>(1, *plan);
  if (method == "xdp-counted") {  // the in-kernel receive counter on RX_IFACE says what arrived, and when
    auto counter = turbo::SignatureCounter::attach(rxIface, 1);
    if (!counter) return fail(counter.error().toString());
    if (auto s = (*counter)->setClock(realtimeMinusMonotonicNs(), kSignatureClockWindowNs); !s) return fail(s.error().toString());
    if (auto s = (*counter)->addStream(1); !s) return fail(s.error().toString());
    if (auto e = send(v1::PortConfig::TURBO_XDP, iface, plans, queues); !e.empty()) return fail(e);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto c = (*counter)->read(1);
    if (!c) return fail(c.error().toString());
    if (c->lost || c->duplicates || c->reordered)
      return fail("lost " + std::to_string(c->lost) + ", duplicates " + std::to_string(c->duplicates) + ", reordered " +
                  std::to_string(c->reordered));
    const double span = double(c->lastNs - c->firstNs) / 1e9;  // first to last arrival
    std::printf("%.4f %llu\n", double(c->packets - 1) / span / 1e6, static_cast<unsigned long long>(c->packets));
    return 0;
  }
  const uint64_t before = rxPackets(rxIface);
  const Clock::time_point t0 = Clock::now();
  const std::string error = send(method == "turbo" ? v1::PortConfig::TURBO : v1::PortConfig::TURBO_XDP, iface, plans, queues);
  if (!error.empty()) return fail(error);
  uint64_t counted = 0;
  const double seconds = std::chrono::duration<double>(lastArrival(rxIface, counted, before) - t0).count();
  std::printf("%.4f %llu\n", double(counted) / seconds / 1e6, static_cast<unsigned long long>(counted));
  return 0;
}
