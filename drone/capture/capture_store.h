#pragma once
/// The frames one capture holds, in a buffer allocated once (its pages are touched only as
/// frames arrive). Up to a packet count or a byte count (then complete: nothing more is taken),
/// or as a ring that drops the oldest whole frames to make room for new ones. Records never
/// split: a frame that does not fit before the end of the ring starts again at its beginning.
/// Not thread-safe: the Capture's lock guards it.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>

#include "drone/capture/capture_sink.h"
#include "drone/capture/capture_spec.h"

namespace staccato::drone {

class CaptureStore {
 public:
  struct Record {
    uint64_t realtimeNs;
    uint32_t wireLength;
    uint8_t flags;
    std::span<const uint8_t> bytes;
  };

  static constexpr size_t kHeaderBytes = 16;
  /// The buffer bytes a frame of `length` bytes takes (header, frame, padding to 8).
  static constexpr size_t recordBytes(size_t length) { return kHeaderBytes + ((length + 7) & ~size_t{7}); }
  /// The buffer a capture needs for its bound with frames of at most `snapLength` bytes: what
  /// counts against the drone's capture memory.
  static size_t capacityFor(CaptureBound bound, uint64_t limit, uint32_t snapLength);

  CaptureStore(CaptureBound bound, uint64_t limit, size_t capacity);

  /// Keeps the frame (cut to `snapLength`); false once the store is complete.
  bool add(const CapturedFrame& frame, uint32_t snapLength);
  /// The packet or byte bound was reached (never for a ring).
  bool complete() const { return complete_; }

  uint64_t packets() const { return count_; }
  uint64_t bytes() const { return bytes_; }
  uint64_t dropped() const { return dropped_; }
  uint64_t wraps() const { return wraps_; }

  /// Calls `fn(const Record&)` for every frame held, oldest first.
  template <typename Fn>
  void forEach(Fn&& fn) const;

 private:
  struct Header {
    uint64_t realtimeNs;
    uint32_t wireLength;
    uint32_t lengthAndFlags;  ///< length in the low 24 bits, flags in the high 8
  };
  static_assert(sizeof(Header) == kHeaderBytes);

  Header headerAt(size_t at) const {
    Header h;
    std::memcpy(&h, buffer_.get() + at, sizeof h);
    return h;
  }
  size_t recordAt(size_t at) const { return recordBytes(headerAt(at).lengthAndFlags & 0xffffff); }
  /// Makes room for `need` bytes at tail_ (ring: dropping the oldest records); false if it cannot.
  bool makeRoom(size_t need);

  const CaptureBound bound_;
  const uint64_t limit_;
  const size_t capacity_;
  std::unique_ptr<uint8_t[]> buffer_;
  size_t head_ = 0, tail_ = 0;  ///< oldest record; where the next one goes
  size_t wrapEnd_ = 0;          ///< while the data wraps: where it ends before the buffer's end
  uint64_t count_ = 0, bytes_ = 0, dropped_ = 0, wraps_ = 0;
  bool complete_ = false;
};

template <typename Fn>
void CaptureStore::forEach(Fn&& fn) const {
  size_t at = head_;
  for (uint64_t i = 0; i < count_; ++i) {
    if (wrapEnd_ && at == wrapEnd_) at = 0;
    const Header h = headerAt(at);
    const uint32_t length = h.lengthAndFlags & 0xffffff;
    fn(Record{h.realtimeNs, h.wireLength, static_cast<uint8_t>(h.lengthAndFlags >> 24),
              std::span<const uint8_t>(buffer_.get() + at + kHeaderBytes, length)});
    at += recordBytes(length);
  }
}

}  // namespace staccato::drone
