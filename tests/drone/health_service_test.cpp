// The standard health service (grpc.health.v1) through a real token-protected server: Check and
// Watch answer without a token, about the server as a whole only; every other call, the health
// service's other paths included, still needs the token. The messages are written by hand from
// health.proto (HealthCheckRequest{1: service}, HealthCheckResponse{1: status}, SERVING = 1,
// NOT_SERVING = 2), so the test does not share code with what it checks.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
#include "drone/system/system_port_source.h"

namespace staccato::drone {
namespace {

constexpr const char* kToken = "health-test-token-0123456789abcdef";

class HealthServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    service_ = std::make_unique<DroneService>(ports_);
    auto started = DroneServer::start({service_.get()}, {"127.0.0.1:0", {kToken, kProtocolMajor}, std::nullopt});
    ASSERT_TRUE(started.ok()) << started.error().toString();
    server_ = std::move(started).value();
    channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(server_->port()), grpc::InsecureChannelCredentials());
  }
  void TearDown() override {
    if (server_) server_->shutdown(std::chrono::system_clock::now());
  }

  /// A unary call to `method` with `body` (no token unless given); the reply's bytes in `reply`.
  grpc::Status call(const std::string& method, const std::string& body, std::string* reply,
                    const std::string& token = "") {
    grpc::GenericStub stub(channel_);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    if (!token.empty()) ctx.AddMetadata(kTokenHeader, "Bearer " + token);
    grpc::Slice slice(body);
    grpc::ByteBuffer request(&slice, 1), response;
    grpc::Status status;
    bool done = false;
    std::mutex mu;
    std::condition_variable cv;
    stub.UnaryCall(&ctx, method, grpc::StubOptions(), &request, &response, [&](grpc::Status s) {
      std::lock_guard lock(mu);
      status = std::move(s);
      done = true;
      cv.notify_one();
    });
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return done; });
    if (status.ok() && reply) {
      std::vector<grpc::Slice> slices;
      EXPECT_TRUE(response.Dump(&slices).ok());
      reply->clear();
      for (const auto& s : slices) reply->append(reinterpret_cast<const char*>(s.begin()), s.size());
    }
    return status;
  }
  /// HealthCheckRequest{service: name}.
  static std::string checkRequest(const std::string& name) {
    if (name.empty()) return {};
    return std::string("\x0a", 1) + static_cast<char>(name.size()) + name;
  }

  DroneCore ports_{systemPortSource(PortFilter{{"no-such-port-*"}, {}})};
  std::unique_ptr<DroneService> service_;
  std::unique_ptr<DroneServer> server_;
  std::shared_ptr<grpc::Channel> channel_;
};

const std::string kServing("\x08\x01", 2);

TEST_F(HealthServiceTest, CheckAnswersServingWithoutAToken) {
  std::string reply;
  const grpc::Status s = call("/grpc.health.v1.Health/Check", checkRequest(""), &reply);
  ASSERT_TRUE(s.ok()) << s.error_code() << " " << s.error_message();
  EXPECT_EQ(reply, kServing);
  // With the token too (a probe that has one is not refused).
  ASSERT_TRUE(call("/grpc.health.v1.Health/Check", checkRequest(""), &reply, kToken).ok());
  EXPECT_EQ(reply, kServing);
}

TEST_F(HealthServiceTest, NamesNoServiceOfItsOwn) {
  std::string reply;
  for (const char* name : {"staccato.v1.Drone", "grpc.health.v1.Health", "x"}) {
    const grpc::Status s = call("/grpc.health.v1.Health/Check", checkRequest(name), &reply);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::NOT_FOUND) << name << ": " << s.error_message();
  }
}

TEST_F(HealthServiceTest, EveryOtherCallStillNeedsTheToken) {
  std::string reply;
  // The drone's own calls (an empty ListPortsRequest is a valid one).
  for (const char* method : {"/staccato.v1.Drone/GetVersion", "/staccato.v1.Drone/ListPorts"})
    EXPECT_EQ(call(method, "", &reply).error_code(), grpc::StatusCode::UNAUTHENTICATED) << method;
  const grpc::Status withToken = call("/staccato.v1.Drone/ListPorts", "", &reply, kToken);
  EXPECT_TRUE(withToken.ok()) << withToken.error_message();
  // Paths that only look like the health service's, and server reflection.
  for (const char* method : {"/grpc.health.v1.Health/List", "/grpc.health.v1.Health/Check/", "/grpc.health.v1.Health/",
                             "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"}) {
    const grpc::Status s = call(method, "", &reply);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAUTHENTICATED) << method << ": " << s.error_message();
  }
}

TEST_F(HealthServiceTest, WatchStreamsTheStateWithoutAToken) {
  grpc::GenericStub stub(channel_);
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  grpc::CompletionQueue cq;
  auto call = stub.PrepareCall(&ctx, "/grpc.health.v1.Health/Watch", &cq);
  void* tag = nullptr;
  bool ok = false;
  call->StartCall(reinterpret_cast<void*>(1));
  ASSERT_TRUE(cq.Next(&tag, &ok) && ok);
  grpc::ByteBuffer request;
  grpc::Slice empty("");
  request = grpc::ByteBuffer(&empty, 1);
  call->WriteLast(request, grpc::WriteOptions(), reinterpret_cast<void*>(2));
  ASSERT_TRUE(cq.Next(&tag, &ok) && ok);
  grpc::ByteBuffer first;
  call->Read(&first, reinterpret_cast<void*>(3));
  ASSERT_TRUE(cq.Next(&tag, &ok));
  ASSERT_TRUE(ok) << "Watch ended without a first answer";
  std::vector<grpc::Slice> slices;
  ASSERT_TRUE(first.Dump(&slices).ok());
  std::string reply;
  for (const auto& s : slices) reply.append(reinterpret_cast<const char*>(s.begin()), s.size());
  EXPECT_EQ(reply, kServing);
  ctx.TryCancel();
  grpc::Status status;
  call->Finish(&status, reinterpret_cast<void*>(4));
  while (cq.Next(&tag, &ok) && tag != reinterpret_cast<void*>(4)) {
  }
  cq.Shutdown();
  while (cq.Next(&tag, &ok)) {
  }
}

}  // namespace
}  // namespace staccato::drone
