// What the in-kernel engine's parts cost, side by side (root): a BPF_PROG_RUN live-frames call
// without and with the helper device that keeps the sender in the XDP dispatcher, the sender
// program alone per frame (BPF_PROG_RUN's own loop over one frame in memory, next to a program
// that only drops) with 0, 1 and 3 varying fields, and the receive counter alone per frame.
// Runs in a network namespace of its own (a veth pair whose peer drops in XDP), which goes away
// with the process. Usage: sudo xdp_costs
#include <bpf/bpf.h>
#include <net/if.h>
#include <sched.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"
#include "common/stream/compiler.h"
#include "turbo/xdp/helper_device.h"
#include "turbo/xdp/signature_counter.h"
#include "turbo/xdp/xdp_tx_queue.h"

using namespace staccato;

namespace {

int64_t realtimeMinusMono() {
  timespec real{}, mono{};
  clock_gettime(CLOCK_MONOTONIC, &mono);
  clock_gettime(CLOCK_REALTIME, &real);
  return (int64_t(real.tv_sec) - int64_t(mono.tv_sec)) * 1'000'000'000 + (int64_t(real.tv_nsec) - int64_t(mono.tv_nsec));
}

TxPlan plan(int fields) {
  v1::Stream s;
  s.set_id(1);
  for (const char* p : {"eth", "ip", "udp", "payload", "signature"}) s.add_layers()->set_protocol(p);
  s.mutable_frame_length()->set_fixed(64);
  const char* names[] = {"udp.srcport", "ip.src", "ip.id"};
  for (int i = 0; i < fields; ++i) s.add_variable_fields()->set_field(names[i]);
  return *compile(s);
}

/// Microseconds per live call of `frames` frames (the mean of 20).
double usPerCall(turbo::XdpTxQueue& q, uint32_t frames) {
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 20; ++i) q.send(0, frames);
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 20;
}

/// BPF_PROG_RUN's mean ns per run of `fd` over `frame` in memory (best of 5 x 1M runs).
uint32_t nsPerRun(int fd, const std::vector<uint8_t>& frame) {
  uint32_t best = UINT32_MAX;
  for (int i = 0; i < 5; ++i) {
    std::vector<uint8_t> out(frame.size() + 256);
    LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = frame.data(), .data_out = out.data(),
                .data_size_in = uint32_t(frame.size()), .data_size_out = uint32_t(out.size()), .repeat = 1'000'000);
    if (bpf_prog_test_run_opts(fd, &o) == 0) best = std::min(best, o.duration);
  }
  return best;
}

int fail(const std::string& m) {
  std::fprintf(stderr, "%s\n", m.c_str());
  return 1;
}

}  // namespace

int main() {
  if (unshare(CLONE_NEWNET) != 0 ||
      std::system("ip link add va type veth peer name vb && ip link set va up && ip link set vb up") != 0)
    return fail("needs root: a network namespace and a veth pair");
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(0, &set);
  sched_setaffinity(0, sizeof set, &set);
  auto counter = turbo::SignatureCounter::attach("vb", 1);  // the peer drops what it counts
  if (!counter) return fail(counter.error().toString());
  (*counter)->setClock(realtimeMinusMono(), kSignatureClockWindowNs);
  (*counter)->addStream(1);

  std::printf("BPF_PROG_RUN with live frames, 64-byte frames to a veth (us per call):\n");
  std::vector<TxPlan> plans{plan(3)};
  auto program = turbo::SenderProgram::load(plans, static_cast<int>(if_nametoindex("va")));
  if (!program) return fail(program.error().toString());
  (*program)->setRealtimeOffset(realtimeMinusMono());
  turbo::XdpTxQueue q(**program, 0);
  q.beginRun(0, 0, 1, nullptr);
  const double without64 = usPerCall(q, 64), without1024 = usPerCall(q, 1024);
  auto helper = turbo::HelperDevice::attach((*program)->programFd());
  if (!helper) return fail(helper.error().toString());
  const double with64 = usPerCall(q, 64), with1024 = usPerCall(q, 1024);
  std::printf("  %-34s %10s %10s\n", "", "64 frames", "1024");
  std::printf("  %-34s %10.1f %10.1f\n", "sender alone", without64, without1024);
  std::printf("  %-34s %10.1f %10.1f   (%.0fx less per 64-frame call)\n", "sender kept attached to its helper", with64,
              with1024, without64 / with64);

  std::printf("Per frame in memory (ns, BPF_PROG_RUN's own loop included: see the last line):\n");
  for (int fields : {0, 1, 3}) {
    std::vector<TxPlan> one{plan(fields)};
    auto p = turbo::SenderProgram::load(one, 0);
    if (!p) return fail(p.error().toString());
    xs_worker& w = (*p)->worker(0);
    w.stride = 1;
    w.limit = UINT64_MAX;
    w.active = 1;
    std::printf("  sender, signature + %d varying field(s) + checksums: %u\n", fields, nsPerRun((*p)->programFd(), one[0].frameTemplate));
  }
  std::vector<uint8_t> tracked = plans[0].frameTemplate;
  writeBits(tracked.data() + tracked.size() - kSignatureBytes + kSigTimestampOffset, 0, 64,
            uint64_t(realtimeMinusMono()) + uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::printf("  receive counter, a signature frame: %u\n", nsPerRun((*counter)->programFd(), tracked));
  std::printf("  receive counter, another frame (passed at once): %u\n", nsPerRun((*counter)->programFd(), std::vector<uint8_t>(60, 0)));
  return 0;
}
