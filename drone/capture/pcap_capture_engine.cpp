// The libpcap capture engine: one handle per direction (received frames: PCAP_D_IN, the port's
// own sent frames kept out by the kernel; sent frames: PCAP_D_OUT), each with the capture's BPF
// filter in the kernel and a TPACKET_V3 ring, read by one thread that hands every frame to the
// capture with its nanosecond kernel timestamp and its direction.
#include "drone/capture/pcap_capture_engine.h"

#include <linux/if_packet.h>
#include <pcap/pcap.h>
#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "common/core/thread_affinity.h"
#include "drone/port/privilege_hint.h"

namespace staccato::drone {
namespace {

constexpr int kTimeoutMs = 50;                       // also bounds how long a stop waits
constexpr int kKernelBufferBytes = 8 << 20;          // per direction: what waits while the thread is busy
constexpr auto kStatsEvery = std::chrono::milliseconds(100);

struct Handle {
  pcap_t* pcap = nullptr;
  uint8_t direction = 0;  ///< kCapturedInbound or kCapturedOutbound
};

class PcapCaptureEngine final : public CaptureEngine {
 public:
  PcapCaptureEngine(std::vector<Handle> handles, const std::string& iface, CaptureSink& sink)
      : handles_(std::move(handles)), name_("capture " + iface), iface_(iface), sink_(sink),
        thread_([this](std::stop_token st) { run(st); }) {}

  ~PcapCaptureEngine() override {
    thread_.request_stop();
    for (Handle& h : handles_) pcap_breakloop(h.pcap);
    thread_.join();
    for (Handle& h : handles_) pcap_close(h.pcap);
  }

  uint64_t kernelDropped() const override { return dropped_.load(std::memory_order_relaxed); }

 private:
  void readDrops() {
    uint64_t dropped = 0;
    for (Handle& h : handles_) {
      pcap_stat st{};
      if (pcap_stats(h.pcap, &st) == 0) dropped += st.ps_drop;
    }
    dropped_.store(dropped, std::memory_order_relaxed);
  }

  void run(std::stop_token st) {
    nameCurrentThread(name_.c_str());
    std::vector<pollfd> fds;
    for (Handle& h : handles_) fds.push_back({pcap_get_selectable_fd(h.pcap), POLLIN, 0});
    auto nextStats = std::chrono::steady_clock::now();
    while (!st.stop_requested() && !sink_.complete()) {
      if (std::chrono::steady_clock::now() >= nextStats) {
        readDrops();
        nextStats = std::chrono::steady_clock::now() + kStatsEvery;
      }
      if (::poll(fds.data(), fds.size(), kTimeoutMs) <= 0) continue;
      for (size_t i = 0; i < handles_.size(); ++i) {
        if (!fds[i].revents) continue;
        current_ = handles_[i].direction;
        if (pcap_dispatch(handles_[i].pcap, 512, &PcapCaptureEngine::onPcapFrame, reinterpret_cast<u_char*>(this)) < 0 &&
            !st.stop_requested()) {
          sink_.onCaptureError("capture on " + iface_ + " stopped: " + pcap_geterr(handles_[i].pcap));
          readDrops();
          return;
        }
      }
    }
    readDrops();
  }

  static void onPcapFrame(u_char* self, const pcap_pkthdr* h, const u_char* bytes) {
    auto* e = reinterpret_cast<PcapCaptureEngine*>(self);
    const CapturedFrame f{bytes, h->caplen, h->len,
                          uint64_t(h->ts.tv_sec) * 1'000'000'000ull + uint64_t(h->ts.tv_usec),  // nano precision
                          e->current_};
    e->sink_.onCaptured({&f, 1});
  }

  std::vector<Handle> handles_;
  std::string name_, iface_;
  CaptureSink& sink_;
  uint8_t current_ = 0;  ///< the direction of the handle being read (capture thread only)
  std::atomic<uint64_t> dropped_{0};
  std::jthread thread_;  // last: starts after everything it uses exists
};

/// One handle for one direction, with the filter in the kernel.
Result<pcap_t*> openHandle(const std::string& iface, const CaptureSpec& spec, uint32_t snapLength, bool inbound) {
  char err[PCAP_ERRBUF_SIZE] = {};
  pcap_t* p = pcap_create(iface.c_str(), err);
  if (!p) return makeError(iface, std::string("cannot open for capturing: ") + err, ErrorKind::kUnavailable);
  pcap_set_snaplen(p, static_cast<int>(snapLength));
  pcap_set_timeout(p, kTimeoutMs);
  pcap_set_buffer_size(p, kKernelBufferBytes);
  pcap_set_tstamp_precision(p, PCAP_TSTAMP_PRECISION_NANO);
  if (int rc = pcap_activate(p); rc < 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    if (rc == PCAP_ERROR_PERM_DENIED) msg += kPrivilegeHint;
    return makeError(iface, "cannot open for capturing: " + msg, ErrorKind::kUnavailable);
  }
  if (inbound) {  // the port's own sent frames are not even copied to this socket
    const int one = 1;
    setsockopt(pcap_get_selectable_fd(p), SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one);
  }
  pcap_setdirection(p, inbound ? PCAP_D_IN : PCAP_D_OUT);
  bpf_program prog{};
  if (pcap_compile(p, &prog, spec.filter.c_str(), 1, PCAP_NETMASK_UNKNOWN) != 0 || pcap_setfilter(p, &prog) != 0) {
    const std::string msg = pcap_geterr(p);
    pcap_freecode(&prog);
    pcap_close(p);
    return makeError("filter", msg + " (in \"" + spec.filter + "\")");
  }
  pcap_freecode(&prog);
  pcap_setnonblock(p, 1, err);
  return p;
}

}  // namespace

Result<std::unique_ptr<CaptureEngine>> openPcapCapture(const std::string& iface, const CaptureSpec& spec,
                                                       uint32_t snapLength, CaptureSink& sink) {
  std::vector<Handle> handles;
  auto closeAll = [&] {
    for (Handle& h : handles) pcap_close(h.pcap);
  };
  for (const bool inbound : {true, false}) {
    if (inbound ? !spec.receives() : !spec.sends()) continue;
    auto p = openHandle(iface, spec, snapLength, inbound);
    if (!p) {
      closeAll();
      return p.error();
    }
    handles.push_back({*p, static_cast<uint8_t>(inbound ? kCapturedInbound : kCapturedOutbound)});
  }
  return std::unique_ptr<CaptureEngine>(new PcapCaptureEngine(std::move(handles), iface, sink));
}

}  // namespace staccato::drone
