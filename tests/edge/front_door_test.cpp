// The front door against real loopback connections: the caps, hand-off, the first-byte deadline,
// eviction of the oldest silent connection, the authentication deadline and the eviction of
// unauthenticated connections, and accepting on when descriptors run out (gRPC 1.51's own
// listener stopped for good there). The test plays gRPC: it holds what is handed off, and says
// which connections authenticated as the interceptor would, by their peer text.
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <arpa/inet.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "drone/edge/fd_budget.h"
#include "drone/edge/front_door.h"

namespace staccato::drone::edge {
namespace {

using namespace std::chrono_literals;

UniqueFd connectFrom(const char* source, int port) {
  UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  sockaddr_in from{}, to{};
  from.sin_family = to.sin_family = AF_INET;
  ::inet_pton(AF_INET, source, &from.sin_addr);
  ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  to.sin_port = htons(static_cast<uint16_t>(port));
  EXPECT_EQ(::bind(fd.get(), reinterpret_cast<sockaddr*>(&from), sizeof from), 0);
  EXPECT_EQ(::connect(fd.get(), reinterpret_cast<sockaddr*>(&to), sizeof to), 0) << std::strerror(errno);
  return fd;
}

enum class State { kOpen, kReset, kClosed };

/// What the door did to the client's end within `wait`.
State stateOf(const UniqueFd& fd, std::chrono::milliseconds wait = 300ms) {
  pollfd p{fd.get(), POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(wait.count())) == 0) return State::kOpen;
  char b;
  const ssize_t n = ::recv(fd.get(), &b, 1, MSG_DONTWAIT);
  if (n < 0 && errno == ECONNRESET) return State::kReset;
  return n == 0 ? State::kClosed : State::kOpen;
}

void speak(const UniqueFd& fd) { ASSERT_EQ(::send(fd.get(), "x", 1, MSG_NOSIGNAL), 1); }

bool eventually(const std::function<bool()>& done, std::chrono::milliseconds timeout = 2000ms) {
  for (auto end = std::chrono::steady_clock::now() + timeout; std::chrono::steady_clock::now() < end;) {
    if (done()) return true;
    std::this_thread::sleep_for(5ms);
  }
  return done();
}

/// A front door on 127.0.0.1 whose hand-offs land in handed().
class Door {
 public:
  explicit Door(ConnectionCaps caps, std::chrono::milliseconds firstByte = 5000ms,
                std::chrono::milliseconds authDeadline = 0ms) {
    auto l = listenTcp("127.0.0.1:0");
    EXPECT_TRUE(l.ok());
    port_ = l->port;
    door_ = std::make_unique<FrontDoor>(std::move(l).value(), FrontDoorOptions{caps, firstByte,
                                                                                [this](int fd) {
                                                                                  std::lock_guard lock(mu_);
                                                                                  handed_.emplace_back(fd);
                                                                                },
                                                                                authDeadline});
  }
  int port() const { return port_; }
  size_t handedCount() {
    std::lock_guard lock(mu_);
    return handed_.size();
  }
  /// gRPC closes the i-th connection it was given.
  void closeHanded(size_t i) {
    std::lock_guard lock(mu_);
    handed_.at(i).reset();
  }
  FrontDoor& door() { return *door_; }

 private:
  int port_ = 0;
  std::mutex mu_;
  std::vector<UniqueFd> handed_;  // before door_: the door stops first
  std::unique_ptr<FrontDoor> door_;
};

TEST(FrontDoor, TheCapPerAddressResetsTheExtraConnectionsAndLeavesOtherAddressesIn) {
  Door d({.total = 100, .perPeer = 3});
  std::vector<UniqueFd> conns;
  for (int i = 0; i < 5; ++i) conns.push_back(connectFrom("127.0.0.1", d.port()));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(stateOf(conns[i], 100ms), State::kOpen) << "connection " << i;
  for (int i = 3; i < 5; ++i) EXPECT_EQ(stateOf(conns[i]), State::kReset) << "connection " << i;
  EXPECT_EQ(stateOf(connectFrom("127.0.0.2", d.port())), State::kOpen) << "another address was refused";
  EXPECT_EQ(d.door().counts().refusedPerAddress, 2u);
}

TEST(FrontDoor, AConnectionThatSpeaksIsHandedOffWithItsBytesAndCountsUntilGrpcClosesIt) {
  Door d({.total = 100, .perPeer = 2});
  auto a = connectFrom("127.0.0.1", d.port()), b = connectFrom("127.0.0.1", d.port());
  speak(a);
  speak(b);
  ASSERT_TRUE(eventually([&] { return d.handedCount() == 2; }));
  EXPECT_EQ(stateOf(a, 50ms), State::kOpen);
  EXPECT_EQ(stateOf(connectFrom("127.0.0.1", d.port())), State::kReset) << "a third one got past the cap of 2";
  d.closeHanded(0);
  EXPECT_EQ(stateOf(connectFrom("127.0.0.1", d.port())), State::kOpen) << "a closed hand-off still counts";
}

TEST(FrontDoor, ASilentConnectionIsClosedAtItsDeadline) {
  Door d({.total = 100, .perPeer = 10}, 200ms);
  auto c = connectFrom("127.0.0.1", d.port());
  EXPECT_EQ(stateOf(c, 100ms), State::kOpen);
  EXPECT_NE(stateOf(c, 1000ms), State::kOpen) << "a silent connection outlived its deadline";
  EXPECT_EQ(d.door().counts().closedSilent, 1u);
  EXPECT_TRUE(eventually([&] { return d.door().counts().open == 0; })) << "still counted";
}

TEST(FrontDoor, WhenAllAreInUseTheOldestSilentConnectionMakesRoomNeverOneThatSpoke) {
  Door d({.total = 2, .perPeer = 10});
  auto silent = connectFrom("127.0.0.1", d.port());
  auto spoke = connectFrom("127.0.0.2", d.port());
  speak(spoke);
  ASSERT_TRUE(eventually([&] { return d.handedCount() == 1; }));
  auto newer = connectFrom("127.0.0.3", d.port());
  EXPECT_EQ(stateOf(silent), State::kReset) << "the silent one was kept";
  EXPECT_EQ(stateOf(newer, 50ms), State::kOpen);
  speak(newer);
  ASSERT_TRUE(eventually([&] { return d.handedCount() == 2; }));
  EXPECT_EQ(stateOf(connectFrom("127.0.0.4", d.port())), State::kReset) << "room made from connections that spoke";
  const FrontDoorCounts c = d.door().counts();
  EXPECT_EQ(c.evictedSilent, 1u);
  EXPECT_EQ(c.refusedAllInUse, 1u);
}

/// What gRPC's peer() says of the client end `fd`: "ipv4:127.0.0.1:PORT".
std::string grpcPeerOf(const UniqueFd& fd) {
  sockaddr_in a{};
  socklen_t len = sizeof a;
  ::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&a), &len);
  char ip[INET_ADDRSTRLEN];
  ::inet_ntop(AF_INET, &a.sin_addr, ip, sizeof ip);
  return std::string("ipv4:") + ip + ":" + std::to_string(ntohs(a.sin_port));
}

TEST(FrontDoor, AConnectionThatDoesNotAuthenticateInTimeIsEndedWhateverItSent) {
  Door d({.total = 100, .perPeer = 10}, 5000ms, 300ms);
  auto talker = connectFrom("127.0.0.1", d.port()), client = connectFrom("127.0.0.2", d.port());
  speak(talker);
  speak(client);
  ASSERT_TRUE(eventually([&] { return d.handedCount() == 2; }));
  d.door().authenticated(grpcPeerOf(client));
  EXPECT_EQ(stateOf(talker, 100ms), State::kOpen) << "ended before its deadline";
  EXPECT_EQ(stateOf(talker, 1500ms), State::kClosed) << "a connection that only spoke outlived the deadline";
  EXPECT_EQ(stateOf(client, 300ms), State::kOpen) << "an authenticated connection was ended";
  EXPECT_EQ(d.door().counts().endedUnauthenticated, 1u);
  EXPECT_TRUE(eventually([&] { return d.door().counts().open == 1 && d.door().counts().unauthenticated == 0; }));
}

TEST(FrontDoor, WhenAllAreInUseAFloodsUnauthenticatedConnectionMakesRoomNeverAnAuthenticatedOne) {
  Door d({.total = 6, .perPeer = 4}, 5000ms, 60000ms);
  auto client = connectFrom("127.0.0.9", d.port());  // the oldest: a client about to authenticate
  speak(client);
  std::vector<UniqueFd> flood;
  for (const char* from : {"127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.3"}) {
    flood.push_back(connectFrom(from, d.port()));
    speak(flood.back());
  }
  auto authenticated = connectFrom("127.0.0.4", d.port());
  speak(authenticated);
  ASSERT_TRUE(eventually([&] { return d.handedCount() == 6; }));
  d.door().authenticated(grpcPeerOf(authenticated));
  auto newcomer = connectFrom("127.0.0.5", d.port());
  EXPECT_EQ(stateOf(newcomer, 100ms), State::kOpen) << "no room was made";
  EXPECT_EQ(stateOf(flood[0]), State::kClosed) << "the oldest of the address with the most did not make room";
  for (size_t i = 1; i < flood.size(); ++i) EXPECT_EQ(stateOf(flood[i], 50ms), State::kOpen) << i;
  EXPECT_EQ(stateOf(client, 50ms), State::kOpen) << "a lone client's connection was taken, not the flood's";
  EXPECT_EQ(stateOf(authenticated, 50ms), State::kOpen);
  EXPECT_EQ(d.door().counts().evictedUnauthenticated, 1u);
}

TEST(PeerAddress, ReadsWhatGrpcSaysOfAPeer) {
  auto v4 = PeerAddress::fromGrpcPeer("ipv4:192.0.2.1:40000");
  ASSERT_TRUE(v4);
  EXPECT_EQ(v4->key.text(), "192.0.2.1");
  EXPECT_EQ(v4->port, 40000);
  auto v6 = PeerAddress::fromGrpcPeer("ipv6:[fe80::1%eth0]:5");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->key.text(), "fe80::1");
  EXPECT_EQ(v6->port, 5);
  for (const char* bad : {"unix:/run/x.sock", "ipv4:1.2.3.4", "ipv4:1.2.3.4:99999", "ipv6:::1:5", "ipv4:x:1", ""})
    EXPECT_FALSE(PeerAddress::fromGrpcPeer(bad)) << bad;
}

TEST(FrontDoor, AcceptingGoesOnWhenTheProcessRunsOutOfDescriptors) {
  // In a child process of its own, with a descriptor limit a few above what it has open and caps
  // that do not hold it back: every connection handed off is kept (as gRPC would), until
  // there is no descriptor left. Then the test closes them all and expects a new one to be
  // served.
  int toChild[2], fromChild[2];
  ASSERT_EQ(::pipe(toChild), 0);
  ASSERT_EQ(::pipe(fromChild), 0);
  auto l = listenTcp("127.0.0.1:0");
  ASSERT_TRUE(l.ok());
  const int port = l->port;
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(toChild[1]);
    ::close(fromChild[0]);
    rlimit before{};
    ::getrlimit(RLIMIT_NOFILE, &before);
    const auto limit = static_cast<rlim_t>(openFdCount() + 8);
    const rlimit r{limit, before.rlim_max};  // the soft limit only: it can be raised again
    ::setrlimit(RLIMIT_NOFILE, &r);
    std::mutex mu;
    std::vector<UniqueFd> held;
    FrontDoor door(std::move(l).value(), {{.total = 1000, .perPeer = 1000}, 5000ms, [&](int fd) {
                                            std::lock_guard lock(mu);
                                            held.emplace_back(fd);
                                            char done = 'h';
                                            [[maybe_unused]] ssize_t n = ::write(fromChild[1], &done, 1);
                                          }});
    char cmd;
    while (::read(toChild[0], &cmd, 1) == 1) {
      if (cmd == 'c') {
        std::lock_guard lock(mu);
        held.clear();
      }
      if (cmd == 's') {
        const auto c = door.counts();
        const char shed = c.shedNoDescriptor > 0 ? 'y' : 'n';
        [[maybe_unused]] ssize_t n = ::write(fromChild[1], &shed, 1);
      }
    }
    // Room again before the thread ends: under UBSan its type check probes memory through a pipe,
    // and with no descriptor left it would report a false "invalid vptr".
    ::setrlimit(RLIMIT_NOFILE, &before);
    door.stop();
    ::_exit(0);
  }
  l->fds.clear();
  ::close(toChild[0]);
  ::close(fromChild[1]);
  std::vector<UniqueFd> flood;
  for (int i = 0; i < 40; ++i) {
    flood.push_back(connectFrom("127.0.0.1", port));
    speak(flood.back());
  }
  auto ask = [&](char cmd) {
    [[maybe_unused]] ssize_t n = ::write(toChild[1], &cmd, 1);
  };
  std::this_thread::sleep_for(300ms);
  ask('s');
  pollfd p{fromChild[0], POLLIN, 0};
  char reply = 0;
  int handed = 0;
  while (::poll(&p, 1, 1000) == 1 && ::read(fromChild[0], &reply, 1) == 1 && reply == 'h') ++handed;
  EXPECT_EQ(reply, 'y') << "no connection was shed: the child never ran out of descriptors";
  EXPECT_LT(handed, 40);
  flood.clear();
  ask('c');
  auto late = connectFrom("127.0.0.1", port);
  speak(late);
  reply = 0;
  EXPECT_TRUE(::poll(&p, 1, 2000) == 1 && ::read(fromChild[0], &reply, 1) == 1 && reply == 'h')
      << "the front door stopped accepting after running out of descriptors";
  ::close(toChild[1]);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ::close(fromChild[0]);
}

}  // namespace
}  // namespace staccato::drone::edge
