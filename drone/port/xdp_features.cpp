#include "drone/port/xdp_features.h"

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/core/unique_fd.h"

// Debian 12 ships 6.1 uapi headers, which predate linux/netdev.h (added in 6.3). The values below are
// kernel ABI and never change; when the header is there we only check that we agree with it.
#if __has_include(<linux/netdev.h>)
#include <linux/netdev.h>
#define STACCATO_HAVE_LINUX_NETDEV_H 1
#endif

namespace staccato::drone {
namespace {

constexpr const char* kNetdevFamilyName = "netdev";  // NETDEV_FAMILY_NAME
constexpr uint8_t kNetdevFamilyVersion = 1;          // NETDEV_FAMILY_VERSION
constexpr uint8_t kNetdevCmdDevGet = 1;              // NETDEV_CMD_DEV_GET
constexpr uint16_t kNetdevADevIfindex = 1;           // NETDEV_A_DEV_IFINDEX (u32)
constexpr uint16_t kNetdevADevXdpFeatures = 3;       // NETDEV_A_DEV_XDP_FEATURES (u64, NETDEV_XDP_ACT_*)
constexpr uint16_t kNetdevADevXdpZcMaxSegs = 4;      // NETDEV_A_DEV_XDP_ZC_MAX_SEGS (u32, kernel 6.6+)
constexpr uint64_t kXdpActBasic = 1;                 // NETDEV_XDP_ACT_BASIC
constexpr uint64_t kXdpActRedirect = 2;              // NETDEV_XDP_ACT_REDIRECT
constexpr uint64_t kXdpActNdoXmit = 4;               // NETDEV_XDP_ACT_NDO_XMIT
constexpr uint64_t kXdpActXskZerocopy = 8;           // NETDEV_XDP_ACT_XSK_ZEROCOPY

#ifdef STACCATO_HAVE_LINUX_NETDEV_H
static_assert(kNetdevCmdDevGet == NETDEV_CMD_DEV_GET);
static_assert(kNetdevADevIfindex == NETDEV_A_DEV_IFINDEX);
static_assert(kNetdevADevXdpFeatures == NETDEV_A_DEV_XDP_FEATURES);
static_assert(kXdpActBasic == NETDEV_XDP_ACT_BASIC);
static_assert(kXdpActRedirect == NETDEV_XDP_ACT_REDIRECT);
static_assert(kXdpActNdoXmit == NETDEV_XDP_ACT_NDO_XMIT);
static_assert(kXdpActXskZerocopy == NETDEV_XDP_ACT_XSK_ZEROCOPY);
// NETDEV_A_DEV_XDP_ZC_MAX_SEGS is not checked: 6.3-6.5 headers lack it and an enum cannot be #ifdef'd.
#endif


/// One generic-netlink request with room for a couple of small attributes.
struct Request {
  alignas(nlmsghdr) unsigned char data[64]{};

  Request(uint16_t family, uint8_t cmd, uint8_t version, uint32_t seq) {
    auto* h = reinterpret_cast<nlmsghdr*>(data);
    h->nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
    h->nlmsg_type = family;
    h->nlmsg_flags = NLM_F_REQUEST;
    h->nlmsg_seq = seq;
    auto* g = static_cast<genlmsghdr*>(NLMSG_DATA(h));
    g->cmd = cmd;
    g->version = version;
  }
  nlmsghdr* header() { return reinterpret_cast<nlmsghdr*>(data); }
  /// Our payloads are constant and tiny; the bound only keeps a future edit from writing past `data`.
  bool add(uint16_t type, const void* payload, size_t n) {
    const size_t at = NLMSG_ALIGN(header()->nlmsg_len);
    if (at + NLA_ALIGN(NLA_HDRLEN + n) > sizeof data) return false;
    nlattr a{static_cast<uint16_t>(NLA_HDRLEN + n), type};
    std::memcpy(data + at, &a, sizeof a);
    std::memcpy(data + at + NLA_HDRLEN, payload, n);
    header()->nlmsg_len = static_cast<uint32_t>(at + NLA_ALIGN(a.nla_len));
    return true;
  }
};

/// Room for any answer we ask for: the netdev family description is well under 2 KiB.
struct RecvBuffer {
  alignas(nlmsghdr) unsigned char data[16 * 1024];
};

/// Sends `req` and waits for the kernel's answer to it. 0 with `reply` pointing into `buf`, or an errno:
/// the kernel's own (ENOENT, ENODEV, ...) or EPROTO/EMSGSIZE for replies we cannot make sense of.
int exchange(int fd, Request& req, RecvBuffer& buf, const nlmsghdr*& reply) {
  sockaddr_nl kernel{};
  kernel.nl_family = AF_NETLINK;
  const nlmsghdr* out = req.header();
  if (::sendto(fd, out, out->nlmsg_len, 0, reinterpret_cast<sockaddr*>(&kernel), sizeof kernel) < 0) return errno;
  for (;;) {
    sockaddr_nl from{};
    socklen_t fromLen = sizeof from;
    // MSG_TRUNC makes recvfrom report the real size, so a too-small buffer is seen, not silently cut.
    const ssize_t n =
        ::recvfrom(fd, buf.data, sizeof buf.data, MSG_TRUNC, reinterpret_cast<sockaddr*>(&from), &fromLen);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno == EAGAIN ? ETIMEDOUT : errno;
    }
    if (static_cast<size_t>(n) > sizeof buf.data) return EMSGSIZE;
    if (from.nl_pid != 0) continue;  // only the kernel answers; ignore anything another socket sent us
    // Walked by hand rather than with NLMSG_OK/NLMSG_NEXT: those mix signed and unsigned lengths.
    for (size_t at = 0, len = 0; at + sizeof(nlmsghdr) <= static_cast<size_t>(n); at += NLMSG_ALIGN(len)) {
      const auto* h = reinterpret_cast<const nlmsghdr*>(buf.data + at);
      len = h->nlmsg_len;
      if (len < sizeof(nlmsghdr) || len > static_cast<size_t>(n) - at) break;
      if (h->nlmsg_seq != out->nlmsg_seq) continue;
      if (h->nlmsg_type == NLMSG_ERROR) {
        if (h->nlmsg_len < NLMSG_LENGTH(sizeof(nlmsgerr))) return EPROTO;
        nlmsgerr e;
        std::memcpy(&e, NLMSG_DATA(h), sizeof e);
        // error 0 is an ACK, which we did not ask for; no reply would follow it.
        return e.error < 0 ? -e.error : EPROTO;
      }
      if (h->nlmsg_type == out->nlmsg_type) {
        if (h->nlmsg_len < NLMSG_LENGTH(GENL_HDRLEN)) return EPROTO;
        reply = h;
        return 0;
      }
      if (h->nlmsg_type == NLMSG_DONE) return EPROTO;
    }
  }
}

/// Calls f(type, payload, length) for each top-level attribute of a generic-netlink message,
/// stopping at the first one whose length does not fit.
template <typename F>
void forEachAttr(const nlmsghdr* h, F&& f) {
  const auto* p = static_cast<const unsigned char*>(NLMSG_DATA(h)) + GENL_HDRLEN;
  size_t left = h->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);  // exchange() checked nlmsg_len covers the header
  while (left >= NLA_HDRLEN) {
    nlattr a;
    std::memcpy(&a, p, sizeof a);
    if (a.nla_len < NLA_HDRLEN || a.nla_len > left) return;
    f(static_cast<uint16_t>(a.nla_type & NLA_TYPE_MASK), p + NLA_HDRLEN, size_t{a.nla_len} - NLA_HDRLEN);
    const size_t step = NLA_ALIGN(a.nla_len);
    if (step >= left) return;
    p += step;
    left -= step;
  }
}

/// Reads an integer attribute of exactly the expected width; odd widths are ignored, not trusted.
template <typename T>
bool readInt(const unsigned char* payload, size_t len, T& v) {
  if (len != sizeof(T)) return false;
  std::memcpy(&v, payload, sizeof v);
  return true;
}

ErrorKind kindOf(int err) {
  if (err == ENODEV) return ErrorKind::kNotFound;
  if (err == EPERM || err == EACCES) return ErrorKind::kDenied;
  if (err == EPROTO || err == EMSGSIZE) return ErrorKind::kInternal;
  return ErrorKind::kUnavailable;
}

Error fail(unsigned ifindex, const char* step, int err) {
  return makeError("netlink", "XDP features of interface index " + std::to_string(ifindex) + ": " + step + ": " +
                                  std::strerror(err),
                   kindOf(err));
}

}  // namespace

Result<XdpFeatures> queryXdpFeatures(unsigned ifindex) {
  if (ifindex == 0) return fail(ifindex, "invalid index", ENODEV);  // the kernel would say ERANGE
  const UniqueFd sock(::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC));
  if (!sock) return fail(ifindex, "socket", errno);
  // The kernel always answers a request, but a bound keeps a caller from hanging on a misbehaving one.
  const timeval timeout{2, 0};
  (void)::setsockopt(sock.get(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);

  RecvBuffer buf;
  const nlmsghdr* reply = nullptr;

  // The netdev family's id is assigned at boot, so it has to be looked up by name first.
  Request getFamily(GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 2, 1);
  getFamily.add(CTRL_ATTR_FAMILY_NAME, kNetdevFamilyName, std::strlen(kNetdevFamilyName) + 1);
  int err = exchange(sock.get(), getFamily, buf, reply);
  if (err == ENOENT) return XdpFeatures{};  // kernel older than 6.3: nothing to ask, callers try and see
  if (err != 0) return fail(ifindex, "looking up the netdev netlink family", err);
  uint16_t family = 0;
  forEachAttr(reply, [&](uint16_t type, const unsigned char* p, size_t len) {
    if (type == CTRL_ATTR_FAMILY_ID) readInt(p, len, family);
  });
  if (family == 0) return fail(ifindex, "looking up the netdev netlink family", EPROTO);

  Request devGet(family, kNetdevCmdDevGet, kNetdevFamilyVersion, 2);
  const uint32_t index = ifindex;
  devGet.add(kNetdevADevIfindex, &index, sizeof index);
  err = exchange(sock.get(), devGet, buf, reply);
  if (err != 0) return fail(ifindex, "NETDEV_CMD_DEV_GET", err);

  XdpFeatures f;
  forEachAttr(reply, [&](uint16_t type, const unsigned char* p, size_t len) {
    // known stays false if a kernel with the family ever left the bitmask out: then nothing was said.
    if (type == kNetdevADevXdpFeatures) f.known = readInt(p, len, f.raw);
    if (type == kNetdevADevXdpZcMaxSegs) readInt(p, len, f.zcMaxSegs);
  });
  f.native = (f.raw & kXdpActBasic) != 0;
  f.redirect = (f.raw & kXdpActRedirect) != 0;
  f.ndoXmit = (f.raw & kXdpActNdoXmit) != 0;
  f.zeroCopy = (f.raw & kXdpActXskZerocopy) != 0;
  return f;
}

}  // namespace staccato::drone
