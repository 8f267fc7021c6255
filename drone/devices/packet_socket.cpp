// The emulated hosts' packet socket: AF_PACKET, a classic BPF filter, VLAN tags put back from
// the kernel's auxiliary data (offloaded tags are not in the frame's bytes).
#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/core/bits.h"
#include "drone/devices/control_socket.h"

#ifndef PACKET_IGNORE_OUTGOING
#define PACKET_IGNORE_OUTGOING 23
#endif

namespace staccato::drone::devices {
namespace {

// x = the offset of the EtherType after up to two tags; then ARP, or IPv4 ICMP type 8 (header of
// 20 bytes; longer headers are passed and checked in user space), or IPv6 ICMPv6 type 128/135/136.
// Offloaded tags are not in the bytes the filter sees, so untagged offsets hold for them too.
constexpr sock_filter kFilter[] = {
    /* 0*/ BPF_STMT(BPF_LDX | BPF_IMM, 0),
    /* 1*/ BPF_STMT(BPF_LD | BPF_H | BPF_IND, 12),
    /* 2*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x8100, 1, 0),
    /* 3*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x88a8, 0, 9),
    /* 4*/ BPF_STMT(BPF_LDX | BPF_IMM, 4),
    /* 5*/ BPF_STMT(BPF_LD | BPF_H | BPF_IND, 12),
    /* 6*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x8100, 1, 0),
    /* 7*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x88a8, 0, 5),
    /* 8*/ BPF_STMT(BPF_LDX | BPF_IMM, 8),
    /* 9*/ BPF_STMT(BPF_LD | BPF_H | BPF_IND, 12),
    /*10*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x8100, 1, 0),
    /*11*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x88a8, 0, 1),
    /*12*/ BPF_STMT(BPF_RET | BPF_K, 0),  // a third tag: not ours
    /*13*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x0806, 15, 0),
    /*14*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x0800, 1, 0),
    /*15*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x86dd, 6, 12),
    /*16*/ BPF_STMT(BPF_LD | BPF_B | BPF_IND, 23),  // IPv4 protocol
    /*17*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 10),
    /*18*/ BPF_STMT(BPF_LD | BPF_B | BPF_IND, 14),  // version and IHL
    /*19*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x45, 0, 9),
    /*20*/ BPF_STMT(BPF_LD | BPF_B | BPF_IND, 34),  // ICMP type
    /*21*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 8, 7, 6),
    /*22*/ BPF_STMT(BPF_LD | BPF_B | BPF_IND, 20),  // IPv6 next header
    /*23*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 58, 0, 4),
    /*24*/ BPF_STMT(BPF_LD | BPF_B | BPF_IND, 54),  // ICMPv6 type
    /*25*/ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 128, 3, 0),
    /*26*/ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 135, 0, 1),
    /*27*/ BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, 136, 0, 1),
    /*28*/ BPF_STMT(BPF_RET | BPF_K, 0),
    /*29*/ BPF_STMT(BPF_RET | BPF_K, 0x40000),
};

constexpr int kReceiveBuffer = 8 << 20;

class PacketSocket final : public ControlSocket {
 public:
  PacketSocket(int fd, int ifindex) : fd_(fd), ifindex_(ifindex) {}
  ~PacketSocket() override { close(fd_); }

  Result<size_t> receive(std::span<uint8_t> buf, int timeoutMs) override {
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, timeoutMs);
    if (ready < 0 && errno != EINTR) return makeError("", std::string("poll: ") + std::strerror(errno));
    if (ready <= 0) return size_t{0};
    // Room for a tag to put back before the frame: read at buf + 4, then move the MACs.
    iovec iov{buf.data() + 4, buf.size() - 4};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(tpacket_auxdata))];
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    const ssize_t n = recvmsg(fd_, &msg, MSG_DONTWAIT);
    if (n < 0) return errno == EAGAIN || errno == EINTR ? Result<size_t>(size_t{0}) : makeError("", std::string("recv: ") + std::strerror(errno));
    if (n < 14 || (msg.msg_flags & MSG_TRUNC)) return size_t{0};
    for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
      if (c->cmsg_level != SOL_PACKET || c->cmsg_type != PACKET_AUXDATA) continue;
      tpacket_auxdata aux;
      std::memcpy(&aux, CMSG_DATA(c), sizeof aux);
      if (!(aux.tp_status & TP_STATUS_VLAN_VALID)) break;
      std::memmove(buf.data(), buf.data() + 4, 12);
      const uint16_t tpid = (aux.tp_status & TP_STATUS_VLAN_TPID_VALID) ? aux.tp_vlan_tpid : 0x8100;
      storeBe16(buf.data() + 12, tpid);
      storeBe16(buf.data() + 14, aux.tp_vlan_tci);
      return static_cast<size_t>(n) + 4;
    }
    std::memmove(buf.data(), buf.data() + 4, static_cast<size_t>(n));
    return static_cast<size_t>(n);
  }

  Status send(std::span<const uint8_t> frame) override {
    sockaddr_ll to{};
    to.sll_family = AF_PACKET;
    to.sll_ifindex = ifindex_;
    to.sll_halen = 6;
    std::memcpy(to.sll_addr, frame.data(), 6);
    if (sendto(fd_, frame.data(), frame.size(), 0, reinterpret_cast<sockaddr*>(&to), sizeof to) < 0)
      return makeError("", std::string("send: ") + std::strerror(errno));
    return Ok{};
  }

 private:
  int fd_;
  int ifindex_;
};

}  // namespace

Result<std::unique_ptr<ControlSocket>> openPacketSocket(const std::string& port, int ifindex) {
  auto fail = [&](const char* what, int fd) -> Result<std::unique_ptr<ControlSocket>> {
    const int e = errno;
    if (fd >= 0) close(fd);
    return makeError(port, std::string("emulated hosts: ") + what + ": " + std::strerror(e) +
                               (e == EPERM ? " (the drone needs CAP_NET_RAW)" : ""),
                     ErrorKind::kUnavailable);
  };
  // Protocol 0 first: no frame is queued before the filter is attached.
  const int fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);
  if (fd < 0) return fail("socket", fd);
  const sock_fprog prog{static_cast<unsigned short>(std::size(kFilter)), const_cast<sock_filter*>(kFilter)};
  const int one = 1;
  if (setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog) < 0) return fail("filter", fd);
  if (setsockopt(fd, SOL_PACKET, PACKET_AUXDATA, &one, sizeof one) < 0) return fail("auxdata", fd);
  if (setsockopt(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one) < 0) return fail("ignore outgoing", fd);
  // Room for a sweep of a full port's hosts at once (the kernel's default holds a few hundred).
  if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &kReceiveBuffer, sizeof kReceiveBuffer) < 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &kReceiveBuffer, sizeof kReceiveBuffer);
  sockaddr_ll at{};
  at.sll_family = AF_PACKET;
  at.sll_protocol = htons(ETH_P_ALL);
  at.sll_ifindex = ifindex;
  if (bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) < 0) return fail("bind", fd);
  return std::unique_ptr<ControlSocket>(std::make_unique<PacketSocket>(fd, ifindex));
}

}  // namespace staccato::drone::devices
