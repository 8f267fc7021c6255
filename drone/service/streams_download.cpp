#include "drone/service/streams_download.h"

#include <algorithm>

#include "drone/core/memory_return.h"
#include "drone/service/grpc_status.h"

namespace staccato::drone {

size_t downloadBufferBytes(const rpc::Streams& streams) {
  size_t listBytes = 0;
  for (const v1::Stream& s : streams) {
    // A replay's recording is what makes lists large (64 MiB and more): not measured per call.
    if (s.has_replay()) return kDownloadBufferBytes;
    listBytes += s.ByteSizeLong();
    if (listBytes >= kDownloadBufferBytes) return kDownloadBufferBytes;
  }
  return std::min(kDownloadBufferBytes, 2 * listBytes + (size_t{64} << 10));
}

grpc::ServerWriteReactor<v1::StreamsPart>* startDownload(std::shared_ptr<const rpc::Streams> streams,
                                                         const std::shared_ptr<MemoryBudget>& memory,
                                                         std::atomic<int>& running) {
  if (running.fetch_add(1) >= kMaxDownloads) {
    running.fetch_sub(1);
    return new RefusedWrite<v1::StreamsPart>(grpc::Status(
        grpc::StatusCode::RESOURCE_EXHAUSTED, std::to_string(kMaxDownloads) +
                                                  " stream downloads are in progress (the most at once): try again when one ends"));
  }
  MemoryBudget::Lease buffers;
  if (!MemoryBudget::reserve(memory, downloadBufferBytes(*streams), buffers)) {
    running.fetch_sub(1);
    return new RefusedWrite<v1::StreamsPart>(grpc::Status(
        grpc::StatusCode::RESOURCE_EXHAUSTED, "the drone's stream memory is full (" + std::to_string(memory->total() >> 20) +
                                                  " MiB, --max-stream-memory): no room to send a stream list now"));
  }
  return new StreamsDownload(std::move(streams), std::move(buffers), running);
}

StreamsDownload::StreamsDownload(std::shared_ptr<const rpc::Streams> streams, MemoryBudget::Lease buffers,
                                 std::atomic<int>& running)
    : streams_(std::move(streams)), cursor_(*streams_, "", ""), buffers_(std::move(buffers)), running_(running) {
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
  std::atomic<int>& running = running_;
  delete this;  // the memory lease goes with it
  running.fetch_sub(1);
  returnMemoryAfter(written);
}

}  // namespace staccato::drone
