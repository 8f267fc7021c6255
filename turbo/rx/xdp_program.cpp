#include "turbo/rx/xdp_program.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <net/if.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/core/bpf_privilege.h"
#include "turbo/bpf/xdp_link.h"

namespace staccato::turbo {

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
  auto link = linkXdp(p->programFd_, ifindex, iface, "the receive XDP program");
  if (!link) return link.error();
  p->linkFd_ = link->fd;
  p->native_ = link->native;
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
