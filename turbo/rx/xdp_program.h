#pragma once
/// RAII over the turbo receive XDP program (signature_redirect.bpf.c) attached to one
/// interface through a BPF link: the kernel detaches it when the link's last descriptor closes,
/// so it goes away with this object or with the process, even on a crash.
#include <cstdint>
#include <memory>
#include <string>

#include "common/core/result.h"

struct bpf_object;

namespace staccato::turbo {

class XdpProgram {
 public:
  /// Loads the program and attaches it to `iface`: in the driver when it can run XDP there,
  /// else in generic (SKB) mode.
  static Result<std::unique_ptr<XdpProgram>> attach(const std::string& iface);
  /// Loads the program without attaching it (`name` names it in errors and bpftool): what
  /// attach starts with, and what a BPF_PROG_RUN check runs frames through.
  static Result<std::unique_ptr<XdpProgram>> load(const std::string& name);
  ~XdpProgram();
  XdpProgram(const XdpProgram&) = delete;
  XdpProgram& operator=(const XdpProgram&) = delete;

  /// Routes frames of receive queue `queue` to the AF_XDP socket `xskFd`.
  Status bindQueue(uint32_t queue, int xskFd);
  /// Takes only trailers sent within `windowNs` of now; `realtimeMinusMonoNs` turns the
  /// program's monotonic clock into the signatures' realtime one (refresh it: realtime steps).
  Status setSignatureClock(int64_t realtimeMinusMonoNs, uint64_t windowNs);
  bool native() const noexcept { return native_; }
  int programFd() const noexcept { return programFd_; }
  static constexpr uint32_t kMaxQueues = 256;  ///< the socket map's size

 private:
  XdpProgram() = default;
  bpf_object* object_ = nullptr;
  int programFd_ = -1;  // owned by object_
  int linkFd_ = -1;
  int mapFd_ = -1;
  int clockMapFd_ = -1;
  bool native_ = false;
  std::string iface_;
};

/// The compiled program (generated from signature_redirect.bpf.c at build time).
extern const unsigned char kSignatureRedirectObject[];
extern const unsigned long kSignatureRedirectObjectSize;

}  // namespace staccato::turbo
