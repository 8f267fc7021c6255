#include "turbo/xdp/helper_device.h"

#include <bpf/bpf.h>
#include <fcntl.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>
#include <net/if.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <signal.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include "common/core/bpf_privilege.h"

namespace staccato::turbo {
namespace {

/// A netlink request built in place: header, interface message, nested attributes.
struct LinkRequest {
  nlmsghdr header;
  ifinfomsg info;
  char attrs[512];

  rtattr* add(unsigned short type, const void* data, size_t len) {
    auto* a = reinterpret_cast<rtattr*>(reinterpret_cast<char*>(this) + NLMSG_ALIGN(header.nlmsg_len));
    a->rta_type = type;
    a->rta_len = static_cast<unsigned short>(RTA_LENGTH(len));
    if (len) std::memcpy(RTA_DATA(a), data, len);
    header.nlmsg_len = NLMSG_ALIGN(header.nlmsg_len) + RTA_ALIGN(a->rta_len);
    return a;
  }
  void close(rtattr* nest) { nest->rta_len = static_cast<unsigned short>(reinterpret_cast<char*>(this) + header.nlmsg_len - reinterpret_cast<char*>(nest)); }
};

/// Sends a request on a new rtnetlink socket and reads its acknowledgement. 0 or -errno.
int request(const LinkRequest& req) {
  const int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
  if (fd < 0) return -errno;
  int rc = 0;
  if (send(fd, &req, req.header.nlmsg_len, 0) < 0) {
    rc = -errno;
  } else {
    char reply[1024];
    const ssize_t n = recv(fd, reply, sizeof reply, 0);
    const auto* h = reinterpret_cast<const nlmsghdr*>(reply);
    if (n < 0) rc = -errno;
    else if (n < static_cast<ssize_t>(NLMSG_LENGTH(sizeof(nlmsgerr))) || h->nlmsg_type != NLMSG_ERROR) rc = -EPROTO;
    else rc = static_cast<const nlmsgerr*>(NLMSG_DATA(h))->error;
  }
  ::close(fd);
  return rc;
}

LinkRequest linkRequest(uint16_t type, uint16_t flags, const char* name) {
  LinkRequest req{};
  req.header.nlmsg_len = NLMSG_LENGTH(sizeof(ifinfomsg));
  req.header.nlmsg_type = type;
  req.header.nlmsg_flags = static_cast<uint16_t>(NLM_F_REQUEST | NLM_F_ACK | flags);
  req.info.ifi_family = AF_UNSPEC;
  req.add(IFLA_IFNAME, name, std::strlen(name) + 1);
  return req;
}

/// `ip link add NAME type veth peer name PEER` in the calling thread's namespace. 0 or -errno.
int createVethPair(const char* name, const char* peer) {
  LinkRequest req = linkRequest(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, name);
  rtattr* linkInfo = req.add(IFLA_LINKINFO, nullptr, 0);
  req.add(IFLA_INFO_KIND, "veth", 4);
  rtattr* data = req.add(IFLA_INFO_DATA, nullptr, 0);
  rtattr* peerInfo = req.add(VETH_INFO_PEER, nullptr, 0);
  req.header.nlmsg_len += sizeof(ifinfomsg);  // the peer's (empty) interface message
  req.add(IFLA_IFNAME, peer, std::strlen(peer) + 1);
  req.close(peerInfo);
  req.close(data);
  req.close(linkInfo);
  return request(req);
}

/// `ip link del NAME` (a veth takes its peer along). 0 or -errno.
int deleteLink(const char* name) { return request(linkRequest(RTM_DELLINK, 0, name)); }

/// Attaches the program to `name` in native mode: a BPF link descriptor, or -errno.
int attachNative(int programFd, const char* name) {
  LIBBPF_OPTS(bpf_link_create_opts, opts, .flags = XDP_FLAGS_DRV_MODE);
  const int fd = bpf_link_create(programFd, static_cast<int>(if_nametoindex(name)), BPF_XDP, &opts);
  return fd < 0 ? -errno : fd;
}

/// The pid in a helper's name made by attachHere (prefix, pid, '-', number), or 0.
pid_t ownerOf(const char* name, const char* prefixText = HelperDevice::kHerePrefix) {
  const size_t prefix = std::strlen(prefixText);
  if (std::strncmp(name, prefixText, prefix) != 0) return 0;
  char* end = nullptr;
  const long pid = std::strtol(name + prefix, &end, 10);
  return end != name + prefix && *end == '-' && pid > 0 ? static_cast<pid_t>(pid) : 0;
}

struct Attached {
  int linkFd = -1, netnsFd = -1;
  std::string error;
};

/// Runs in a thread of its own, which it moves into a new namespace (a thread's namespace is
/// its own; the caller's is untouched). The thread ends there; the namespace lives on through
/// the descriptor it returns.
void attachInPrivateNamespace(int programFd, Attached& out) {
  if (unshare(CLONE_NEWNET) != 0) {
    out.error = "cannot create a private network namespace: " + errorText(errno);
    return;
  }
  out.netnsFd = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
  if (out.netnsFd < 0) {
    out.error = "cannot hold the private network namespace: " + errorText(errno);
    return;
  }
  if (int rc = createVethPair(HelperDevice::kName, HelperDevice::kPeerName); rc != 0) {
    out.error = "cannot create a veth pair in it: " + errorText(rc);
    return;
  }
  out.linkFd = attachNative(programFd, HelperDevice::kName);
  if (out.linkFd < 0) out.error = "cannot attach the program to its veth in native mode: " + errorText(out.linkFd);
}

}  // namespace

Result<std::unique_ptr<HelperDevice>> HelperDevice::attach(int programFd) {
  Attached a;
  std::thread([&] { attachInPrivateNamespace(programFd, a); }).join();
  std::unique_ptr<HelperDevice> d(new HelperDevice());
  d->linkFd_ = a.linkFd;
  d->netnsFd_ = a.netnsFd;
  if (a.error.empty()) return d;
  auto here = attachHere(programFd);
  if (here) return here;
  return makeError("in-kernel sender helper device", a.error + "; " + here.error().message, ErrorKind::kUnavailable);
}

Result<std::unique_ptr<HelperDevice>> HelperDevice::attachHere(int programFd) {
  static std::atomic<unsigned> made{0};
  removeLeftovers();
  const std::string tail = std::to_string(getpid()) + "-" + std::to_string(made++ % 1000);
  const std::string name = kHerePrefix + tail, peer = kHerePeerPrefix + tail;
  if (int rc = createVethPair(name.c_str(), peer.c_str()); rc != 0)
    return makeError("in-kernel sender helper device", "cannot create the veth pair " + name + ": " + errorText(rc),
                     ErrorKind::kUnavailable);
  std::unique_ptr<HelperDevice> d(new HelperDevice());
  d->name_ = name;  // deleted with d from here on
  d->linkFd_ = attachNative(programFd, name.c_str());
  if (d->linkFd_ < 0)
    return makeError("in-kernel sender helper device", "cannot attach the program to " + name + " in native mode: " +
                                                           errorText(d->linkFd_), ErrorKind::kUnavailable);
  return d;
}

void HelperDevice::removeLeftovers() {
  struct if_nameindex* all = if_nameindex();
  if (!all) return;
  for (const struct if_nameindex* i = all; i->if_index != 0; ++i) {
    const pid_t owner = ownerOf(i->if_name);
    if (owner != 0 && kill(owner, 0) != 0 && errno == ESRCH) deleteLink(i->if_name);
  }
  if_freenameindex(all);
}

bool HelperDevice::isHelper(const std::string& name) {
  return ownerOf(name.c_str()) != 0 || ownerOf(name.c_str(), kHerePeerPrefix) != 0;
}

HelperDevice::~HelperDevice() {
  if (linkFd_ >= 0) ::close(linkFd_);
  if (!name_.empty()) deleteLink(name_.c_str());
  if (netnsFd_ >= 0) ::close(netnsFd_);  // the last reference: the namespace and the pair go
}

}  // namespace staccato::turbo
