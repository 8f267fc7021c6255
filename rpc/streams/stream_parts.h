#pragma once
/// Stream lists travel in parts of about kStreamsPartBytes (SetStreams up, GetStreams down), so
/// that no message is larger than the drone accepts: a replay stream of a large capture is cut
/// between its frames. One splitter for every sender, one assembler for every receiver.
#include <cstddef>
#include <functional>
#include <string>

#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {

inline constexpr size_t kStreamsPartBytes = size_t{1} << 20;

using Streams = google::protobuf::RepeatedPtrField<v1::Stream>;

/// Cuts a stream list into parts of about `partBytes`, one at a time (the first carries `port`
/// and `clientId`). A stream larger than `partBytes` goes alone, its replay frames continuing in
/// `more_frames` parts. Nothing is copied but the part being made: a 256 MiB replay is read
/// from `streams` frame by frame (which must outlive the cursor).
class StreamsPartCursor {
 public:
  StreamsPartCursor(const Streams& streams, std::string port, std::string clientId, size_t partBytes = kStreamsPartBytes)
      : streams_(streams), port_(std::move(port)), clientId_(std::move(clientId)), partBytes_(partBytes) {}

  /// Fills `part` with the next part; false once every part was given (an empty list gives one
  /// part: it names the port and clears its streams).
  bool next(v1::StreamsPart& part);

 private:
  const Streams& streams_;
  std::string port_, clientId_;
  size_t partBytes_;
  int stream_ = 0;     ///< the next stream to put in a part
  int frame_ = 0;      ///< within a large stream: its next replay frame (0: the stream's start)
  bool given_ = false; ///< a part was given
};

/// Hands every part of `streams` to `send` in order; stops at the first part `send` refuses
/// (returns false then).
bool forEachStreamsPart(const Streams& streams, const std::string& port, const std::string& clientId,
                        const std::function<bool(const v1::StreamsPart&)>& send, size_t partBytes = kStreamsPartBytes);

/// Refuses (ErrorKind::kExhausted) a list of more than `maxStreams` streams for one port.
Status checkStreamCount(size_t count, size_t maxStreams);

/// Puts parts back together. Refuses (ErrorKind::kExhausted) as soon as the list would hold
/// more than `maxStreams` streams or `maxBytes` bytes, so nothing larger is ever held.
class StreamsAssembler {
 public:
  StreamsAssembler(size_t maxStreams, size_t maxBytes) : maxStreams_(maxStreams), maxBytes_(maxBytes) {}

  /// Takes the part's streams and frames (moving them out of `part`).
  Status add(v1::StreamsPart& part);
  size_t bytes() const { return bytes_; }
  size_t count() const { return static_cast<size_t>(streams_.size()); }
  Streams take() { return std::move(streams_); }

 private:
  size_t maxStreams_, maxBytes_;
  size_t bytes_ = 0;
  Streams streams_;
};

}  // namespace staccato::rpc
