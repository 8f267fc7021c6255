// pcap-based signature receiver. Per packet: read the trailer, check it is plausible, update
// the stream's stats; no allocation except the first packet of a new stream id, no locks.
#include "drone/rx/signature_receiver.h"

#include <pcap/pcap.h>
#include <poll.h>

#include <array>
#include <chrono>
#include <cstring>
#include <thread>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"
#include "drone/port/privilege_hint.h"

namespace staccato::drone {
namespace {

constexpr int kSnapLen = 16384;
constexpr int kTimeoutMs = 50;
constexpr int64_t kPlausibleNs = 60'000'000'000;  // |rx - tx| beyond a minute: not ours
constexpr size_t kMinFrame = 14 + kSignatureBytes;

uint64_t be(const uint8_t* p, size_t n) { return readBits(p, 0, unsigned(n * 8)); }

class PcapSignatureReceiver final : public SignatureReceiver {
 public:
  explicit PcapSignatureReceiver(pcap_t* p) : pcap_(p), thread_([this](std::stop_token st) { run(st); }) {}

  ~PcapSignatureReceiver() override {
    thread_.request_stop();
    pcap_breakloop(pcap_);
    thread_.join();
    pcap_close(pcap_);
    for (auto& s : streams_) delete s.load();
  }

  void forEachStream(const std::function<void(uint16_t, const StreamRxStats&)>& fn) const override {
    // A cleared stream keeps its (zeroed) slot, since readers may hold it; it shows again once
    // a packet of it arrives.
    for (size_t id = 0; id < kMaxStreams; ++id) {
      const StreamRxStats* s = streams_[id].load(std::memory_order_acquire);
      if (s && s->packets.load(std::memory_order_relaxed) > 0) fn(static_cast<uint16_t>(id), *s);
    }
  }

  void clear() override {
    const uint64_t want = clearsRequested_.fetch_add(1) + 1;
    while (clearsDone_.load() < want) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }

  uint64_t ignored() const override { return ignored_.load(std::memory_order_relaxed); }

 private:
  void run(std::stop_token st) {
    while (!st.stop_requested()) {
      const uint64_t requested = clearsRequested_.load();
      if (requested != clearsDone_.load()) {
        for (auto& s : streams_)
          if (StreamRxStats* p = s.load(std::memory_order_relaxed)) p->clear();
        ignored_.store(0, std::memory_order_relaxed);
        clearsDone_.store(requested);
      }
      // Our own poll with a timeout: libpcap's blocking read may wait forever on an idle port,
      // and this thread must keep serving clears and stop requests.
      pollfd pfd{pcap_get_selectable_fd(pcap_), POLLIN, 0};
      if (::poll(&pfd, 1, kTimeoutMs) <= 0) continue;
      if (pcap_dispatch(pcap_, 512, &PcapSignatureReceiver::onFrame, reinterpret_cast<u_char*>(this)) < 0) {
        if (st.stop_requested()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(kTimeoutMs));  // interface gone? keep serving clears
      }
    }
  }

  static void onFrame(u_char* self, const pcap_pkthdr* h, const u_char* bytes) {
    reinterpret_cast<PcapSignatureReceiver*>(self)->handle(h, bytes);
  }

  void handle(const pcap_pkthdr* h, const u_char* bytes) noexcept {
    if (h->caplen < kMinFrame || h->caplen != h->len) return bump(ignored_);
    const uint8_t* sig = bytes + h->caplen - kSignatureBytes;
    if (be(sig + kSigMagicOffset, 2) != kSignatureMagic) return bump(ignored_);
    const uint64_t rxNs = uint64_t(h->ts.tv_sec) * 1'000'000'000ull + uint64_t(h->ts.tv_usec);  // nano precision
    const uint64_t txNs = be(sig + kSigTimestampOffset, 8);
    const int64_t delta = static_cast<int64_t>(rxNs - txNs);
    if (delta > kPlausibleNs || delta < -kPlausibleNs) return bump(ignored_);
    const size_t id = be(sig + kSigStreamIdOffset, 2);
    StreamRxStats* s = streams_[id].load(std::memory_order_relaxed);
    if (!s) {  // first packet of this stream on this port
      s = new StreamRxStats();
      streams_[id].store(s, std::memory_order_release);
    }
    s->onPacket(static_cast<uint32_t>(be(sig + kSigSeqOffset, 4)), h->len + 4, txNs, rxNs);
  }

  static void bump(std::atomic<uint64_t>& a) { a.store(a.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

  pcap_t* pcap_;
  std::array<std::atomic<StreamRxStats*>, kMaxStreams> streams_{};
  std::atomic<uint64_t> ignored_{0};
  std::atomic<uint64_t> clearsRequested_{0}, clearsDone_{0};
  std::jthread thread_;  // last: starts after everything it uses exists
};

}  // namespace

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::open(const std::string& iface) {
  char err[PCAP_ERRBUF_SIZE] = {};
  pcap_t* p = pcap_create(iface.c_str(), err);
  if (!p) return makeError(iface, std::string("cannot open for receiving: ") + err);
  pcap_set_snaplen(p, kSnapLen);
  pcap_set_timeout(p, kTimeoutMs);
  pcap_set_buffer_size(p, 64 << 20);
  pcap_set_tstamp_precision(p, PCAP_TSTAMP_PRECISION_NANO);
  pcap_set_immediate_mode(p, 1);
  if (int rc = pcap_activate(p); rc < 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    if (rc == PCAP_ERROR_PERM_DENIED) msg += kPrivilegeHint;
    return makeError(iface, "cannot open for receiving: " + msg, ErrorKind::kUnavailable);
  }
  // Only received frames whose trailer starts with the magic reach user space.
  pcap_setdirection(p, PCAP_D_IN);
  bpf_program prog{};
  const std::string filter = "len >= 30 and ether[len - 16 : 2] = " + std::to_string(kSignatureMagic);
  if (pcap_compile(p, &prog, filter.c_str(), 1, PCAP_NETMASK_UNKNOWN) != 0 || pcap_setfilter(p, &prog) != 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    return makeError(iface, "cannot install the receive filter: " + msg, ErrorKind::kInternal);
  }
  pcap_freecode(&prog);
  pcap_setnonblock(p, 1, err);
  return std::unique_ptr<SignatureReceiver>(new PcapSignatureReceiver(p));
}

}  // namespace staccato::drone
