// The flow engine's TLS 1.3 and pcap-replay exchanges end to end on loopback addresses: TLS
// handshakes (full and resumed) counted on both sides, a certificate of the tester's own, a
// client speaking plain HTTP to it failing; a captured session replayed byte for byte
// both ways, the server first when it spoke first.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/drone/flow_loopback.h"

namespace staccato::drone {
namespace {

// As the drone does: a peer's reset must not end the test process in a TLS write.
const bool kIgnoresSigpipe = (std::signal(SIGPIPE, SIG_IGN), true);

const std::string kSecureLoad = R"({"connections_per_second": 100, "steady_seconds": 1})";

std::string secureTemplate(int offset, bool resume) {
  return R"({"name": "secure", "port": )" + port(offset) +
         R"(, "tls": {"resume": )" + (resume ? "true" : "false") +
         R"(, "http": {"path": "/s", "response_body_bytes": 3000, "keep_alive": true, "transactions": 2}}})";
}

void expectNoFailures(const TemplateStats& t) {
  for (size_t f = 0; f < kFlowFailureKinds; ++f) EXPECT_EQ(failed(t, FlowFailure(f)), 0u) << flowFailureName(FlowFailure(f));
}

TEST(FlowTls, EveryConnectionHandshakesAndItsRequestsAreAnsweredThroughIt) {
  const FlowPlan plan = planOf(secureTemplate(10, false), kSecureLoad);
  FlowSideStats server(1), client(1);
  runBoth(plan, plan, server, client);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GE(n, 95u);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::completed), n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::tlsHandshakes), n);
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::tlsHandshakes), n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::tlsResumed), 0u);  // no tickets were asked for
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::transactions), 2 * n);
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::transactions), 2 * n);
  // Plaintext counted: the bodies exactly, each answer's head on top.
  EXPECT_GT(sum(client.of(0), &PhaseCounters::bytesReceived), 2 * n * 3000);
  EXPECT_LT(sum(client.of(0), &PhaseCounters::bytesReceived), 2 * n * 3200);
  EXPECT_GT(client.of(0).phase(FlowPhase::kSteady).connectTime.min(), 10'000u);  // TCP and TLS: not a batch's clock
  expectNoFailures(client.of(0));
  expectNoFailures(server.of(0));
}

TEST(FlowTls, ClientsAskedToResumeDoSoAndBothSidesCountIt) {
  const FlowPlan plan = planOf(secureTemplate(11, true), kSecureLoad);
  FlowSideStats server(1), client(1);
  runBoth(plan, plan, server, client);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  const uint64_t resumed = sum(client.of(0), &PhaseCounters::tlsResumed);
  EXPECT_GT(resumed, n * 9 / 10) << n;  // only those begun before the first ticket came are full
  EXPECT_LT(resumed, n);
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::tlsResumed), resumed);
  expectNoFailures(client.of(0));
}

TEST(FlowTls, ConnectionsHeldOpenTalkThroughLeanBuffers) {
  // concurrent: the contexts are lean (buffers released between records)
  const FlowPlan plan = planOf(R"({"name": "secure", "port": )" + port(16) +
                                   R"(, "tls": {"http": {"path": "/h", "response_body_bytes": 20000, "keep_alive": true, "transactions": 3, "think_ms": 100}}})",
                               R"({"concurrent": 20, "steady_seconds": 1})");
  FlowSideStats server(1), client(1);
  runBoth(plan, plan, server, client);
  const uint64_t completed = sum(client.of(0), &PhaseCounters::completed);
  EXPECT_GE(completed, 40u);  // 20 held, each done in about 0.2 s
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::transactions), sum(client.of(0), &PhaseCounters::transactions));
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::tlsHandshakes), sum(client.of(0), &PhaseCounters::attempted));
  expectNoFailures(client.of(0));
}

/// An openssl-made certificate and key in a directory of this test's own.
struct OpenSslPair {
  std::string certificate, key, otherKey;
};
OpenSslPair opensslPair() {
  const auto dir = std::filesystem::temp_directory_path() / ("flow-tls-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto make = [&](const std::string& name) {
    const std::string command = "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=lab -keyout " +
                                (dir / (name + ".key")).string() + " -out " + (dir / (name + ".crt")).string() + " 2>/dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  };
  make("a");
  make("b");
  auto read = [&](const std::string& name) {
    std::ifstream in(dir / name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  OpenSslPair pair{read("a.crt"), read("a.key"), read("b.key")};
  std::filesystem::remove_all(dir);
  return pair;
}

TEST(FlowTls, AServerUsesTheTestersCertificateAndRefusesAKeyNotItsOwn) {
  const OpenSslPair pem = opensslPair();
  ASSERT_NE(pem.certificate.find("BEGIN CERTIFICATE"), std::string::npos);
  FlowPlan plan = planOf(secureTemplate(12, false), kSecureLoad);
  plan.templates[0].certificatePem = pem.certificate;
  plan.templates[0].keyPem = pem.otherKey;
  FlowSideStats stats(1);
  DescriptorBudget budget(kPlenty);
  FlowServer wrong(plan, hosts(2, 2), stats, budget);
  auto refused = wrong.listen();
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().path, "templates: secure.tls.key_pem") << refused.error().toString();

  plan.templates[0].keyPem = pem.key;
  FlowSideStats server(1), client(1);
  runBoth(plan, plan, server, client);
  EXPECT_GE(sum(client.of(0), &PhaseCounters::completed), 95u);
  expectNoFailures(client.of(0));
}

TEST(FlowTls, APlainClientAtATlsServerIsCutAndTheServerCountsItInvalid) {
  const std::string plain = R"({"name": "secure", "port": )" + port(13) + R"(, "http": {"path": "/s", "response_body_bytes": 10}})";
  FlowSideStats server(1), client(1);
  runBoth(planOf(secureTemplate(13, false), kSecureLoad), planOf(plain, kSecureLoad), server, client);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GE(n, 95u);
  EXPECT_EQ(failed(client.of(0), FlowFailure::kReset), n);    // closed before any answer
  EXPECT_EQ(failed(server.of(0), FlowFailure::kInvalid), n);  // an HTTP request where a ClientHello belongs
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::tlsHandshakes), 0u);
}

/// An SMTP-like session as a capture gives it: the server's banner first, and the client's last
/// words unanswered.
std::string smtpTurns(const std::string& greeting) {
  return R"("pcap": {"file": "smtp.pcap", "turns": [
      {"from_server": true, "payload": ")" + greeting + R"("},
      {"payload": "RUhMTyBsYWINCg=="},
      {"from_server": true, "payload": "MjUwIG9rDQo="},
      {"payload": "UVVJVA0K"}]}})";
}
// base64: "220 lab\r\n" / "221 lab\r\n" (as long, one byte unlike), "EHLO lab\r\n", "250 ok\r\n", "QUIT\r\n"
const std::string kGreeting = "MjIwIGxhYg0K", kOtherGreeting = "MjIxIGxhYg0K";

TEST(FlowReplay, ACapturedSessionIsReplayedByteForByteTheServerFirst) {
  const FlowPlan plan = planOf(R"({"name": "smtp", "port": )" + port(14) + ", " + smtpTurns(kGreeting), kSecureLoad);
  ASSERT_EQ(plan.templates[0].rounds, 3u);
  EXPECT_EQ(plan.templates[0].requests[0], "");
  EXPECT_EQ(plan.templates[0].responses[0], "220 lab\r\n");
  FlowSideStats server(1), client(1);
  runBoth(plan, plan, server, client);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GE(n, 95u);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::completed), n);
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::completed), n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::transactions), 3 * n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::bytesSent), n * (10 + 6));
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::bytesReceived), n * (9 + 8));
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::bytesReceived), n * (10 + 6));
  expectNoFailures(client.of(0));
  expectNoFailures(server.of(0));
}

TEST(FlowReplay, AnAnswerUnlikeTheCapturedOneFailsAsInvalid) {
  const FlowPlan served = planOf(R"({"name": "smtp", "port": )" + port(15) + ", " + smtpTurns(kOtherGreeting), kSecureLoad);
  const FlowPlan expected = planOf(R"({"name": "smtp", "port": )" + port(15) + ", " + smtpTurns(kGreeting), kSecureLoad);
  FlowSideStats server(1), client(1);
  runBoth(served, expected, server, client);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GE(n, 95u);
  EXPECT_EQ(failed(client.of(0), FlowFailure::kInvalid), n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::completed), 0u);
}

}  // namespace
}  // namespace staccato::drone
