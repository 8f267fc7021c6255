// The metrics listener on loopback: without its token a 401 and nothing rendered; with it the
// exposition; other paths and methods refused; a listener that would put its token on the
// network in clear text, or take none on TCP, does not start; a client that sends nothing is
// ended by the deadline and does not hold a worker.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "common/core/unique_fd.h"
#include "drone/metrics/metrics_server.h"

namespace staccato::drone::metrics {
namespace {

constexpr const char* kToken = "a-metrics-token-of-its-own-xyz";

UniqueFd connectTo(int port) {
  UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(uint16_t(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd.get(), reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  return fd;
}

/// Sends `request` and reads the whole answer (the server closes the connection).
std::string exchange(int port, const std::string& request) {
  UniqueFd fd = connectTo(port);
  EXPECT_EQ(::send(fd.get(), request.data(), request.size(), MSG_NOSIGNAL), ssize_t(request.size()));
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = ::recv(fd.get(), buf, sizeof buf, 0)) > 0;) out.append(buf, size_t(n));
  return out;
}

struct Listener {
  std::atomic<int> renders{0};
  std::unique_ptr<MetricsServer> server;
  Listener() {
    auto s = MetricsServer::start({"127.0.0.1:0", kToken, std::nullopt}, [this] {
      ++renders;
      return std::string("staccato_drone_info 1\n");
    });
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().toString());
    if (s) server = std::move(s).value();
  }
};

TEST(MetricsServer, WithoutItsTokenA401AndNothingRendered) {
  Listener l;
  ASSERT_TRUE(l.server);
  const std::string no = exchange(l.server->port(), "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_TRUE(no.starts_with("HTTP/1.1 401 Unauthorized\r\n")) << no;
  EXPECT_NE(no.find("WWW-Authenticate: Bearer"), std::string::npos);
  const std::string wrong = exchange(l.server->port(), "GET /metrics HTTP/1.1\r\nAuthorization: Bearer nope\r\n\r\n");
  EXPECT_TRUE(wrong.starts_with("HTTP/1.1 401")) << wrong;
  EXPECT_EQ(l.renders.load(), 0);
  EXPECT_EQ(l.server->unauthorized(), 2u);
}

TEST(MetricsServer, WithItTheExposition) {
  Listener l;
  ASSERT_TRUE(l.server);
  const std::string auth = std::string("Authorization: Bearer ") + kToken + "\r\n";
  const std::string ok = exchange(l.server->port(), "GET /metrics HTTP/1.1\r\n" + auth + "\r\n");
  EXPECT_TRUE(ok.starts_with("HTTP/1.1 200 OK\r\n")) << ok;
  EXPECT_NE(ok.find("Content-Type: text/plain; version=0.0.4"), std::string::npos);
  EXPECT_TRUE(ok.ends_with("\r\n\r\nstaccato_drone_info 1\n")) << ok;
  EXPECT_TRUE(exchange(l.server->port(), "GET /other HTTP/1.1\r\n" + auth + "\r\n").starts_with("HTTP/1.1 404"));
  EXPECT_TRUE(exchange(l.server->port(), "POST /metrics HTTP/1.1\r\n" + auth + "\r\n").starts_with("HTTP/1.1 405"));
  EXPECT_TRUE(exchange(l.server->port(), "hello\r\n\r\n").starts_with("HTTP/1.1 400"));
  EXPECT_EQ(l.renders.load(), 1);
  EXPECT_EQ(l.server->served(), 1u);
}

TEST(MetricsServer, SilentClientsDoNotHoldTheWorkers) {
  Listener l;
  ASSERT_TRUE(l.server);
  // More silent connections than workers (each sent a byte, so the door handed it over).
  std::vector<UniqueFd> silent;
  for (int i = 0; i < kMaxMetricsPerAddress - 1; ++i) {
    silent.push_back(connectTo(l.server->port()));
    ASSERT_EQ(::send(silent.back().get(), "G", 1, MSG_NOSIGNAL), 1);
  }
  const auto began = std::chrono::steady_clock::now();
  const std::string ok = exchange(l.server->port(), std::string("GET /metrics HTTP/1.1\r\nAuthorization: Bearer ") + kToken + "\r\n\r\n");
  EXPECT_TRUE(ok.starts_with("HTTP/1.1 200")) << ok;
  // At worst the scrape waited for the silent ones' deadline, never longer.
  EXPECT_LE(std::chrono::steady_clock::now() - began, kConnectionDeadline + std::chrono::seconds(2));
}

TEST(MetricsServer, RefusesToStartWhereItsTokenWouldBeInClearOrMissing) {
  const auto render = [] { return std::string(); };
  auto noToken = MetricsServer::start({"127.0.0.1:0", "", std::nullopt}, render);
  ASSERT_FALSE(noToken.ok());
  EXPECT_NE(noToken.error().toString().find("needs --metrics-token-file"), std::string::npos);
  auto clear = MetricsServer::start({"0.0.0.0:0", kToken, std::nullopt}, render);
  ASSERT_FALSE(clear.ok());
  EXPECT_NE(clear.error().toString().find("needs TLS (--tls-cert, --tls-key)"), std::string::npos) << clear.error().toString();
  auto badPem = MetricsServer::start({"0.0.0.0:0", kToken, std::make_pair(std::string("x"), std::string("y"))}, render);
  ASSERT_FALSE(badPem.ok());
  EXPECT_NE(badPem.error().toString().find("no usable PEM certificate"), std::string::npos) << badPem.error().toString();
}

}  // namespace
}  // namespace staccato::drone::metrics
