#include "drone/service/streams_download.h"

#include "drone/core/memory_return.h"

namespace staccato::drone {

StreamsDownload::StreamsDownload(std::shared_ptr<const rpc::Streams> streams)
    : streams_(std::move(streams)), cursor_(*streams_, "", "") {
  writeNext();
}

void StreamsDownload::writeNext() {
  if (!cursor_.next(part_)) {
    Finish(grpc::Status::OK);
    return;
  }
  written_ += part_.ByteSizeLong();
  StartWrite(&part_);
}

void StreamsDownload::OnWriteDone(bool ok) {
  if (!ok) {
    Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the client stopped reading the streams"));
    return;
  }
  writeNext();
}

void StreamsDownload::OnDone() {
  const size_t written = written_;
  delete this;
  returnMemoryAfter(written);
}

}  // namespace staccato::drone
