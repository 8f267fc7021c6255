// One transmit method for the pcap benchmark: sends N frames on an interface as fast as it can
// and prints "Mpps". Methods: "plain" (a bare pcap_sendpacket loop over one fixed frame) and
// "backend" (the drone's PcapBackend + TxWorker running a compiled stream with a signature,
// a varying field and live per-stream counters). Run by pcap_tx_bench.sh inside a namespace.
#include <pcap/pcap.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "common/stream/compiler.h"
#include "drone/tx/tx_worker.h"

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
  (*add("eth")->mutable_fields())["eth.dst"] = "02:00:00:00:00:99";  // not the peer's MAC
  add("ip");
  add("udp");
  add("payload");
  add("signature");
  s.mutable_frame_length()->set_fixed(frameLength);
  auto* v = s.add_variable_fields();
  v->set_field("udp.srcport");
  v->set_count(1000);
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
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s plain|backend IFACE FRAME_LEN COUNT\n", argv[0]);
    return 2;
  }
  const std::string method = argv[1], iface = argv[2];
  const uint32_t len = static_cast<uint32_t>(std::atoi(argv[3]));
  const uint64_t count = std::strtoull(argv[4], nullptr, 10);
  auto plan = compile(benchStream(len, count));
  if (!plan) {
    std::fprintf(stderr, "%s\n", plan.error().toString().c_str());
    return 1;
  }
  if (method == "plain") {
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_live(iface.c_str(), 64, 0, 0, err);
    if (!p) return std::fprintf(stderr, "%s\n", err), 1;
    const auto& frame = plan->frameTemplate;
    auto t0 = std::chrono::steady_clock::now();
    for (uint64_t i = 0; i < count; ++i) pcap_sendpacket(p, frame.data(), static_cast<int>(frame.size()));
    std::printf("%.4f\n", double(count) / seconds(t0) / 1e6);
    pcap_close(p);
    return 0;
  }
  auto backend = drone::openPcapBackend(iface);
  if (!backend) return std::fprintf(stderr, "%s\n", backend.error().toString().c_str()), 1;
  std::vector<drone::StreamTxCounters> counters(1);
  drone::TxJob job;
  job.plans.push_back(*plan);
  job.cpu = 0;
  auto t0 = std::chrono::steady_clock::now();
  {
    drone::TxWorker worker(std::move(backend).value(), std::move(job), counters);
    while (!worker.finished()) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  const double s = seconds(t0);
  if (counters[0].packets.load() != count) return std::fprintf(stderr, "sent %llu\n", (unsigned long long)counters[0].packets.load()), 1;
  std::printf("%.4f\n", double(count) / s / 1e6);
  return 0;
}
