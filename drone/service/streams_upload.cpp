#include "drone/service/streams_upload.h"

#include <grpcpp/impl/codegen/proto_utils.h>

#include <vector>

#include "drone/core/drone_errors.h"
#include "drone/core/drone_limits.h"
#include "drone/core/memory_return.h"
#include "drone/service/grpc_status.h"
#include "rpc/streams/part_shape.h"

namespace staccato::drone {

StreamsUpload::StreamsUpload(DroneCore& core, grpc::CallbackServerContext* ctx,
                             std::function<Result<std::string>(const std::string&)> clientOf, grpc::ByteBuffer* reply)
    : core_(core), ctx_(ctx), clientOf_(std::move(clientOf)), reply_(reply),
      streams_(kMaxStreamsPerPort, core.streamMemory()->total()) {
  StartRead(&buffer_);
}

void StreamsUpload::OnReadDone(bool ok) {
  // No more parts: the client either finished its list or went away (then nothing is stored).
  if (!ok && ctx_->IsCancelled())
    return Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the upload was cancelled; the port's streams are unchanged"));
  const Status s = ok ? take() : commit();
  if (!s) {
    // Given back before the client hears the refusal: its next call finds the memory free.
    streams_.take();
    memory_ = MemoryBudget::Lease();
    return Finish(toGrpc(s.error()));
  }
  if (ok) return StartRead(&buffer_);
  bool own = false;
  grpc::SerializationTraits<v1::SetStreamsReply>::Serialize(v1::SetStreamsReply(), reply_, &own);
  Finish(grpc::Status::OK);
}

Status StreamsUpload::take() {
  std::vector<grpc::Slice> slices;
  if (!buffer_.Dump(&slices).ok()) return makeError("streams", "could not read a part of the stream list");
  wire_.clear();
  for (const grpc::Slice& slice : slices) wire_.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  buffer_.Clear();
  received_ += wire_.size();

  // Checked on the wire bytes, before protobuf makes an object of anything.
  auto shape = rpc::scanStreamsPart(wire_);
  if (!shape) return shape.error();
  if (auto s = rpc::checkStreamCount(streams_.count() + shape->streams, kMaxStreamsPerPort); !s) return s;
  const std::shared_ptr<MemoryBudget>& memory = core_.streamMemory();
  const size_t had = memory_.bytes();
  if (!MemoryBudget::resize(memory, memory_, had + shape->parsedBytes()))
    return errors::streamMemoryFull(had + shape->parsedBytes(), memory->total(), memory->left() + had);

  v1::StreamsPart part;
  if (!part.ParseFromString(wire_)) return makeError("streams", "a part of the stream list is not a StreamsPart message");
  if (first_) {
    first_ = false;
    port_ = part.port();
    auto client = clientOf_(part.client_id());
    if (!client) return client.error();
    client_ = *client;
    // Refused before the rest of the upload, not after: a port that is sending or reserved takes nothing.
    if (auto s = core_.canSetStreams(port_, client_); !s) return s;
  }
  return streams_.add(part);
}

Status StreamsUpload::commit() {
  if (first_) return errors::noStreamsPart();
  return core_.setStreams(port_, streams_.take(), client_, std::move(memory_));
}

void StreamsUpload::OnDone() {
  const size_t received = received_;
  delete this;  // frees what a refused upload holds, and its lease
  returnMemoryAfter(received);
}

}  // namespace staccato::drone
