#include "turbo/bpf/xdp_link.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/if_link.h>

#include <cerrno>

#include "common/core/bpf_privilege.h"
#include "turbo/bpf/signature_wire.h"  // its compile-time check against the C++ layout

namespace staccato::turbo {
namespace {

int linkAt(int programFd, unsigned ifindex, uint32_t flags) {
  LIBBPF_OPTS(bpf_link_create_opts, opts, .flags = flags);
  const int fd = bpf_link_create(programFd, static_cast<int>(ifindex), BPF_XDP, &opts);
  return fd < 0 ? -errno : fd;
}

}  // namespace

Result<XdpLink> linkXdp(int programFd, unsigned ifindex, const std::string& iface, const std::string& what,
                        bool genericOnly) {
  XdpLink link;
  link.fd = genericOnly ? -EOPNOTSUPP : linkAt(programFd, ifindex, XDP_FLAGS_DRV_MODE);
  link.native = link.fd >= 0;
  if (link.fd < 0) link.fd = linkAt(programFd, ifindex, XDP_FLAGS_SKB_MODE);
  if (link.fd < 0)
    return makeError(iface, "cannot attach " + what + ": " + errorText(link.fd) + xdpAttachHint(link.fd),
                     ErrorKind::kUnavailable);
  return link;
}

}  // namespace staccato::turbo
