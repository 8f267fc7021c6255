// Test tool: forwards every frame received on one interface to another, with a fixed delay,
// random loss, duplication and reordering. Stands in for tc netem on kernels built without it
// (CONFIG_NET_SCH_NETEM), so the drone's loss/latency measurements can still be checked
// against known impairments. Not part of Staccato; never installed.
//
// Usage: impair_relay IN OUT [--delay-us N] [--loss PCT] [--dup PCT] [--reorder PCT] [--seed N]
// Reordered frames skip the delay (as netem's reorder does); runs until SIGTERM/SIGINT, then
// prints what it did, including the delay it really applied (kernel arrival to send): on a busy
// VM a frame can leave late, and the drone must measure what happened, not what was asked.
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <queue>
#include <random>
#include <string>
#include <vector>

namespace {

volatile sig_atomic_t stop = 0;

uint64_t clockNs(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}
uint64_t nowNs() { return clockNs(CLOCK_MONOTONIC); }

/// Receives one frame into buf; *arrivalNs = the kernel's receive time (CLOCK_REALTIME).
ssize_t receiveFrame(int fd, std::vector<uint8_t>& buf, uint64_t* arrivalNs) {
  iovec iov{buf.data(), buf.size()};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  const ssize_t n = recvmsg(fd, &msg, MSG_DONTWAIT);
  *arrivalNs = clockNs(CLOCK_REALTIME);
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); n > 0 && c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
      timespec ts;
      std::memcpy(&ts, CMSG_DATA(c), sizeof ts);
      *arrivalNs = uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
    }
  }
  return n;
}

int openPacket(const char* ifname, bool receive) {
  int fd = socket(AF_PACKET, SOCK_RAW, receive ? htons(ETH_P_ALL) : 0);
  if (fd < 0) return -1;
  sockaddr_ll sll{};
  sll.sll_family = AF_PACKET;
  sll.sll_protocol = receive ? htons(ETH_P_ALL) : 0;
  sll.sll_ifindex = static_cast<int>(if_nametoindex(ifname));
  if (sll.sll_ifindex == 0 || bind(fd, reinterpret_cast<sockaddr*>(&sll), sizeof sll) != 0) return -1;
  if (receive) {
    int one = 1;
    setsockopt(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one);
    int buf = 64 << 20;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &buf, sizeof buf);
    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
  }
  return fd;
}

struct Pending {
  uint64_t due;
  uint64_t order;
  uint64_t arrivalNs;  ///< CLOCK_REALTIME, from the kernel
  bool reordered;      ///< sent at once, skipping the delay
  std::vector<uint8_t> frame;
  bool operator>(const Pending& o) const { return due != o.due ? due > o.due : order > o.order; }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s IN OUT [--delay-us N] [--loss PCT] [--dup PCT] [--reorder PCT] [--seed N]\n", argv[0]);
    return 2;
  }
  double delayUs = 0, loss = 0, dup = 0, reorder = 0;
  unsigned seed = 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string o = argv[i];
    double v = std::atof(argv[i + 1]);
    if (o == "--delay-us") delayUs = v;
    else if (o == "--loss") loss = v / 100;
    else if (o == "--dup") dup = v / 100;
    else if (o == "--reorder") reorder = v / 100;
    else if (o == "--seed") seed = static_cast<unsigned>(v);
    else { std::fprintf(stderr, "unknown option %s\n", o.c_str()); return 2; }
  }
  int in = openPacket(argv[1], true), out = openPacket(argv[2], false);
  if (in < 0 || out < 0) { std::perror("impair_relay: socket"); return 1; }
  // Punctual wakeups on a loaded machine: a relay preempted for a millisecond adds it to the
  // measured delay. Real-time priority (we are root; best effort otherwise), no timer slack.
  sched_param rt{};
  rt.sched_priority = 10;
  if (sched_setscheduler(0, SCHED_FIFO, &rt) != 0) std::perror("impair_relay: SCHED_FIFO (continuing without)");
  prctl(PR_SET_TIMERSLACK, 1UL);
  signal(SIGTERM, [](int) { stop = 1; });
  signal(SIGINT, [](int) { stop = 1; });
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::priority_queue<Pending, std::vector<Pending>, std::greater<>> queue;
  const uint64_t delayNs = static_cast<uint64_t>(delayUs * 1000);
  uint64_t order = 0, forwarded = 0, dropped = 0, duplicated = 0;
  std::vector<uint64_t> holds;  // how long each frame held for the delay really was (ns)
  std::vector<uint8_t> buf(65536);
  while (!stop) {
    const uint64_t now = nowNs();
    while (!queue.empty() && queue.top().due <= now) {
      const auto& f = queue.top().frame;
      const uint64_t held = clockNs(CLOCK_REALTIME) - queue.top().arrivalNs;
      if (send(out, f.data(), f.size(), 0) > 0) ++forwarded;
      if (delayNs && !queue.top().reordered) holds.push_back(held);
      queue.pop();
    }
    uint64_t waitNs = queue.empty() ? 50'000'000 : queue.top().due - now;
    if (waitNs > 50'000'000) waitNs = 50'000'000;
    pollfd pfd{in, POLLIN, 0};
    if (waitNs > 20'000) {
      timespec ts{0, static_cast<long>(waitNs - 10'000)};
      if (ppoll(&pfd, 1, &ts, nullptr) <= 0) continue;
    }
    for (;;) {
      uint64_t arrival;
      ssize_t n = receiveFrame(in, buf, &arrival);
      if (n <= 0) break;
      if (u(rng) < loss) { ++dropped; continue; }
      // Due `delay` after the kernel took the frame in, not after we got round to reading it.
      const uint64_t sinceArrival = std::min<uint64_t>(clockNs(CLOCK_REALTIME) - arrival, delayNs);
      const bool early = u(rng) < reorder;
      const uint64_t due = early ? nowNs() : nowNs() - sinceArrival + delayNs;
      const int copies = u(rng) < dup ? 2 : 1;
      duplicated += copies - 1;
      for (int c = 0; c < copies; ++c)
        queue.push({due, order++, arrival, early, std::vector<uint8_t>(buf.begin(), buf.begin() + n)});
    }
  }
  std::fprintf(stderr, "impair_relay: forwarded %llu, dropped %llu, duplicated %llu\n", (unsigned long long)forwarded,
               (unsigned long long)dropped, (unsigned long long)duplicated);
  if (!holds.empty()) {
    std::sort(holds.begin(), holds.end());
    uint64_t sum = 0;
    for (uint64_t h : holds) sum += h;
    std::fprintf(stderr, "impair_relay: applied delay avg_ns=%llu p50_ns=%llu max_ns=%llu over %zu frames\n",
                 (unsigned long long)(sum / holds.size()), (unsigned long long)holds[holds.size() / 2],
                 (unsigned long long)holds.back(), holds.size());
  }
  return 0;
}
