// libpcap transmit backend: one pcap handle per port, one prefilled buffer per stream,
// pcap_sendpacket per frame. It hands out one buffer at a time so every packet's TX timestamp
// is taken right before its own send call. (libpcap and AF_XDP headers cannot share a translation
// unit: both define struct bpf_insn.)
#include <pcap/pcap.h>

#include "drone/tx/tx_backend.h"

namespace staccato::drone {
namespace {

class PcapBackend final : public TxBackend {
 public:
  PcapBackend(pcap_t* p, std::string iface) : pcap_(p), iface_(std::move(iface)) {}
  ~PcapBackend() override { pcap_close(pcap_); }

  std::string name() const override { return "pcap"; }

  Status prepare(std::span<const TxPlan> plans) override {
    frames_.clear();
    for (const TxPlan& plan : plans) frames_.push_back(plan.frameTemplate);
    return Ok{};
  }

  size_t acquire(size_t stream, std::span<uint8_t*> out) noexcept override {
    if (out.empty()) return 0;
    pending_ = out[0] = frames_[stream].data();
    return 1;
  }

  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    if (lengths.empty()) return 0;
    if (pcap_sendpacket(pcap_, pending_, lengths[0]) != 0) {
      error_ = pcap_geterr(pcap_);
      return 0;
    }
    return 1;
  }

  std::string lastError() const override { return error_; }

 private:
  pcap_t* pcap_;
  std::string iface_;
  std::vector<std::vector<uint8_t>> frames_;
  uint8_t* pending_ = nullptr;
  std::string error_;
};

}  // namespace

Result<std::unique_ptr<TxBackend>> openPcapBackend(const std::string& iface) {
  char err[PCAP_ERRBUF_SIZE] = {};
  pcap_t* p = pcap_create(iface.c_str(), err);
  if (!p) return makeError(iface, std::string("cannot open for sending: ") + err);
  pcap_set_snaplen(p, 64);
  pcap_set_immediate_mode(p, 1);
  if (int rc = pcap_activate(p); rc < 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    if (rc == PCAP_ERROR_PERM_DENIED)
      msg += " (run the drone as root or give it CAP_NET_RAW: sudo setcap cap_net_raw,cap_net_admin=eip staccato-drone)";
    return makeError(iface, "cannot open for sending: " + msg);
  }
  // We only send on this handle: a filter that accepts nothing keeps its buffer empty.
  bpf_program none{};
  if (pcap_compile(p, &none, "less 1", 1, PCAP_NETMASK_UNKNOWN) == 0) {
    pcap_setfilter(p, &none);
    pcap_freecode(&none);
  }
  return std::unique_ptr<TxBackend>(new PcapBackend(p, iface));
}

}  // namespace staccato::drone
