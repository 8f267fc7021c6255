#include "client/cli/drone_call.h"

namespace staccato::cli {

Result<google::protobuf::RepeatedPtrField<v1::Stream>> fetchStreams(client::DroneConnection& d, const std::string& port) {
  v1::GetStreamsRequest req;
  req.set_port(port);
  v1::GetStreamsReply rep;
  auto ctx = d.context();
  if (auto s = d.stub().GetStreams(ctx.get(), req, &rep); !s.ok()) return makeError("", client::describe(s, d.address().target));
  return std::move(*rep.mutable_streams());
}

}  // namespace staccato::cli
