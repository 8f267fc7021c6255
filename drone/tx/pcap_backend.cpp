// libpcap transmit backend. libpcap opens and binds the packet socket (permissions, interface
// checks, error texts); frames then go out in batches with one sendmmsg() on that same socket,
// which is what pcap_sendpacket() does one frame per system call. Each stream has a small ring of
// buffers prefilled with its template, so the patch program only rewrites the fields that vary.
// (libpcap and AF_XDP headers cannot share a translation unit: both define struct bpf_insn.)
#include <pcap/pcap.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "drone/port/privilege_hint.h"
#include "drone/tx/pcap_backend.h"

namespace staccato::drone {
namespace {

constexpr size_t kRingDepth = 32;              ///< buffers per stream = the largest batch
constexpr size_t kRingBudgetBytes = 32 << 20;  ///< many large streams get shallower rings

/// Prefilled buffers of one stream, handed out round-robin.
struct StreamRing {
  std::vector<uint8_t> storage;
  size_t frameBytes = 0;
  size_t depth = 1;
  size_t next = 0;
  uint8_t* slot(size_t k) { return storage.data() + k * frameBytes; }
};

class PcapBackend final : public TxBackend {
 public:
  PcapBackend(pcap_t* p, std::string iface) : pcap_(p), fd_(pcap_fileno(p)), iface_(std::move(iface)) {}
  ~PcapBackend() override { pcap_close(pcap_); }

  std::string name() const override { return "pcap"; }

  Status prepare(std::span<const TxPlan> plans) override {
    size_t total = 0;
    for (const TxPlan& plan : plans) total += plan.frameTemplate.size();
    const size_t depth = std::clamp<size_t>(total ? kRingBudgetBytes / total : kRingDepth, 1, kRingDepth);
    rings_.assign(plans.size(), {});
    for (size_t i = 0; i < plans.size(); ++i) {
      StreamRing& r = rings_[i];
      r.frameBytes = plans[i].frameTemplate.size();
      r.depth = depth;
      r.storage.resize(r.frameBytes * depth);
      for (size_t k = 0; k < depth; ++k)
        std::copy(plans[i].frameTemplate.begin(), plans[i].frameTemplate.end(), r.slot(k));
    }
    return Ok{};
  }

  size_t acquire(size_t stream, std::span<uint8_t*> out) noexcept override {
    StreamRing& r = rings_[stream];
    const size_t n = std::min(out.size(), r.depth);
    for (size_t k = 0; k < n; ++k) {
      out[k] = pending_[k] = r.slot(r.next);
      r.next = r.next + 1 == r.depth ? 0 : r.next + 1;
    }
    return n;
  }

  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    const size_t n = std::min(lengths.size(), kRingDepth);
    for (size_t k = 0; k < n; ++k) {
      iov_[k] = {pending_[k], lengths[k]};
      msgs_[k] = {};
      msgs_[k].msg_hdr.msg_iov = &iov_[k];
      msgs_[k].msg_hdr.msg_iovlen = 1;
    }
    size_t sent = 0;
    while (sent < n) {
      const int rc = sendmmsg(fd_, msgs_.data() + sent, static_cast<unsigned>(n - sent), 0);
      if (rc > 0) {
        sent += static_cast<size_t>(rc);
      } else if (rc < 0 && (errno == EINTR || errno == ENOBUFS || errno == EAGAIN)) {
        continue;  // the qdisc is full for a moment: try again, as pcap_sendpacket callers do
      } else {
        error_ = iface_ + ": send failed: " + (rc < 0 ? std::strerror(errno) : "nothing sent");
        break;
      }
    }
    return sent;
  }

  std::string lastError() const override { return error_; }

 private:
  pcap_t* pcap_;
  int fd_;
  std::string iface_;
  std::vector<StreamRing> rings_;
  std::array<uint8_t*, kRingDepth> pending_{};
  std::array<iovec, kRingDepth> iov_{};
  std::array<mmsghdr, kRingDepth> msgs_{};
  std::string error_;
};

}  // namespace

Result<std::unique_ptr<TxBackend>> openPcapBackend(const std::string& iface) {
  char err[PCAP_ERRBUF_SIZE] = {};
  pcap_t* p = pcap_create(iface.c_str(), err);
  if (!p) return makeError(iface, std::string("cannot open for sending: ") + err);
  pcap_set_snaplen(p, 64);
  pcap_set_immediate_mode(p, 1);
  pcap_set_buffer_size(p, 64 << 10);  // we never read from this handle
  if (int rc = pcap_activate(p); rc < 0) {
    std::string msg = pcap_geterr(p);
    pcap_close(p);
    if (rc == PCAP_ERROR_PERM_DENIED)
      msg += kPrivilegeHint;
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
