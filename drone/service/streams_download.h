#pragma once
/// GetStreams on gRPC's callback API: one part at a time, made from the stored list when the
/// previous one is written (rpc::StreamsPartCursor). A 256 MiB replay is never copied, and a
/// client that stops reading holds one part and no thread.
#include <grpcpp/grpcpp.h>

#include <memory>

#include "rpc/streams/stream_parts.h"

namespace staccato::drone {

class StreamsDownload final : public grpc::ServerWriteReactor<v1::StreamsPart> {
 public:
  /// Starts writing at once; deletes itself when gRPC is done with the call.
  explicit StreamsDownload(std::shared_ptr<const rpc::Streams> streams);

  void OnWriteDone(bool ok) override;
  void OnDone() override;

 private:
  void writeNext();

  std::shared_ptr<const rpc::Streams> streams_;  ///< keeps the stored list (and its memory lease) alive
  rpc::StreamsPartCursor cursor_;
  v1::StreamsPart part_;  ///< in flight until OnWriteDone
  size_t written_ = 0;    ///< bytes, to give memory back after a large list
};

}  // namespace staccato::drone
