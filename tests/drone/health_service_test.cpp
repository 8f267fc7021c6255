// The standard health service (grpc.health.v1) through a real token-protected server: Check and
// Watch answer without a token, about the server as a whole only, reading nothing of the request;
// Watches are bounded per address; every other call, the health service's other paths included,
// still needs the token. The messages are written by hand from
// health.proto (HealthCheckRequest{1: service}, HealthCheckResponse{1: status}, SERVING = 1,
// NOT_SERVING = 2), so the test does not share code with what it checks.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <thread>

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

TEST_F(HealthServiceTest, AnswersForTheServerAsAWholeAndReadsNothingOfTheRequest) {
  std::string reply;
  for (const char* name : {"staccato.v1.Drone", "grpc.health.v1.Health", "x"}) {
    const grpc::Status s = call("/grpc.health.v1.Health/Check", checkRequest(name), &reply);
    ASSERT_TRUE(s.ok()) << name << ": " << s.error_message();
    EXPECT_EQ(reply, kServing) << name;
  }
  // A request larger than any the drone reads (5 MiB > rpc::kMaxRequestBytes): read, it would be
  // refused as too large; unread, it is answered.
  const grpc::Status big = call("/grpc.health.v1.Health/Check", std::string(5 << 20, 'x'), &reply);
  ASSERT_TRUE(big.ok()) << big.error_code() << " " << big.error_message();
  EXPECT_EQ(reply, kServing);
  // An unknown method with the token: what gRPC itself would answer.
  EXPECT_EQ(call("/staccato.v1.Drone/NoSuchCall", "", &reply, kToken).error_code(), grpc::StatusCode::UNIMPLEMENTED);
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

/// A Watch without a token: its first answer (or its status when it ended instead), then reads
/// on until told to stop.
struct Watch {
  grpc::ClientContext ctx;
  grpc::CompletionQueue cq;
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> call;
  std::string first;     ///< the first answer's bytes ("" when none came)
  grpc::Status status;   ///< once it ended

  explicit Watch(const std::shared_ptr<grpc::Channel>& channel) {
    grpc::GenericStub stub(channel);
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    call = stub.PrepareCall(&ctx, "/grpc.health.v1.Health/Watch", &cq);
    call->StartCall(tag(1));
    wait(1);
    grpc::Slice empty("");
    grpc::ByteBuffer request(&empty, 1);
    call->WriteLast(request, grpc::WriteOptions(), tag(2));
    wait(2);
    first = next();
    if (first.empty()) end();
  }
  /// The next answer's bytes; "" when the watch ended.
  std::string next() {
    grpc::ByteBuffer b;
    call->Read(&b, tag(3));
    if (!wait(3)) return "";
    std::vector<grpc::Slice> slices;
    EXPECT_TRUE(b.Dump(&slices).ok());
    std::string out;
    for (const auto& s : slices) out.append(reinterpret_cast<const char*>(s.begin()), s.size());
    return out;
  }
  void end() {
    call->Finish(&status, tag(4));
    wait(4);
  }
  ~Watch() {
    ctx.TryCancel();
    if (status.ok() && !ended_) end();
    cq.Shutdown();
    void* t;
    bool ok;
    while (cq.Next(&t, &ok)) {
    }
  }

 private:
  static void* tag(intptr_t n) { return reinterpret_cast<void*>(n); }
  bool wait(intptr_t n) {
    void* t = nullptr;
    bool ok = false;
    while (cq.Next(&t, &ok))
      if (t == tag(n)) {
        if (n == 4) ended_ = true;
        return ok;
      }
    return false;
  }
  bool ended_ = false;
};

TEST_F(HealthServiceTest, WatchStreamsTheStateWithoutATokenAndSaysNotServingAtShutdown) {
  Watch w(channel_);
  EXPECT_EQ(w.first, kServing) << w.status.error_message();
  EXPECT_EQ(server_->healthWatches(), 1);
  std::thread stop([&] { server_->shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2)); });
  EXPECT_EQ(w.next(), std::string("\x08\x02", 2)) << "no NOT_SERVING when the drone shut down";
  stop.join();
}

TEST_F(HealthServiceTest, WatchesAreBoundedPerAddress) {
  std::vector<std::unique_ptr<Watch>> open;
  for (int i = 0; i < kMaxHealthWatchesPerAddress; ++i) {
    open.push_back(std::make_unique<Watch>(channel_));
    ASSERT_EQ(open.back()->first, kServing) << "watch " << i;
  }
  Watch refused(channel_);
  EXPECT_EQ(refused.first, "");
  EXPECT_EQ(refused.status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << refused.status.error_message();
  open.pop_back();  // one ends: room for another
  for (int i = 0; i < 100 && server_->healthWatches() >= kMaxHealthWatchesPerAddress; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  Watch again(channel_);
  EXPECT_EQ(again.first, kServing) << again.status.error_message();
}

}  // namespace
}  // namespace staccato::drone
