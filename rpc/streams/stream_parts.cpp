#include "rpc/streams/stream_parts.h"

#include <google/protobuf/field_mask.pb.h>
#include <google/protobuf/util/field_mask_util.h>

namespace staccato::rpc {
namespace {

/// Bytes a replay frame adds to a part: the frame, its time and their tags and lengths.
size_t frameCost(const std::string& frame) { return frame.size() + 16; }

/// `s` without its replay's frames and times (a copy of `s` whole would copy every frame).
void copyWithoutFrames(const v1::Stream& s, v1::Stream& out) {
  static const google::protobuf::FieldMask mask = [] {
    google::protobuf::FieldMask m;
    const auto* stream = v1::Stream::descriptor();
    for (int i = 0; i < stream->field_count(); ++i)
      if (stream->field(i)->name() != "replay") m.add_paths(stream->field(i)->name());
    const auto* replay = v1::Replay::descriptor();
    for (int i = 0; i < replay->field_count(); ++i)
      if (replay->field(i)->name() != "frames" && replay->field(i)->name() != "times_ns")
        m.add_paths("replay." + replay->field(i)->name());
    return m;
  }();
  out.Clear();
  google::protobuf::util::FieldMaskUtil::MergeMessageTo(s, mask, {}, &out);
  out.mutable_replay();  // a replay stream stays one, whatever its other fields
}

}  // namespace

bool StreamsPartCursor::next(v1::StreamsPart& part) {
  part.Clear();
  if (!given_) {
    part.set_port(port_);
    part.set_client_id(clientId_);
  }
  size_t used = part.ByteSizeLong();
  auto holdsData = [&] { return part.streams_size() > 0 || part.has_more_frames(); };
  while (stream_ < streams_.size()) {
    const v1::Stream& s = streams_[stream_];
    v1::Replay* into = nullptr;
    if (frame_ == 0) {
      const size_t size = s.ByteSizeLong();
      if (size <= partBytes_) {
        if (used + size > partBytes_ && holdsData()) break;
        *part.add_streams() = s;
        used += size;
        ++stream_;
        continue;
      }
      // Too large for one part: the stream without its frames first, in a part of its own.
      if (holdsData()) break;
      v1::Stream* head = part.add_streams();
      copyWithoutFrames(s, *head);
      used += head->ByteSizeLong();
      into = head->mutable_replay();  // the first frames ride with the stream itself
    } else {
      into = part.mutable_more_frames();
    }
    const v1::Replay& r = s.replay();
    for (; frame_ < r.frames_size(); ++frame_) {
      if (used + frameCost(r.frames(frame_)) > partBytes_ && into->frames_size() > 0) break;
      *into->add_frames() = r.frames(frame_);
      if (frame_ < r.times_ns_size()) into->add_times_ns(r.times_ns(frame_));
      used += frameCost(r.frames(frame_));
    }
    if (frame_ < r.frames_size()) break;  // the part is full (it holds at least one frame: frame_ > 0)
    frame_ = 0;
    ++stream_;
    // more_frames belong to the last stream a receiver holds: nothing may follow them in a part.
    if (part.has_more_frames()) break;
  }
  if (!holdsData() && given_) return false;
  given_ = true;
  return true;
}

bool forEachStreamsPart(const Streams& streams, const std::string& port, const std::string& clientId,
                        const std::function<bool(const v1::StreamsPart&)>& send, size_t partBytes) {
  StreamsPartCursor cursor(streams, port, clientId, partBytes);
  v1::StreamsPart part;
  while (cursor.next(part))
    if (!send(part)) return false;
  return true;
}

Status checkStreamCount(size_t count, size_t maxStreams) {
  if (count <= maxStreams) return Ok{};
  return makeError("streams", "more than " + std::to_string(maxStreams) + " streams on one port (allowed 1.." +
                                  std::to_string(maxStreams) + ")", ErrorKind::kExhausted);
}

Status StreamsAssembler::add(v1::StreamsPart& part) {
  bytes_ += part.ByteSizeLong();
  if (bytes_ > maxBytes_)
    return makeError("streams", "more than " + std::to_string(maxBytes_ >> 20) +
                                    " MiB of streams: the drone's stream memory is full (send fewer or shorter "
                                    "replay streams, or clear other ports' streams)", ErrorKind::kExhausted);
  if (auto s = checkStreamCount(static_cast<size_t>(streams_.size() + part.streams_size()), maxStreams_); !s) return s;
  for (v1::Stream& s : *part.mutable_streams()) streams_.Add(std::move(s));
  if (part.has_more_frames()) {
    if (streams_.empty() || !streams_[streams_.size() - 1].has_replay())
      return makeError("streams", "more_frames without a replay stream before it");
    v1::Replay* into = streams_.Mutable(streams_.size() - 1)->mutable_replay();
    v1::Replay& more = *part.mutable_more_frames();
    for (std::string& f : *more.mutable_frames()) into->add_frames(std::move(f));
    into->mutable_times_ns()->Add(more.times_ns().begin(), more.times_ns().end());
  }
  return Ok{};
}

}  // namespace staccato::rpc
