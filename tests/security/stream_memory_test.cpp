// Memory a client with the token can make the drone take through stream lists: a part is
// weighed on its wire bytes before it is parsed (a million tiny streams would be ~300 MB of
// objects), uploads in progress count against the stream memory with the lists stored, and a
// download reads the stored list part by part without copying it.
#include <grpc/grpc.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <thread>

#include "drone/app/in_process_drone.h"
#include "drone/service/drone_service.h"
#include "rpc/streams/part_shape.h"
#include "rpc/streams/stream_parts.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

[[maybe_unused]] const int kGrpcStaysUp = (grpc_init(), 0);

InProcessDroneOptions withStreamMemory(size_t bytes) {
  InProcessDroneOptions o;
  o.core.refreshEvery = 0ms;
  o.core.limits.streamMemoryBytes = bytes;
  return o;
}

std::unique_ptr<grpc::ClientContext> context() {
  auto ctx = std::make_unique<grpc::ClientContext>();
  ctx->AddMetadata(kVersionHeader, std::to_string(kProtocolMajor) + "." + std::to_string(kProtocolMinor));
  return ctx;
}

/// Sends `parts` as they are (a hostile client need not cut them as ours do).
grpc::Status upload(v1::Drone::Stub& stub, const std::vector<v1::StreamsPart>& parts) {
  auto ctx = context();
  v1::SetStreamsReply rep;
  auto writer = stub.SetStreams(ctx.get(), &rep);
  for (const auto& p : parts)
    if (!writer->Write(p)) break;
  writer->WritesDone();
  return writer->Finish();
}

v1::StreamsPart tinyStreams(const std::string& port, size_t count) {
  v1::StreamsPart part;
  part.set_port(port);
  for (size_t i = 0; i < count; ++i) part.add_streams();
  return part;
}

v1::Stream replayOf(uint32_t id, size_t frames, size_t frameBytes) {
  v1::Stream s;
  s.set_id(id);
  for (size_t n = 0; n < frames; ++n) s.mutable_replay()->add_frames(std::string(frameBytes, char(n)));
  return s;
}

TEST(PartShape, CountsStreamsAndObjectsWithoutParsing) {
  v1::StreamsPart part = tinyStreams("a", 10'000);
  v1::Layer* layer = part.mutable_streams(3)->add_layers();
  (*layer->mutable_fields())["udp.dstport"] = "7";
  auto shape = rpc::scanStreamsPart(part.SerializeAsString());
  ASSERT_TRUE(shape.ok()) << shape.error().toString();
  EXPECT_EQ(shape->streams, 10'000u);
  EXPECT_EQ(shape->messages, 10'002u) << "10,000 streams, a layer, a field map entry";
  EXPECT_GE(shape->parsedBytes(), 10'002 * rpc::kParsedBytesPerMessage);
  const std::string junk = "\x1a\xff\xff\xff\x0f" + std::string(10, 'x');  // a stream 4 GiB long
  EXPECT_FALSE(rpc::scanStreamsPart(junk).ok());
}

TEST(StreamMemory, APartOfAMillionTinyStreamsIsRefusedBeforeItIsParsed) {
  InProcessDrone drone(withStreamMemory(size_t{64} << 20));
  auto stub = v1::Drone::NewStub(grpc::CreateChannel(drone.target(), grpc::InsecureChannelCredentials()));
  const grpc::Status s = upload(*stub, {tinyStreams("a", 1'000'000)});
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
  EXPECT_NE(s.error_message().find("more than 4096 streams"), std::string::npos) << s.error_message();
  EXPECT_EQ(drone.core().streamMemory()->used(), 0u) << "a refused upload gives its reservation back";
}

TEST(StreamMemory, ObjectsBeyondTheStreamMemoryAreRefusedBeforeTheyAreParsed) {
  // 4,000 streams of 300 empty layers each: a few MiB on the wire, ~300 MB as objects.
  InProcessDrone drone(withStreamMemory(size_t{32} << 20));
  auto stub = v1::Drone::NewStub(grpc::CreateChannel(drone.target(), grpc::InsecureChannelCredentials()));
  v1::StreamsPart part = tinyStreams("a", 4000);
  for (auto& stream : *part.mutable_streams())
    for (int l = 0; l < 300; ++l) stream.add_layers();
  ASSERT_LT(part.ByteSizeLong(), size_t{4} << 20);
  const grpc::Status s = upload(*stub, {part});
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
  EXPECT_NE(s.error_message().find("stream memory"), std::string::npos) << s.error_message();
  EXPECT_EQ(drone.core().streamMemory()->used(), 0u);
}

TEST(StreamMemory, UploadsInProgressCountWithTheStoredLists) {
  constexpr size_t kMiB = size_t{1} << 20;
  InProcessDrone drone(withStreamMemory(12 * kMiB));
  auto stub = v1::Drone::NewStub(grpc::CreateChannel(drone.target(), grpc::InsecureChannelCredentials()));
  // An upload that stops after its first part keeps what it reserved while it waits...
  auto slowCtx = context();
  v1::SetStreamsReply slowReply;
  auto slow = stub->SetStreams(slowCtx.get(), &slowReply);
  std::vector<v1::StreamsPart> parts;
  rpc::forEachStreamsPart(streamList({replayOf(1, 5000, 1500)}), "a", "", [&](const v1::StreamsPart& p) {
    parts.push_back(p);
    return true;
  });
  ASSERT_GT(parts.size(), 6u);
  for (size_t i = 0; i < 6; ++i) ASSERT_TRUE(slow->Write(parts[i]));
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (drone.core().streamMemory()->used() < 6 * kMiB && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(10ms);
  EXPECT_GE(drone.core().streamMemory()->used(), 6 * kMiB);
  // ...so another client's 7 MiB list no longer fits, although it would alone.
  std::vector<v1::StreamsPart> other;
  rpc::forEachStreamsPart(streamList({replayOf(2, 4700, 1500)}), "b", "", [&](const v1::StreamsPart& p) {
    other.push_back(p);
    return true;
  });
  const grpc::Status refused = upload(*stub, other);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << refused.error_message();
  slowCtx->TryCancel();
  slow->Finish();
  while (drone.core().streamMemory()->used() > 0 && std::chrono::steady_clock::now() < deadline + 5s)
    std::this_thread::sleep_for(10ms);
  EXPECT_EQ(drone.core().streamMemory()->used(), 0u) << "a cancelled upload gives its reservation back";
  EXPECT_TRUE(upload(*stub, other).ok()) << "and then the list fits";
}

TEST(StreamsPartCursor, LargeReplaysTravelFrameByFrameAndComeBackWhole) {
  const rpc::Streams streams = streamList({udpStream(1, 5), replayOf(2, 3000, 1000), udpStream(3, 7), replayOf(4, 10, 64)});
  rpc::StreamsAssembler back(4096, size_t{1} << 30);
  size_t parts = 0;
  ASSERT_TRUE(rpc::forEachStreamsPart(streams, "a", "c", [&](const v1::StreamsPart& p) {
    EXPECT_LE(p.ByteSizeLong(), rpc::kStreamsPartBytes + 2048);
    v1::StreamsPart copy = p;
    EXPECT_TRUE(back.add(copy).ok());
    ++parts;
    return true;
  }));
  EXPECT_GE(parts, 3u);
  const rpc::Streams got = back.take();
  ASSERT_EQ(got.size(), streams.size());
  for (int i = 0; i < streams.size(); ++i)
    EXPECT_EQ(got[i].SerializeAsString(), streams[i].SerializeAsString()) << "stream " << i;
}

}  // namespace
}  // namespace staccato::drone::test
