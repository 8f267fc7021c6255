// Version negotiation and auth at the RPC boundary (the edge guard), through a real gRPC server:
// clients of another minor version (or older clients without the header) are served, another
// major version gets FAILED_PRECONDITION with a message that says what to do, a wrong token gets
// UNAUTHENTICATED, paced per connection: others' failures never touch the right token.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
#include "drone/service/failure_cooldown.h"
#include "drone/system/system_port_source.h"

namespace staccato::drone {
namespace {

class ServiceVersionTest : public ::testing::Test {
 protected:
  void start(const std::string& token) {
    service_ = std::make_unique<DroneService>(ports_);
    auto started = DroneServer::start({service_.get()}, {"127.0.0.1:0", {token, kProtocolMajor}, std::nullopt});
    ASSERT_TRUE(started.ok()) << started.error().toString();
    server_ = std::move(started).value();
    stub_ = v1::Drone::NewStub(
        grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->port()), grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    if (server_) server_->shutdown(std::chrono::system_clock::now());
  }
  /// ListPorts with the given headers (an empty value leaves the header out).
  grpc::Status listPorts(const std::string& version, const std::string& token = "") {
    grpc::ClientContext ctx;
    if (!version.empty()) ctx.AddMetadata(kVersionHeader, version);
    if (!token.empty()) ctx.AddMetadata(kTokenHeader, "Bearer " + token);
    v1::ListPortsRequest req;
    v1::ListPortsReply rep;
    return stub_->ListPorts(&ctx, req, &rep);
  }

  /// A stub on a connection of its own (channels otherwise share one).
  std::unique_ptr<v1::Drone::Stub> ownConnection() {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    return v1::Drone::NewStub(grpc::CreateCustomChannel("127.0.0.1:" + std::to_string(server_->port()),
                                                        grpc::InsecureChannelCredentials(), args));
  }
  /// ListPorts with `token` ("" = no authorization header).
  static grpc::Status call(v1::Drone::Stub& stub, const std::string& token) {
    grpc::ClientContext ctx;
    if (!token.empty()) ctx.AddMetadata(kTokenHeader, "Bearer " + token);
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    v1::ListPortsReply rep;
    return stub.ListPorts(&ctx, {}, &rep);
  }

  DroneCore ports_{systemPortSource(PortFilter{{"no-such-port-*"}, {}})};
  std::unique_ptr<DroneService> service_;
  std::unique_ptr<DroneServer> server_;
  std::unique_ptr<v1::Drone::Stub> stub_;
};

const std::string kSameMajor = std::to_string(kProtocolMajor);

TEST_F(ServiceVersionTest, OtherMinorVersionsAreServed) {
  start("");
  EXPECT_TRUE(listPorts(kSameMajor + "." + std::to_string(kProtocolMinor)).ok());
  EXPECT_TRUE(listPorts(kSameMajor + "." + std::to_string(kProtocolMinor + 7)).ok());  // newer client
  EXPECT_TRUE(listPorts(kSameMajor + ".0").ok());                                       // older client
  EXPECT_TRUE(listPorts("").ok());  // clients that predate the header
}

TEST_F(ServiceVersionTest, AnotherMajorVersionIsRefusedWithAClearMessage) {
  start("");
  const grpc::Status s = listPorts(std::to_string(kProtocolMajor + 1) + ".0");
  EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(s.error_message().find("same major version"), std::string::npos) << s.error_message();
  EXPECT_NE(s.error_message().find(std::to_string(kProtocolMajor + 1) + ".0"), std::string::npos) << s.error_message();
}

TEST_F(ServiceVersionTest, GetVersionChecksTheMajorInTheRequest) {
  start("");
  grpc::ClientContext ctx;
  v1::GetVersionRequest req;
  req.set_client_major(kProtocolMajor);
  req.set_client_minor(kProtocolMinor + 3);
  v1::GetVersionReply rep;
  ASSERT_TRUE(stub_->GetVersion(&ctx, req, &rep).ok());
  EXPECT_EQ(rep.major(), kProtocolMajor);
  EXPECT_EQ(rep.minor(), kProtocolMinor);
  EXPECT_FALSE(rep.version().empty());

  grpc::ClientContext ctx2;
  req.set_client_major(kProtocolMajor + 1);
  EXPECT_EQ(stub_->GetVersion(&ctx2, req, &rep).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
}

TEST_F(ServiceVersionTest, TokenIsRequiredWhenConfigured) {
  start("s3cret-token");
  // Each on a connection of its own: a failure cools its connection down for a moment.
  for (const std::string wrong : {"", "s3cret-tokem", "s3cret-token-longer"})
    EXPECT_EQ(call(*ownConnection(), wrong).error_code(), grpc::StatusCode::UNAUTHENTICATED) << "'" << wrong << "'";
  EXPECT_TRUE(listPorts(kSameMajor + ".1", "s3cret-token").ok());
}

TEST_F(ServiceVersionTest, AFailureIsAnsweredAtOnceAndCoolsItsConnectionDown) {
  start("s3cret-token");
  auto failing = ownConnection(), other = ownConnection();
  ASSERT_TRUE(call(*other, "s3cret-token").ok());
  // A busy machine may take longer than a cooldown between two calls: the refusals are judged
  // only for calls made within it (as measured), over rounds until three were.
  int judged = 0;
  for (int round = 0; round < 20 && judged < 3; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(call(*failing, "wrong").error_code(), grpc::StatusCode::UNAUTHENTICATED);
    const auto answered = std::chrono::steady_clock::now();
    // Held back until its turn, as before, it would take a whole cooldown.
    EXPECT_LT(answered - t0, kFailureCooldown) << "a failure was held back";
    // Unread on that connection meanwhile, the right token too: a refusal says nothing about a guess.
    const grpc::StatusCode right = call(*failing, "s3cret-token").error_code();
    const grpc::StatusCode wrong = call(*failing, "wrong").error_code();
    if (std::chrono::steady_clock::now() - answered < kFailureCooldown) {
      ++judged;
      EXPECT_EQ(right, grpc::StatusCode::RESOURCE_EXHAUSTED);
      EXPECT_EQ(wrong, grpc::StatusCode::RESOURCE_EXHAUSTED);
    }
    EXPECT_TRUE(call(*other, "s3cret-token").ok()) << "another connection paid for the failure";
    std::this_thread::sleep_for(kFailureCooldown + std::chrono::milliseconds(50));
  }
  EXPECT_EQ(judged, 3) << "no three rounds of calls within a cooldown in 20 tries";
  EXPECT_TRUE(call(*failing, "s3cret-token").ok()) << "the connection did not cool down";
}

TEST_F(ServiceVersionTest, WrongTokensNeverSlowOrRefuseTheRightOneOnAnotherConnection) {
  // Before, once 32 failures waited every call was refused before its token was compared: 40
  // wrong-token callers locked the right token out.
  start("s3cret-token");
  constexpr int kAttackers = 3, kCallersEach = 20;
  std::vector<std::unique_ptr<v1::Drone::Stub>> attackers;
  for (int a = 0; a < kAttackers; ++a) attackers.push_back(ownConnection());
  auto client = ownConnection();
  for (auto& a : attackers) ASSERT_TRUE(call(*a, "s3cret-token").ok());  // every connection is up before the flood
  ASSERT_TRUE(call(*client, "s3cret-token").ok());
  std::atomic<bool> stop{false};
  std::atomic<int> unauthenticated{0}, refused{0}, other{0};
  std::vector<std::thread> wrong;
  const auto floodStart = std::chrono::steady_clock::now();
  for (int i = 0; i < kAttackers * kCallersEach; ++i)
    wrong.emplace_back([&, i] {
      while (!stop) {
        const grpc::StatusCode c = call(*attackers[i % kAttackers], "wrong").error_code();
        ++(c == grpc::StatusCode::UNAUTHENTICATED ? unauthenticated : c == grpc::StatusCode::RESOURCE_EXHAUSTED ? refused : other);
      }
    });
  std::vector<double> ms;
  for (int i = 0; i < 40; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_TRUE(call(*client, "s3cret-token").ok()) << "call " << i;
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  stop = true;
  for (auto& t : wrong) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - floodStart).count();
  std::sort(ms.begin(), ms.end());
  // Never held back (a loaded machine may still delay a few calls).
  const double cooldownMs = std::chrono::duration<double, std::milli>(kFailureCooldown).count();
  EXPECT_LT(ms[ms.size() / 2], cooldownMs) << "the right token was slowed";
  EXPECT_EQ(other.load(), 0);
  EXPECT_GT(refused.load(), 0) << "nothing was refused unread";
  // One guess per connection per cool-down, however many calls it makes.
  EXPECT_LE(unauthenticated.load(), kAttackers * (seconds / std::chrono::duration<double>(kFailureCooldown).count() + 2))
      << unauthenticated << " guesses in " << seconds << " s";
  EXPECT_GE(unauthenticated.load(), kAttackers);
}

}  // namespace
}  // namespace staccato::drone
