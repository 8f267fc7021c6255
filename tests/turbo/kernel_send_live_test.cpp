// The in-kernel engine sending for real, through the drone's own transmit path (backend ladder,
// workers, session): a veth pair in a network namespace of the test's own (a thread moves into
// it; it dies with the process), the in-kernel receive counter on the peer. Exact counts on one and two cores, sequences without loss, duplicates or reordering per
// lane, sequential runs with after-stream actions, interleaved streams, pacing, stop. The
// kernel's interface counter is the oracle for what arrived.
#include <gtest/gtest.h>
#include <bpf/bpf.h>
#include <net/if.h>
#include <sched.h>
#include <sys/wait.h>
#include <csignal>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <functional>
#include <thread>

#include "common/packet/signature_layout.h"
#include "tests/turbo/xdp_sender_support.h"
#include "turbo/xdp/signature_counter.h"
#include "drone/core/backend_choice.h"
#include "drone/system/system_port_source.h"
#include "drone/tx/tx_session.h"
#include "turbo/xdp/helper_device.h"
#include "turbo/xdp/sender_program.h"

namespace staccato::turbo::test {
namespace {

using staccato::test::L;
using staccato::test::S;
using Clock = std::chrono::steady_clock;

/// The interface's kernel rx counter, through netlink (`ip`): /sys shows the namespace that
/// mounted it, not this thread's.
uint64_t rxPackets(const char* iface) {
  std::string json;
  if (FILE* p = popen((std::string("ip -j -s link show ") + iface).c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) json.append(buf, n);
    pclose(p);
  }
  const size_t rx = json.find("\"rx\":{");
  const size_t at = json.find("\"packets\":", rx);
  return rx == std::string::npos || at == std::string::npos ? 0 : std::stoull(json.substr(at + 10));
}

/// Runs `body` in a thread inside a new network namespace with a veth pair va - vb (2 queues
/// each, IPv6 off: no stray frames) and the receive counter attached to vb.
void onPrivateVeth(const std::function<void(SignatureCounter&)>& body) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, BPF)";
  std::thread([&] {
    ASSERT_EQ(unshare(CLONE_NEWNET), 0);
    ASSERT_EQ(std::system("sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 && "
                          "ip link add va numtxqueues 2 numrxqueues 2 type veth peer name vb numtxqueues 2 numrxqueues 2 && "
                          "ip link set va up && ip link set vb up"),
              0);
    auto counter = SignatureCounter::attach("vb", 8);
    ASSERT_TRUE(counter.ok()) << counter.error().toString();
    ASSERT_TRUE((*counter)->native()) << "veth runs XDP in its driver";
    ASSERT_TRUE((*counter)->setClock(realtimeMinusMono(), kSignatureClockWindowNs));
    body(**counter);
  }).join();
}

v1::Stream tracked(uint32_t id, uint64_t count, uint32_t length = 64) {
  v1::Stream s = S({L("eth", {{"eth.dst", "02:00:00:00:00:99"}}), L("ip"), L("udp"), L("payload"), L("signature")}, length);
  s.set_id(id);
  for (const char* f : {"udp.srcport", "ip.src", "ip.id"}) {
    auto* v = s.add_variable_fields();
    v->set_field(f);
    v->set_count(1000);
  }
  s.mutable_rate()->set_unit(v1::Rate::FASTEST);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

PlanList plansOf(const std::vector<v1::Stream>& streams) {
  auto plans = std::make_shared<std::vector<TxPlan>>();
  for (const auto& s : streams) {
    auto p = compile(s);
    EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().toString());
    if (p.ok()) plans->push_back(*p);
  }
  return plans;
}

/// A port sending as the drone sends: its backend ladder held to the in-kernel engine (what
/// `backend: TURBO_XDP` asks for), one transmit worker per core, pinned, in a TxSession.
struct KernelSend {
  PlanList plans;
  std::unique_ptr<drone::TxSession> session;

  /// Waits for every worker to finish.
  void wait() const {
    while (!session->finished()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  uint64_t packets(size_t stream) const { return session->packets(stream); }
};

std::unique_ptr<KernelSend> startKernelSend(PlanList plans, unsigned workers, bool interleaved = false) {
  drone::PortInfo port;
  port.name = "va";
  port.ifindex = static_cast<int>(if_nametoindex("va"));
  port.txQueues = workers;
  v1::PortConfig config;
  config.set_backend(v1::PortConfig::TURBO_XDP);
  config.set_tx_queues(workers);
  for (unsigned k = 0; k < workers; ++k) config.add_cpus(k);
  auto source = drone::systemPortSource({});
  auto chosen = drone::openBackends(*source, port, config, *plans, -1);
  EXPECT_TRUE(chosen.ok()) << (chosen.ok() ? "" : chosen.error().toString());
  if (!chosen.ok()) return nullptr;
  EXPECT_EQ(chosen->name, "turbo-xdp") << chosen->reason;
  auto send = std::make_unique<KernelSend>();
  send->plans = plans;
  drone::TxJob job;
  job.plans = std::move(plans);
  job.interleaved = interleaved;
  send->session = std::make_unique<drone::TxSession>(std::move(chosen->queues), job, chosen->cpus);
  return send;
}

/// Every frame sent arrived, was counted once, in order per lane.
void expectAllCounted(SignatureCounter& counter, uint32_t id, uint64_t sent) {
  auto c = counter.read(id);
  ASSERT_TRUE(c.ok()) << c.error().toString();
  EXPECT_EQ(c->packets, sent) << "stream " << id;
  EXPECT_EQ(c->unique, sent);
  EXPECT_EQ(c->lost, 0u);
  EXPECT_EQ(c->duplicates, 0u);
  EXPECT_EQ(c->reordered, 0u);
  EXPECT_EQ(c->latencyCount, sent);
}

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }

TEST(KernelSendLive, ExactCountsOnOneAndTwoCores) {
  onPrivateVeth([](SignatureCounter& counter) {
    ASSERT_TRUE(counter.addStream(1));
    uint64_t total = 0;
    for (unsigned workers = 1; workers <= std::min(2u, cores()); ++workers) {
      const uint64_t before = rxPackets("vb");
      auto engine = startKernelSend(plansOf({tracked(1, 300'001)}), workers);
      ASSERT_TRUE(engine);
      engine->wait();
      EXPECT_EQ(engine->session->error(), "");
      EXPECT_EQ(engine->packets(0), 300'001u) << workers << " worker(s)";
      EXPECT_EQ(engine->session->bytes(0), 300'001u * 64);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      EXPECT_EQ(rxPackets("vb") - before, 300'001u) << "the peer's kernel counter";
      total += 300'001;
      // A second run carries on each lane's numbering from 0 again: read and clear in between.
      expectAllCounted(counter, 1, 300'001);
      ASSERT_TRUE(counter.clear(1));
    }
    EXPECT_GT(total, 0u);
  });
}

TEST(KernelSendLive, SequentialRunsWithAfterStreamActions) {
  onPrivateVeth([](SignatureCounter& counter) {
    v1::Stream a = tracked(1, 1001), b = tracked(2, 500);
    b.mutable_control()->set_after(v1::Control::GOTO_FIRST);
    b.mutable_control()->set_loop_count(2);  // a b a b a b
    ASSERT_TRUE(counter.addStream(1));
    ASSERT_TRUE(counter.addStream(2));
    auto engine = startKernelSend(plansOf({a, b}), std::min(2u, cores()));
    ASSERT_TRUE(engine);
    engine->wait();
    EXPECT_EQ(engine->session->error(), "");
    EXPECT_EQ(engine->packets(0), 3003u);
    EXPECT_EQ(engine->packets(1), 1500u);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    expectAllCounted(counter, 1, 3003);
    expectAllCounted(counter, 2, 1500);
  });
}

TEST(KernelSendLive, InterleavedStreamsAtTheirRates) {
  onPrivateVeth([](SignatureCounter& counter) {
    v1::Stream a = tracked(1, 4000), b = tracked(2, 1000);
    a.mutable_rate()->set_unit(v1::Rate::PPS);
    a.mutable_rate()->set_value(20'000);
    b.mutable_rate()->set_unit(v1::Rate::PPS);
    b.mutable_rate()->set_value(5'000);
    ASSERT_TRUE(counter.addStream(1));
    ASSERT_TRUE(counter.addStream(2));
    const auto t0 = Clock::now();
    auto engine = startKernelSend(plansOf({a, b}), std::min(2u, cores()), true);
    ASSERT_TRUE(engine);
    engine->wait();
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    EXPECT_EQ(engine->session->error(), "");
    // Never ahead of the rates; late only by what a busy host takes from the sender (a pacing
    // bug at half the rate or worse still fails).
    EXPECT_GT(seconds, 0.195) << "both streams take 0.2 s at their rates";
    EXPECT_LT(seconds, 1.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    expectAllCounted(counter, 1, 4000);
    expectAllCounted(counter, 2, 1000);
    auto c = counter.read(1);
    ASSERT_TRUE(c.ok());
    const double spanSeconds = double(c->lastNs - c->firstNs) / 1e9;
    EXPECT_LE(4000 / spanSeconds, 20'000 * 1.1) << "arrivals not faster than the rate (a late first frame shortens the span)";
    EXPECT_GT(4000 / spanSeconds, 20'000 * 0.5) << "arrivals spread at the rate (loosely: a busy host delays some)";
  });
}

TEST(KernelSendLive, PacedInTheProgramAtTheRate) {
  onPrivateVeth([](SignatureCounter& counter) {
    v1::Stream s = tracked(1, 100'000);
    s.mutable_rate()->set_unit(v1::Rate::PPS);
    s.mutable_rate()->set_value(200'000);  // above the worker's kBuilderPacesAbovePps: paced in the kernel
    ASSERT_TRUE(counter.addStream(1));
    auto engine = startKernelSend(plansOf({s}), 1);
    ASSERT_TRUE(engine);
    engine->wait();
    EXPECT_EQ(engine->session->error(), "");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    expectAllCounted(counter, 1, 100'000);
    auto c = counter.read(1);
    ASSERT_TRUE(c.ok());
    EXPECT_NEAR(100'000 / (double(c->lastNs - c->firstNs) / 1e9), 200'000, 200'000 * 0.1)
        << "arrivals spread at the rate (loosely: a busy CI host; tests/bench/xdp_bench.sh measures it)";
  });
}

TEST(KernelSendLive, StopsAContinuousStreamAndEverythingSentArrives) {
  onPrivateVeth([](SignatureCounter& counter) {
    v1::Stream s = tracked(1, 0);
    s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
    ASSERT_TRUE(counter.addStream(1));
    auto engine = startKernelSend(plansOf({s}), std::min(2u, cores()));
    ASSERT_TRUE(engine);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_FALSE(engine->session->finished());
    engine->session->requestStop();
    engine->wait();
    EXPECT_TRUE(engine->session->finished());
    const uint64_t sent = engine->packets(0);
    EXPECT_GT(sent, 10'000u);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto c = counter.read(1);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->packets, sent);
    EXPECT_EQ(c->duplicates, 0u);
    EXPECT_EQ(c->reordered, 0u);
  });
}

TEST(KernelSendLive, HelperInTheProcessesNamespaceGoesWithItAndLeftoversAreRemoved) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, BPF)";
  std::thread([] {
    ASSERT_EQ(unshare(CLONE_NEWNET), 0);  // where a drone without CAP_SYS_ADMIN would be: its own
    const std::string ours = "stcx" + std::to_string(getpid()) + "-999";
    ASSERT_EQ(std::system(("ip link add stcx9999999-0 type veth peer name stcy9999999-0 && ip link add " + ours +
                           " type veth peer name stcy" + std::to_string(getpid()) + "-999")
                              .c_str()),
              0);  // a pair of a process that is gone (no pid is that large), and one of ours
    std::vector<TxPlan> plans{*compile(tracked(1, 1))};
    auto program = SenderProgram::load(plans, 0);
    ASSERT_TRUE(program.ok()) << program.error().toString();
    auto helper = HelperDevice::attachHere((*program)->programFd());
    ASSERT_TRUE(helper.ok()) << helper.error().toString();
    const std::string name = (*helper)->name();
    EXPECT_EQ(name.rfind("stcx" + std::to_string(getpid()) + "-", 0), 0u) << name;
    EXPECT_NE(if_nametoindex(name.c_str()), 0u);
    EXPECT_EQ(if_nametoindex("stcx9999999-0"), 0u) << "a dead process's pair is removed";
    EXPECT_NE(if_nametoindex(ours.c_str()), 0u) << "a running process's pair stays";
    helper->reset();
    EXPECT_EQ(if_nametoindex(name.c_str()), 0u) << "the pair goes with the helper";
  }).join();
}

TEST(KernelSendLive, NothingOutlivesAKilledProcess) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root (network namespaces, BPF)";
  int ids[2];
  ASSERT_EQ(pipe(ids), 0);
  const pid_t child = fork();  // the test process has one thread here: the child may do anything
  ASSERT_GE(child, 0);
  if (child == 0) {
    uint32_t id = 0;
    if (unshare(CLONE_NEWNET) == 0 && std::system("ip link add va type veth peer name vb && ip link set va up && "
                                                  "ip link set vb up && ethtool -K vb gro on >/dev/null") == 0) {
      // All that a port sending in the kernel holds there: the sender program, kept in the
      // dispatcher by the helper device (its BPF_PROG_RUN calls leave nothing behind).
      std::vector<TxPlan> plans{*compile(tracked(1, 1))};
      auto program = SenderProgram::load(plans, static_cast<int>(if_nametoindex("va")));
      auto helper = program ? HelperDevice::attach((*program)->programFd()) : Result<std::unique_ptr<HelperDevice>>(program.error());
      if (helper) {
        id = (*program)->programId();
        (void)!write(ids[1], &id, sizeof id);
        pause();  // held until killed
      }
    }
    (void)!write(ids[1], &id, sizeof id);
    _exit(1);
  }
  close(ids[1]);
  uint32_t id = 0;
  ASSERT_EQ(read(ids[0], &id, sizeof id), ssize_t(sizeof id));
  ASSERT_NE(id, 0u) << "the child could not load the sender";
  const int fd = bpf_prog_get_fd_by_id(id);
  EXPECT_GE(fd, 0) << "loaded while the child sends";
  if (fd >= 0) close(fd);
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  // The kernel tears the child's namespace (and with it the helper device) down in deferred work.
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    const int again = bpf_prog_get_fd_by_id(id);
    gone = again < 0 && errno == ENOENT;
    if (again >= 0) close(again);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(gone) << "program " << id << " still loaded 5 s after its process was killed";
}

}  // namespace
}  // namespace staccato::turbo::test
