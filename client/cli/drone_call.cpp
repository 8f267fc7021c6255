#include "client/cli/drone_call.h"

#include "client/core/stream_transfer.h"

namespace staccato::cli {

void printCallError(const Error& e) { std::cerr << "staccato-cli: " << e.message << "\n"; }

Result<google::protobuf::RepeatedPtrField<v1::Stream>> fetchStreams(client::DroneConnection& d, const std::string& port) {
  google::protobuf::RepeatedPtrField<v1::Stream> streams;
  auto ctx = d.context(kLongCallSeconds);
  if (auto s = client::fetchStreams(d, *ctx, port, streams); !s.ok()) return makeError("", client::describe(s, d.address().target));
  return streams;
}

bool setStreams(client::DroneConnection& d, const std::string& port, const google::protobuf::RepeatedPtrField<v1::Stream>& streams,
                double deadlineSeconds) {
  auto ctx = d.context(deadlineSeconds);
  const grpc::Status s = client::putStreams(d, *ctx, port, streams);
  if (!s.ok()) printCallError(client::callError(d, s));
  return s.ok();
}

}  // namespace staccato::cli
