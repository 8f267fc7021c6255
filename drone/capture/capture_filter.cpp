// libpcap compiles the filter against a dead Ethernet handle: the program it makes is plain BPF
// (no Linux kernel extensions), so pcap_offline_filter can run it on any frame.
#include "drone/capture/capture_filter.h"

#include <pcap/pcap.h>

namespace staccato::drone {

Result<std::shared_ptr<const CaptureFilter>> CaptureFilter::compile(const std::string& filter, uint32_t snapLength) {
  std::shared_ptr<CaptureFilter> out(new CaptureFilter());
  if (filter.empty()) return std::shared_ptr<const CaptureFilter>(std::move(out));
  pcap_t* dead = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, static_cast<int>(snapLength), PCAP_TSTAMP_PRECISION_NANO);
  if (!dead) return makeError("filter", "cannot compile: libpcap is out of memory", ErrorKind::kInternal);
  auto program = std::make_unique<bpf_program>();
  const int rc = pcap_compile(dead, program.get(), filter.c_str(), 1, PCAP_NETMASK_UNKNOWN);
  const std::string message = rc == 0 ? "" : pcap_geterr(dead);
  pcap_close(dead);
  if (rc != 0) return makeError("filter", message + " (in \"" + filter + "\")");
  out->program_ = std::move(program);
  return std::shared_ptr<const CaptureFilter>(std::move(out));
}

CaptureFilter::~CaptureFilter() {
  if (program_) pcap_freecode(program_.get());
}

bool CaptureFilter::matches(const CapturedFrame& frame) const noexcept {
  if (!program_) return true;
  pcap_pkthdr h{};
  h.caplen = frame.length;
  h.len = frame.wireLength;
  return pcap_offline_filter(program_.get(), &h, frame.data) != 0;
}

}  // namespace staccato::drone
