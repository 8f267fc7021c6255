#include "rpc/streams/stream_parts.h"

namespace staccato::rpc {
namespace {

/// Bytes a replay frame adds to a part: the frame, its time and their tags and lengths.
size_t frameCost(const std::string& frame) { return frame.size() + 16; }

}  // namespace

bool forEachStreamsPart(const Streams& streams, const std::string& port, const std::string& clientId,
                        const std::function<bool(const v1::StreamsPart&)>& send, size_t partBytes) {
  v1::StreamsPart part;
  part.set_port(port);
  part.set_client_id(clientId);
  size_t used = part.ByteSizeLong();
  bool sentAny = false;
  auto holdsData = [&] { return part.streams_size() > 0 || part.has_more_frames(); };
  auto flush = [&] {
    sentAny = true;
    const bool ok = send(part);
    part.Clear();
    used = 0;
    return ok;
  };
  for (const v1::Stream& s : streams) {
    const size_t size = s.ByteSizeLong();
    if (size <= partBytes) {
      if (used + size > partBytes && holdsData() && !flush()) return false;
      *part.add_streams() = s;
      used += size;
      continue;
    }
    // Too large for one part: the stream without its frames, then its frames part by part.
    if (holdsData() && !flush()) return false;
    v1::Stream* head = part.add_streams();
    *head = s;
    head->mutable_replay()->clear_frames();
    head->mutable_replay()->clear_times_ns();
    used += head->ByteSizeLong();
    v1::Replay* into = head->mutable_replay();  // the first frames ride with the stream itself
    const v1::Replay& r = s.replay();
    for (int i = 0; i < r.frames_size(); ++i) {
      if (used + frameCost(r.frames(i)) > partBytes && into->frames_size() > 0) {
        if (!flush()) return false;
        into = part.mutable_more_frames();
      }
      *into->add_frames() = r.frames(i);
      if (i < r.times_ns_size()) into->add_times_ns(r.times_ns(i));
      used += frameCost(r.frames(i));
    }
  }
  // An empty list still goes as one part: it names the port (and clears its streams).
  if (holdsData() || !sentAny) return flush();
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
