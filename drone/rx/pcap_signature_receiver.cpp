// The libpcap receive engine: a kernel BPF filter passes only signature frames, a thread reads
// them with nanosecond kernel timestamps.
#include <linux/if_packet.h>
#include <pcap/pcap.h>
#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "common/core/thread_affinity.h"
#include "common/packet/signature_layout.h"
#include "drone/port/privilege_hint.h"
#include "drone/rx/signature_receiver.h"

namespace staccato::drone {
namespace {

/// How long a frame may wait in a partly filled block before the kernel hands the block over.
constexpr int kTimeoutMs = 50;

class PcapSignatureReceiver final : public SignatureReceiver {
 public:
  PcapSignatureReceiver(pcap_t* p, const std::string& iface, bool userTimestamps, bool adapterTimestamps)
      : SignatureReceiver(userTimestamps), pcap_(p), name_("rx " + iface), adapterTimestamps_(adapterTimestamps),
        thread_([this](std::stop_token st) { run(st); }) {}

  ~PcapSignatureReceiver() override {
    thread_.request_stop();
    pcap_breakloop(pcap_);
    thread_.join();
    pcap_close(pcap_);
  }

  std::string engine() const override { return "pcap"; }
  std::string engineTimestamps() const override { return adapterTimestamps_ ? "adapter" : "kernel"; }
  uint64_t dropped() const override {
    return kernelDrops_.load(std::memory_order_relaxed) - dropsAtClear_.load(std::memory_order_relaxed);
  }

 private:
  /// Receive thread: signature frames that passed the filter but found the packet ring full
  /// (libpcap's ps_drop; the kernel counts them after running our BPF filter).
  void readDrops() noexcept {
    pcap_stat st{};
    if (pcap_stats(pcap_, &st) == 0) kernelDrops_.store(st.ps_drop, std::memory_order_relaxed);
  }
  void onClear() noexcept override {
    readDrops();
    dropsAtClear_.store(kernelDrops_.load(std::memory_order_relaxed), std::memory_order_relaxed);
  }

  void run(std::stop_token st) {
    nameCurrentThread(name_.c_str());
    while (!st.stop_requested()) {
      serviceClear();
      readDrops();
      // Our own poll with a timeout: libpcap's blocking read may wait forever on an idle port,
      // and this thread must keep serving clears and stop requests.
      pollfd pfd{pcap_get_selectable_fd(pcap_), POLLIN, 0};
      if (::poll(&pfd, 1, kTimeoutMs) <= 0) continue;
      if (pcap_dispatch(pcap_, 512, &PcapSignatureReceiver::onPcapFrame, reinterpret_cast<u_char*>(this)) < 0) {
        if (st.stop_requested()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(kTimeoutMs));  // interface gone? keep serving clears
      }
    }
  }

  static void onPcapFrame(u_char* self, const pcap_pkthdr* h, const u_char* bytes) {
    const uint64_t rxNs = uint64_t(h->ts.tv_sec) * 1'000'000'000ull + uint64_t(h->ts.tv_usec);  // nano precision
    reinterpret_cast<PcapSignatureReceiver*>(self)->onFrame(bytes, h->caplen, h->len, rxNs);
  }

  pcap_t* pcap_;
  std::string name_;
  bool adapterTimestamps_;
  std::atomic<uint64_t> kernelDrops_{0}, dropsAtClear_{0};
  std::jthread thread_;  // last: starts after everything it uses exists
};

}  // namespace

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openPcap(const PortInfo& port, const RxOptions& options) {
  const std::string& iface = port.name;
  char err[PCAP_ERRBUF_SIZE] = {};
  pcap_t* p = pcap_create(iface.c_str(), err);
  if (!p) return makeError(iface, std::string("cannot open for receiving: ") + err);
  // The ring's size in frames decides how long the receive thread may stall before frames are
  // missed. Frames are copied up to the port's longest (a signature sits at a frame's end).
  pcap_set_snaplen(p, static_cast<int>(frameSnapLength(port)));
  pcap_set_timeout(p, kTimeoutMs);
  pcap_set_buffer_size(p, static_cast<int>(options.pcapBufferBytes));
  pcap_set_tstamp_precision(p, PCAP_TSTAMP_PRECISION_NANO);
  // The NIC's own arrival times where it offers them in the system clock's time (the signature's
  // clock); else the kernel's, taken when the frame reaches the packet socket.
  bool adapter = false;
  int* types = nullptr;
  const int typeCount = pcap_list_tstamp_types(p, &types);
  for (int i = 0; i < typeCount; ++i) adapter |= types[i] == PCAP_TSTAMP_ADAPTER;
  if (types) pcap_free_tstamp_types(types);
  if (adapter) adapter = pcap_set_tstamp_type(p, PCAP_TSTAMP_ADAPTER) == 0;
  // Kernel (or adapter) stamps are taken on arrival, so frames may wait in the ring: without
  // immediate mode the kernel packs them into blocks by their length (TPACKET_V3): 16 MiB holds
  // about 100,000 64-byte frames instead of about 10,000 slots of the longest frame (measured by
  // tests/netns/rx_stall_test.sh). Stamps taken by this thread need each frame handed at once.
  pcap_set_immediate_mode(p, options.userTimestamps ? 1 : 0);
  if (int rc = pcap_activate(p); rc < 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    if (rc == PCAP_ERROR_PERM_DENIED) msg += kPrivilegeHint;
    return makeError(iface, "cannot open for receiving: " + msg, ErrorKind::kUnavailable);
  }
  // The port's own outgoing frames are never copied to this socket (the kernel skips it for
  // them: a sending port's tracker would otherwise take a copy of every frame it sends), and
  // only received frames whose trailer starts with a lane's magic reach user space.
  const int one = 1;
  setsockopt(pcap_get_selectable_fd(p), SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one);
  pcap_setdirection(p, PCAP_D_IN);
  bpf_program prog{};
  const std::string filter = "len >= 30 and (ether[len - 16 : 2] = " + std::to_string(kSignatureMagic) +
                             " or (ether[len - 16] = " + std::to_string(kLaneMagicBase >> 8) + " and ether[len - 15] != 0))";
  if (pcap_compile(p, &prog, filter.c_str(), 1, PCAP_NETMASK_UNKNOWN) != 0 || pcap_setfilter(p, &prog) != 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    return makeError(iface, "cannot install the receive filter: " + msg, ErrorKind::kInternal);
  }
  pcap_freecode(&prog);
  pcap_setnonblock(p, 1, err);
  return std::unique_ptr<SignatureReceiver>(new PcapSignatureReceiver(p, iface, options.userTimestamps, adapter));
}

}  // namespace staccato::drone
