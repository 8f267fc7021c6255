#include "drone/port/kernel_stats.h"

#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "common/core/unique_fd.h"

namespace staccato::drone {
namespace {


void parseLink(const nlmsghdr* h, std::map<std::string, LinkCounters>& out) {
  const auto* ifi = static_cast<const ifinfomsg*>(NLMSG_DATA(h));
  int len = static_cast<int>(h->nlmsg_len) - static_cast<int>(NLMSG_LENGTH(sizeof(*ifi)));
  std::string name;
  LinkCounters c;
  bool haveStats = false;
  for (const rtattr* a = IFLA_RTA(ifi); RTA_OK(a, len); a = RTA_NEXT(a, len)) {
    if (a->rta_type == IFLA_IFNAME) {
      name = static_cast<const char*>(RTA_DATA(a));
    } else if (a->rta_type == IFLA_STATS64 && RTA_PAYLOAD(a) >= sizeof(rtnl_link_stats64)) {
      rtnl_link_stats64 s;
      std::memcpy(&s, RTA_DATA(a), sizeof s);
      c = {s.rx_packets, s.tx_packets, s.rx_bytes, s.tx_bytes, s.rx_errors, s.tx_errors, s.rx_dropped, s.tx_dropped};
      haveStats = true;
    }
  }
  if (!name.empty() && haveStats) out[name] = c;
}

}  // namespace

Result<std::map<std::string, LinkCounters>> readLinkCounters() {
  const UniqueFd sock(::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE));
  if (!sock) return makeError("netlink", std::string("socket: ") + std::strerror(errno));
  struct {
    nlmsghdr h;
    ifinfomsg i;
  } req{};
  req.h.nlmsg_len = NLMSG_LENGTH(sizeof(ifinfomsg));
  req.h.nlmsg_type = RTM_GETLINK;
  req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
  req.h.nlmsg_seq = 1;
  req.i.ifi_family = AF_UNSPEC;
  if (::send(sock.get(), &req, req.h.nlmsg_len, 0) < 0)
    return makeError("netlink", std::string("send: ") + std::strerror(errno));
  std::map<std::string, LinkCounters> out;
  std::vector<char> buf(64 * 1024);
  for (;;) {
    ssize_t n = ::recv(sock.get(), buf.data(), buf.size(), 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return makeError("netlink", std::string("recv: ") + std::strerror(errno));
    }
    for (auto* h = reinterpret_cast<nlmsghdr*>(buf.data()); NLMSG_OK(h, static_cast<unsigned>(n)); h = NLMSG_NEXT(h, n)) {
      if (h->nlmsg_type == NLMSG_DONE) return out;
      if (h->nlmsg_type == NLMSG_ERROR) return makeError("netlink", "RTM_GETLINK dump failed");
      if (h->nlmsg_type == RTM_NEWLINK) parseLink(h, out);
    }
  }
}

}  // namespace staccato::drone
