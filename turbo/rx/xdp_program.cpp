#include "turbo/rx/xdp_program.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/if_link.h>
#include <net/if.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/core/bpf_privilege.h"

namespace staccato::turbo {
namespace {

int linkXdp(int progFd, unsigned ifindex, uint32_t flags) {
  LIBBPF_OPTS(bpf_link_create_opts, opts, .flags = flags);
  const int fd = bpf_link_create(progFd, static_cast<int>(ifindex), BPF_XDP, &opts);
  return fd < 0 ? -errno : fd;
}

}  // namespace

Result<std::unique_ptr<XdpProgram>> XdpProgram::load(const std::string& name) {
  std::unique_ptr<XdpProgram> p(new XdpProgram());
  p->iface_ = name;
  const std::string objectName = "staccato-rx-" + name;
  LIBBPF_OPTS(bpf_object_open_opts, openOpts, .object_name = objectName.c_str());
  p->object_ = bpf_object__open_mem(kSignatureRedirectObject, kSignatureRedirectObjectSize, &openOpts);
  if (!p->object_) return makeError(name, "cannot open the receive XDP program: " + errorText(errno), ErrorKind::kInternal);
  if (int rc = bpf_object__load(p->object_); rc != 0)
    return makeError(name, "cannot load the receive XDP program: " + errorText(rc) + bpfPrivilegeHint(rc),
                     ErrorKind::kUnavailable);
  bpf_program* prog = bpf_object__find_program_by_name(p->object_, "staccato_signature_redirect");
  p->mapFd_ = bpf_object__find_map_fd_by_name(p->object_, "xsks");
  p->clockMapFd_ = bpf_object__find_map_fd_by_name(p->object_, "signature_clock");
  if (!prog || p->mapFd_ < 0 || p->clockMapFd_ < 0)
    return makeError(name, "the receive XDP program is incomplete", ErrorKind::kInternal);
  p->programFd_ = bpf_program__fd(prog);
  return p;
}

Result<std::unique_ptr<XdpProgram>> XdpProgram::attach(const std::string& iface) {
  const unsigned ifindex = if_nametoindex(iface.c_str());
  if (ifindex == 0) return makeError(iface, "no such interface", ErrorKind::kNotFound);
  auto loaded = load(iface);
  if (!loaded) return loaded.error();
  std::unique_ptr<XdpProgram> p = std::move(loaded).value();
  // In the driver first; a driver without XDP (or one that refuses, e.g. veth whose peer MTU is
  // too large) gets the generic hook, which works on any interface but costs an skb per frame.
  int fd = linkXdp(p->programFd_, ifindex, XDP_FLAGS_DRV_MODE);
  p->native_ = fd >= 0;
  if (fd < 0) fd = linkXdp(p->programFd_, ifindex, XDP_FLAGS_SKB_MODE);
  if (fd < 0)
    return makeError(iface, "cannot attach the receive XDP program: " + errorText(fd) + xdpAttachHint(fd),
                     ErrorKind::kUnavailable);
  p->linkFd_ = fd;
  return p;
}

Status XdpProgram::bindQueue(uint32_t queue, int xskFd) {
  if (queue >= kMaxQueues) return makeError(iface_, "receive queue " + std::to_string(queue) + " beyond the program's map");
  if (bpf_map_update_elem(mapFd_, &queue, &xskFd, BPF_ANY) != 0)
    return makeError(iface_ + " queue " + std::to_string(queue), "cannot route frames to the AF_XDP socket: " + errorText(errno),
                     ErrorKind::kInternal);
  return Ok{};
}

Status XdpProgram::setSignatureClock(int64_t realtimeMinusMonoNs, uint64_t windowNs) {
  struct {
    int64_t realtimeMinusMono;
    uint64_t window;
  } clock{realtimeMinusMonoNs, windowNs};  // the program's struct signature_clock
  const uint32_t zero = 0;
  if (bpf_map_update_elem(clockMapFd_, &zero, &clock, BPF_ANY) != 0)
    return makeError(iface_, "cannot set the receive XDP program's clock: " + errorText(errno), ErrorKind::kInternal);
  return Ok{};
}

XdpProgram::~XdpProgram() {
  if (linkFd_ >= 0) ::close(linkFd_);  // detaches the program
  if (object_) bpf_object__close(object_);
}

}  // namespace staccato::turbo
