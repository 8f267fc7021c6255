// Version negotiation and auth at the RPC boundary (the edge guard), through a real gRPC server:
// clients of another minor version (or older clients without the header) are served, another
// major version gets FAILED_PRECONDITION with a message that says what to do, a wrong token gets
// UNAUTHENTICATED.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
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
  EXPECT_EQ(listPorts(kSameMajor + ".1").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(listPorts(kSameMajor + ".1", "s3cret-tokem").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(listPorts(kSameMajor + ".1", "s3cret-token-longer").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(listPorts(kSameMajor + ".1", "s3cret-token").ok());
}

TEST_F(ServiceVersionTest, FailuresBeyondTheBurstAreSlowedNotStalled) {
  // The first kFailureBurst wrong tokens are answered at once, later ones kFailuresPerSecond a
  // second. (Before, a failure queued while the answer thread slept waited for its 10 s log tick.)
  start("s3cret-token");
  for (int i = 0; i < kFailureBurst + 5; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(listPorts(kSameMajor + ".0", "wrong").error_code(), grpc::StatusCode::UNAUTHENTICATED);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2)) << "failure " << i;
  }
  EXPECT_TRUE(listPorts(kSameMajor + ".0", "s3cret-token").ok()) << "the right token is never slowed";
}

}  // namespace
}  // namespace staccato::drone
