// Captures as a client sees them over gRPC (the real service over fake ports): status
// codes and messages of refused captures, and a fetch in chunks of at most 1 MiB that the
// client's fetchCaptureToFile puts together into the pcapng the drone announced.
#include <grpc/grpc.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "client/core/capture_transfer.h"
#include "common/files/pcap_file.h"
#include "drone/app/in_process_drone.h"
#include "drone/service/drone_service.h"
#include "rpc/message_limits.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

[[maybe_unused]] const int kGrpcStaysUp = (grpc_init(), 0);  // see service_rpc_test.cpp

struct CaptureRpc : ::testing::Test {
  InProcessDrone drone{[] {
    InProcessDroneOptions o;
    o.core.refreshEvery = 0ms;
    o.core.limits.captureMemoryBytes = 64 << 20;
    o.hostname = "lab";
    return o;
  }()};
  std::unique_ptr<client::DroneConnection> conn = client::DroneConnection::open({.target = drone.target()}).value();
  std::string dir = std::filesystem::temp_directory_path() / ("capture-rpc-" + std::to_string(::getpid()));

  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }

  grpc::Status start(v1::StartCaptureRequest req) {
    v1::StartCaptureReply rep;
    return conn->stub().StartCapture(conn->context().get(), req, &rep);
  }
  grpc::Status stop(const std::string& port) {
    v1::StopCaptureRequest req;
    req.set_port(port);
    v1::StopCaptureReply rep;
    return conn->stub().StopCapture(conn->context().get(), req, &rep);
  }
};

v1::StartCaptureRequest on(const std::string& port) {
  v1::StartCaptureRequest r;
  r.set_port(port);
  return r;
}

TEST_F(CaptureRpc, RefusalsCarryTheirCodeAndSayWhatToFix) {
  auto bad = on("b");
  bad.set_filter("tcp port banana");
  grpc::Status s = start(bad);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(s.error_message().starts_with("filter: ")) << s.error_message();
  auto zero = on("b");
  zero.set_limit_packets(0);
  s = start(zero);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(s.error_message().starts_with("limit_packets: 0 is out of range (allowed 1..100000000) (drone request "))
      << s.error_message();
  auto huge = on("b");
  huge.set_ring_mb(65);
  s = start(huge);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
  EXPECT_TRUE(s.error_message().starts_with(errors::captureMemoryFull(65 << 20, 64 << 20, 64 << 20).toString() + " (drone request "))
      << s.error_message();
  s = stop("b");
  EXPECT_EQ(s.error_code(), grpc::StatusCode::NOT_FOUND);
  ASSERT_TRUE(start(on("b")).ok());
  s = start(on("b"));
  EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  auto ctx = conn->context();
  auto fetched = client::fetchCaptureToFile(*conn, *ctx, "b", dir + "/running.pcapng");
  ASSERT_FALSE(fetched.ok());
  EXPECT_NE(fetched.error().toString().find("still running"), std::string::npos) << fetched.error().toString();
  EXPECT_FALSE(std::filesystem::exists(dir + "/running.pcapng")) << "nothing written";
  EXPECT_FALSE(std::filesystem::exists(dir + "/running.pcapng.part"));
}

TEST_F(CaptureRpc, AFetchComesInChunksAndIsTheWholePcapng) {
  auto req = on("b");
  req.set_ring_mb(32);
  ASSERT_TRUE(start(req).ok());
  v1::Stream big = udpStream(1, 4000);
  big.mutable_frame_length()->set_fixed(1518);
  FakeDrone::runToEnd(drone.core(), "a", {big});
  ASSERT_TRUE(waitUntil([&] {
    auto st = drone.core().captureStatus({"b"});
    return st.ok() && st->captures(0).seen() == 4000;
  }));
  ASSERT_TRUE(stop("b").ok());

  // The chunks as the drone sends them: none above 1 MiB, each announcing the whole size.
  v1::FetchCaptureRequest fr;
  fr.set_port("b");
  auto ctx = conn->context();
  auto reader = conn->stub().FetchCapture(ctx.get(), fr);
  size_t chunks = 0, bytes = 0;
  uint64_t total = 0;
  for (v1::CaptureChunk c; reader->Read(&c);) {
    EXPECT_LE(c.data().size(), rpc::kCaptureChunkBytes);
    EXPECT_EQ(c.packets(), 4000u);
    total = c.total_bytes();
    bytes += c.data().size();
    ++chunks;
  }
  ASSERT_TRUE(reader->Finish().ok());
  EXPECT_EQ(bytes, total);
  EXPECT_GE(chunks, 6u) << "6 MB in pieces";

  auto ctx2 = conn->context();
  auto fetched = client::fetchCaptureToFile(*conn, *ctx2, "b", dir + "/b.pcapng");
  ASSERT_TRUE(fetched.ok()) << fetched.error().toString();
  EXPECT_EQ(fetched->packets, 4000u);
  EXPECT_EQ(fetched->bytes, total);
  auto packets = readCapture(dir + "/b.pcapng");
  ASSERT_TRUE(packets.ok()) << packets.error().toString();
  EXPECT_EQ(packets->size(), 4000u);
  EXPECT_EQ(std::filesystem::file_size(dir + "/b.pcapng"), total);
  EXPECT_EQ(packets->front().data.size(), 1514u);
}

}  // namespace
}  // namespace staccato::drone::test
