// The drone's rules as a client sees them over gRPC (InProcessDrone: the real service on a unix
// socket over fake ports): client ids are checked, each kind of error has its status code
// and the message of drone_errors, WatchStats answers at once and many watchers share one drone.
#include <grpc/grpc.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>

#include "common/core/log.h"
#include "drone/app/in_process_drone.h"
#include "drone/service/drone_service.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

constexpr size_t kMaxClientIdChars = 64;  ///< drone.proto: a client id is 1..64 characters
constexpr uint32_t kMinIntervalMs = 100;  ///< drone.proto: interval_ms is at least 100

// gRPC stays initialised for the whole test program. Otherwise the last channel or server of a
// test shuts the library down, and that waits (up to 10 s) for executor threads in their polls:
// after a refused large upload, a test took 10 s to end.
[[maybe_unused]] const int kGrpcStaysUp = (grpc_init(), 0);

InProcessDroneOptions droneOptions(DroneLimits limits = {}) {
  InProcessDroneOptions o;
  o.core.refreshEvery = 0ms;
  o.core.limits = limits;
  return o;
}

/// A client of an in-process drone, speaking the current protocol.
class Client {
 public:
  explicit Client(const InProcessDrone& drone, grpc::ChannelArguments args = {})
      : stub_(v1::Drone::NewStub(grpc::CreateCustomChannel(drone.target(), grpc::InsecureChannelCredentials(), args))) {}

  std::unique_ptr<grpc::ClientContext> context() {
    auto ctx = std::make_unique<grpc::ClientContext>();
    ctx->AddMetadata(kVersionHeader, std::to_string(kProtocolMajor) + "." + std::to_string(kProtocolMinor));
    return ctx;
  }
  grpc::Status configure(const std::string& port, const std::string& client, v1::PortConfig config = {}) {
    v1::ConfigurePortRequest req;
    req.set_port(port);
    *req.mutable_config() = std::move(config);
    return call(&v1::Drone::Stub::ConfigurePort, req, client);
  }
  grpc::Status setStreams(const std::string& port, const std::string& client, const std::vector<v1::Stream>& streams) {
    auto ctx = context();
    v1::SetStreamsReply rep;
    auto writer = stub_->SetStreams(ctx.get(), &rep);
    rpc::forEachStreamsPart(streamList(streams), port, client, [&](const v1::StreamsPart& p) { return writer->Write(p); });
    writer->WritesDone();
    return writer->Finish();
  }
  std::vector<uint32_t> streamIds(const std::string& port) {
    v1::GetStreamsRequest req;
    req.set_port(port);
    auto ctx = context();
    auto reader = stub_->GetStreams(ctx.get(), req);
    std::vector<uint32_t> ids;
    for (v1::StreamsPart part; reader->Read(&part);)
      for (const auto& s : part.streams()) ids.push_back(s.id());
    EXPECT_TRUE(reader->Finish().ok());
    return ids;
  }
  grpc::Status start(const std::string& port, const std::string& client) {
    return call(&v1::Drone::Stub::StartTx, onPorts<v1::StartTxRequest>(port), client);
  }
  grpc::Status stop(const std::string& port, const std::string& client) {
    return call(&v1::Drone::Stub::StopTx, onPorts<v1::StopTxRequest>(port), client);
  }
  grpc::Status clear(const std::string& port, const std::string& client) {
    return call(&v1::Drone::Stub::ClearStats, onPorts<v1::ClearStatsRequest>(port), client);
  }
  grpc::Status reserve(const std::string& port, const std::string& client) {
    v1::ReservePortRequest req;
    req.set_port(port);
    return call(&v1::Drone::Stub::ReservePort, req, client);
  }
  grpc::Status release(const std::string& port, const std::string& client) {
    v1::ReleasePortRequest req;
    req.set_port(port);
    return call(&v1::Drone::Stub::ReleasePort, req, client);
  }

  /// A WatchStats call (cancelled when it goes; ends by itself after 20 s).
  struct Watch {
    std::unique_ptr<grpc::ClientContext> ctx;
    std::unique_ptr<grpc::ClientReader<v1::StatsSnapshot>> reader;
    ~Watch() {
      if (!reader) return;
      ctx->TryCancel();
      for (v1::StatsSnapshot s; reader->Read(&s);) {
      }
      reader->Finish();
    }
  };
  std::unique_ptr<Watch> watch(uint32_t intervalMs, std::vector<std::string> ports = {}) {
    auto w = std::make_unique<Watch>();
    w->ctx = context();
    w->ctx->set_deadline(std::chrono::system_clock::now() + 20s);
    v1::WatchStatsRequest req;
    req.set_interval_ms(intervalMs);
    for (auto& p : ports) req.add_ports(p);
    w->reader = stub_->WatchStats(w->ctx.get(), req);
    return w;
  }

 private:
  /// A unary call of `rpc` with `req` on behalf of `client`.
  template <typename Request, typename Reply>
  grpc::Status call(grpc::Status (v1::Drone::Stub::*rpc)(grpc::ClientContext*, const Request&, Reply*), Request req,
                    const std::string& client) {
    req.set_client_id(client);
    Reply rep;
    return (stub_.get()->*rpc)(context().get(), req, &rep);
  }
  template <typename Request>
  static Request onPorts(const std::string& port) {
    Request req;
    req.add_ports(port);
    return req;
  }

  std::unique_ptr<v1::Drone::Stub> stub_;
};

/// `s` is `error` as the drone answers it: its status code and message, then its request id.
void expectStatus(const grpc::Status& s, const Error& error) {
  const grpc::Status want = toGrpc(error);
  EXPECT_EQ(s.error_code(), want.error_code()) << s.error_message();
  EXPECT_TRUE(s.error_message().starts_with(want.error_message() + " (drone request ")) << s.error_message();
  EXPECT_TRUE(s.error_message().ends_with(")")) << s.error_message();
}

class ServiceRpc : public ::testing::Test {
 protected:
  InProcessDrone drone{droneOptions()};
  Client client{drone};
};

TEST_F(ServiceRpc, EveryChangeChecksTheClientId) {
  const Error bad = errors::badClientId(kMaxClientIdChars);
  for (const std::string& id :
       std::vector<std::string>{"alice bob", "eve;rm -rf", std::string(kMaxClientIdChars + 1, 'x'), "a\nb"}) {
    SCOPED_TRACE(id);
    expectStatus(client.configure("a", id), bad);
    expectStatus(client.setStreams("a", id, {udpStream(1, 1)}), bad);
    expectStatus(client.start("a", id), bad);
    expectStatus(client.stop("a", id), bad);
    expectStatus(client.clear("a", id), bad);
    expectStatus(client.reserve("a", id), bad);
    expectStatus(client.release("a", id), bad);
  }
  EXPECT_EQ(grpc::StatusCode::INVALID_ARGUMENT, toGrpc(bad).error_code());
  EXPECT_TRUE(client.streamIds("a").empty()) << "a refused client set streams";
  const std::string longest = "alice.b@lab-pc:1+2/3=4_" + std::string(kMaxClientIdChars - 23, 'z');
  ASSERT_EQ(longest.size(), kMaxClientIdChars);
  EXPECT_TRUE(client.reserve("a", longest).ok());
  EXPECT_EQ(drone.core().listPorts()[0].reserved_by(), longest);
}

TEST_F(ServiceRpc, NoClientIdMeansTheCallersAddress) {
  ASSERT_TRUE(client.setStreams("a", "", {udpStream(1, 1)}).ok());
  ASSERT_TRUE(client.reserve("a", "").ok()) << "the peer address reserves";
  EXPECT_NE(drone.core().listPorts()[0].reserved_by(), "");
}

TEST_F(ServiceRpc, AnUnknownPortIsNotFound) {
  expectStatus(client.configure("nope", "alice"), errors::noSuchPort("nope"));
  expectStatus(client.start("nope", "alice"), errors::noSuchPort("nope"));
  expectStatus(client.setStreams("nope", "alice", {udpStream(1, 1)}), errors::noSuchPort("nope"));
  EXPECT_EQ(toGrpc(errors::noSuchPort("nope")).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ServiceRpc, AFailedCallsRequestIdIsInItsMessageAndInTheDronesLog) {
  std::vector<std::string> logged;
  std::mutex mu;
  auto previous = log::setSink([&](log::Level, std::string_view line) {
    std::lock_guard lock(mu);
    logged.emplace_back(line);
  });
  const grpc::Status first = client.configure("nope", "alice"), second = client.configure("nope", "alice");
  log::setSink(std::move(previous));
  const auto idOf = [](const std::string& m) { return m.substr(m.rfind("(drone request ") + 15, m.size() - m.rfind("(drone request ") - 16); };
  const std::string id = idOf(first.error_message());
  ASSERT_FALSE(id.empty()) << first.error_message();
  EXPECT_NE(idOf(second.error_message()), id) << "each failed call has its own id";
  std::lock_guard lock(mu);
  const auto line = std::find_if(logged.begin(), logged.end(), [&](const std::string& l) { return l.starts_with("request " + id + ": "); });
  ASSERT_NE(line, logged.end()) << "the drone did not log request " << id;
  EXPECT_NE(line->find("/staccato.v1.Drone/ConfigurePort"), std::string::npos) << *line;
  EXPECT_NE(line->find("NOT_FOUND: port: no port 'nope'"), std::string::npos) << *line;
}

TEST_F(ServiceRpc, ABusyPortIsAFailedPrecondition) {
  expectStatus(client.start("a", "alice"), errors::noEnabledStreams("a"));
  ASSERT_TRUE(client.setStreams("a", "alice", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(client.start("a", "alice").ok());
  expectStatus(client.start("a", "alice"), errors::alreadySending("a"));
  expectStatus(client.configure("a", "alice"), errors::sendingNoConfigure("a"));
  expectStatus(client.setStreams("a", "alice", {udpStream(2, 1)}), errors::sendingNoStreams("a"));
  EXPECT_EQ(toGrpc(errors::alreadySending("a")).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_TRUE(client.stop("a", "alice").ok());
  EXPECT_EQ(client.streamIds("a"), (std::vector<uint32_t>{1}));
}

TEST_F(ServiceRpc, AnotherClientsPortIsPermissionDenied) {
  ASSERT_TRUE(client.reserve("a", "alice").ok());
  const Error taken = errors::reservedByOther("a", "alice");
  expectStatus(client.configure("a", "bob"), taken);
  expectStatus(client.setStreams("a", "bob", {udpStream(1, 1)}), taken);
  expectStatus(client.start("a", "bob"), taken);
  expectStatus(client.stop("a", "bob"), taken);
  expectStatus(client.clear("a", "bob"), taken);
  expectStatus(client.release("a", "bob"), taken);
  EXPECT_EQ(toGrpc(taken).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(client.release("a", "alice").ok());
  EXPECT_TRUE(client.configure("a", "bob").ok());
}

TEST(ServiceRpcLimits, StreamsOverTheDronesMemoryAreResourceExhausted) {
  DroneLimits limits;
  limits.streamMemoryBytes = size_t{1} << 20;
  InProcessDrone drone(droneOptions(limits));
  Client client(drone);
  ASSERT_TRUE(client.setStreams("a", "alice", {udpStream(1, 1)}).ok());
  v1::Stream large;
  large.set_id(2);
  for (int n = 0; n < 1000; ++n) large.mutable_replay()->add_frames(std::string(1500, 'x'));
  const grpc::Status s = client.setStreams("a", "alice", {large});
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
  EXPECT_EQ(client.streamIds("a"), (std::vector<uint32_t>{1}));
}

TEST_F(ServiceRpc, AnIntervalBelowTheMinimumIsRefused) {
  auto w = client.watch(kMinIntervalMs - 1);
  v1::StatsSnapshot snap;
  EXPECT_FALSE(w->reader->Read(&snap));
  expectStatus(w->reader->Finish(), errors::intervalTooShort(kMinIntervalMs - 1, kMinIntervalMs));
  w->reader.reset();
  EXPECT_EQ(toGrpc(errors::intervalTooShort(1, 2)).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(ServiceRpc, TheFirstSnapshotArrivesAtOnce) {
  ASSERT_TRUE(drone.core().setStreams("a", streamList({udpStream(1, 5)}), "").ok());
  const auto asked = std::chrono::steady_clock::now();
  auto w = client.watch(60'000);
  v1::StatsSnapshot snap;
  ASSERT_TRUE(w->reader->Read(&snap));
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 5s) << "the first snapshot waited for the interval";
  EXPECT_NE(portRow(snap, "a"), nullptr);
  EXPECT_NE(portRow(snap, "b"), nullptr);
  auto zero = client.watch(0);  // 0: the default interval
  ASSERT_TRUE(zero->reader->Read(&snap));
}

TEST_F(ServiceRpc, ManyWatchersOnOneConnectionShareTheDronesCollections) {
  constexpr int kWatchers = 40;
  std::vector<std::unique_ptr<Client::Watch>> watches;
  for (int i = 0; i < kWatchers; ++i) watches.push_back(client.watch(kMinIntervalMs));
  v1::StatsSnapshot snap;
  for (auto& w : watches) ASSERT_TRUE(w->reader->Read(&snap)) << "a watcher got no first snapshot";
  const uint64_t before = drone.core().stats().collections();
  const auto begin = std::chrono::steady_clock::now();
  for (auto& w : watches)
    for (int k = 0; k < 2; ++k) ASSERT_TRUE(w->reader->Read(&snap));
  const auto ticks = (std::chrono::steady_clock::now() - begin) / std::chrono::milliseconds(kMinIntervalMs);
  EXPECT_LE(drone.core().stats().collections() - before, uint64_t(ticks) + 2)
      << "one collection per tick for " << kWatchers << " watchers";
  EXPECT_EQ(drone.core().stats().watchers(), size_t(kWatchers));
  watches.clear();
  EXPECT_TRUE(waitUntil([&] { return drone.core().stats().watchers() == 0; })) << "cancelled watchers stay subscribed";
}

TEST_F(ServiceRpc, AWatcherThatDoesNotReadDelaysNobodyAndGetsOnlyTheNewestLater) {
  // 500 stream rows: a snapshot fills the small window of a stream nobody reads at once.
  constexpr int kWindowBytes = 16 << 10;
  std::vector<v1::Stream> streams;
  for (uint32_t id = 1; id <= 500; ++id) streams.push_back(udpStream(id, 1));
  FakeDrone::runToEnd(drone.core(), "a", streams, 10s);  // 500 runs: a while on a busy host
  grpc::ChannelArguments ownConnection;
  ownConnection.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  ownConnection.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);  // the window stays as small as announced
  ownConnection.SetInt(GRPC_ARG_HTTP2_STREAM_LOOKAHEAD_BYTES, kWindowBytes);
  Client other(drone, ownConnection);
  auto idle = other.watch(kMinIntervalMs);
  v1::StatsSnapshot first;
  ASSERT_TRUE(idle->reader->Read(&first));
  ASSERT_GT(first.ByteSizeLong(), size_t(kWindowBytes));

  // The reading watcher gets every tick (its call would end at its deadline otherwise).
  constexpr int kTicks = 6;
  auto reading = client.watch(kMinIntervalMs);
  v1::StatsSnapshot snap;
  uint64_t previous = 0;
  for (int k = 0; k < kTicks; ++k) {
    ASSERT_TRUE(reading->reader->Read(&snap)) << "the reading watcher waited for the idle one";
    EXPECT_GT(snap.timestamp_ns(), previous);
    previous = snap.timestamp_ns();
  }

  // The idle watcher, reading at last, gets what was in flight and then the newest: not every tick.
  int got = 0;
  for (v1::StatsSnapshot late = first; late.timestamp_ns() < previous && idle->reader->Read(&late);) ++got;
  EXPECT_LE(got, kTicks / 2) << "a watcher that did not read was sent every snapshot";
}

}  // namespace
}  // namespace staccato::drone::test
