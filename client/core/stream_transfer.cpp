#include "client/core/stream_transfer.h"

#include <limits>

namespace staccato::client {

grpc::Status putStreams(DroneConnection& drone, grpc::ClientContext& ctx, const std::string& port,
                        const rpc::Streams& streams) {
  v1::SetStreamsReply reply;
  auto writer = drone.stub().SetStreams(&ctx, &reply);
  // A refused part means the drone ended the call: Finish says why.
  if (rpc::forEachStreamsPart(streams, port, DroneConnection::clientId(),
                              [&](const v1::StreamsPart& part) { return writer->Write(part); }))
    writer->WritesDone();
  return writer->Finish();
}

grpc::Status fetchStreams(DroneConnection& drone, grpc::ClientContext& ctx, const std::string& port, rpc::Streams& out) {
  v1::GetStreamsRequest req;
  req.set_port(port);
  auto reader = drone.stub().GetStreams(&ctx, req);
  // What the drone holds passed its own limits: none here.
  rpc::StreamsAssembler streams(std::numeric_limits<size_t>::max(), std::numeric_limits<size_t>::max());
  v1::StreamsPart part;
  while (reader->Read(&part))
    if (auto s = streams.add(part); !s) {
      ctx.TryCancel();
      reader->Finish();
      return grpc::Status(grpc::StatusCode::INTERNAL, "the drone sent a malformed stream list: " + s.error().toString());
    }
  grpc::Status status = reader->Finish();
  if (status.ok()) out = streams.take();
  return status;
}

}  // namespace staccato::client
