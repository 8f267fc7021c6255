#pragma once
/// GetStreams on gRPC's callback API: one part at a time, made from the stored list when the
/// previous one is written (rpc::StreamsPartCursor). A 256 MiB replay is never copied, and a
/// client that stops reading holds one part and no thread. At most kMaxDownloads run at once, each
/// holding up to kDownloadBufferBytes of the drone's stream memory (the part it makes, the part gRPC
/// holds until the client reads it): stalled readers cannot take memory beyond that budget.
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <memory>

#include "common/core/memory_budget.h"
#include "rpc/streams/stream_parts.h"

namespace staccato::drone {

inline constexpr int kMaxDownloads = 16;
inline constexpr size_t kDownloadBufferBytes = 2 * rpc::kStreamsPartBytes + (size_t{64} << 10);

/// What a download of `streams` holds: two parts (the one it makes, the one gRPC holds), no more
/// than the list itself twice over, and a margin for framing.
size_t downloadBufferBytes(const rpc::Streams& streams);

/// Starts a download of `streams` when a slot and its memory are free (`running` counts the
/// downloads in progress), else answers RESOURCE_EXHAUSTED saying which limit.
grpc::ServerWriteReactor<v1::StreamsPart>* startDownload(std::shared_ptr<const rpc::Streams> streams,
                                                         const std::shared_ptr<MemoryBudget>& memory,
                                                         std::atomic<int>& running);

class StreamsDownload final : public grpc::ServerWriteReactor<v1::StreamsPart> {
 public:
  /// Starts writing at once; deletes itself when gRPC is done with the call (its slot and memory
  /// go back then).
  StreamsDownload(std::shared_ptr<const rpc::Streams> streams, MemoryBudget::Lease buffers, std::atomic<int>& running);

  void OnWriteDone(bool ok) override;
  void OnDone() override;

 private:
  void writeNext();

  std::shared_ptr<const rpc::Streams> streams_;  ///< keeps the stored list (and its memory lease) alive
  rpc::StreamsPartCursor cursor_;
  v1::StreamsPart part_;  ///< in flight until OnWriteDone
  size_t written_ = 0;    ///< bytes, to give memory back after a large list
  MemoryBudget::Lease buffers_;
  std::atomic<int>& running_;
};

}  // namespace staccato::drone
