// The pieces under GrpcDroneSession: reconnect backoff and gRPC status → Error.
#include <gtest/gtest.h>

#include "client/core/session/backoff.h"
#include "client/core/session/grpc_error.h"

namespace staccato::client {
namespace {

TEST(BackoffTest, DoublesFromHalfASecondUpToTenAndStartsOverAfterASuccess) {
  Backoff b;
  std::vector<long> delays;
  for (int i = 0; i < 7; ++i) delays.push_back(static_cast<long>(b.next().count()));
  EXPECT_EQ(delays, (std::vector<long>{500, 1000, 2000, 4000, 8000, 10000, 10000}));
  b.reset();
  EXPECT_EQ(b.next().count(), 500);
}

TEST(GrpcErrorTest, TheDronesFieldPathIsSplitOutAgain) {
  const Error e = errorFromStatus(
      grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "streams[2].layers[1].ip.ttl: 300 exceeds 8 bits (allowed 0..255)"),
      "lab:7878");
  EXPECT_EQ(e.kind, ErrorKind::kInvalid);
  EXPECT_EQ(e.path, "streams[2].layers[1].ip.ttl");
  EXPECT_EQ(e.message, "300 exceeds 8 bits (allowed 0..255)");

  const Error plain = errorFromStatus(
      grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "client speaks protocol 1.0, this drone speaks 0.1; use a client of the same major version"),
      "lab:7878");
  EXPECT_EQ(plain.kind, ErrorKind::kBusy);
  EXPECT_EQ(plain.path, "");
}

TEST(GrpcErrorTest, CodesMapToKindsAndUnreachableDronesAreNamed) {
  EXPECT_EQ(errorKindOf(grpc::StatusCode::NOT_FOUND), ErrorKind::kNotFound);
  EXPECT_EQ(errorKindOf(grpc::StatusCode::PERMISSION_DENIED), ErrorKind::kDenied);
  EXPECT_EQ(errorKindOf(grpc::StatusCode::UNAUTHENTICATED), ErrorKind::kDenied);
  EXPECT_EQ(errorKindOf(grpc::StatusCode::DEADLINE_EXCEEDED), ErrorKind::kUnavailable);
  EXPECT_EQ(errorKindOf(grpc::StatusCode::INTERNAL), ErrorKind::kInternal);
  const Error e = errorFromStatus(grpc::Status(grpc::StatusCode::UNAVAILABLE, "connection refused"), "lab:7878");
  EXPECT_EQ(e.kind, ErrorKind::kUnavailable);
  EXPECT_NE(e.message.find("cannot reach the drone at lab:7878"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace staccato::client
