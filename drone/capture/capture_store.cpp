#include "drone/capture/capture_store.h"

#include <algorithm>

namespace staccato::drone {
namespace {

constexpr size_t kSmallestFrame = 60;  // an Ethernet frame without FCS, padded to the minimum

}  // namespace

size_t CaptureStore::capacityFor(CaptureBound bound, uint64_t limit, uint32_t snapLength) {
  switch (bound) {
    case CaptureBound::kPackets: return limit * recordBytes(snapLength);
    // The frames' bytes, with the headers and padding of the smallest frames.
    case CaptureBound::kBytes: return limit + (limit / kSmallestFrame + 1) * (recordBytes(kSmallestFrame) - kSmallestFrame);
    case CaptureBound::kRing: return limit;
  }
  return limit;
}

CaptureStore::CaptureStore(CaptureBound bound, uint64_t limit, size_t capacity)
    : bound_(bound), limit_(limit), capacity_(capacity), buffer_(std::make_unique_for_overwrite<uint8_t[]>(capacity)) {}

bool CaptureStore::makeRoom(size_t need) {
  if (need > capacity_) return false;
  for (;;) {
    if (count_ == 0) {
      head_ = tail_ = wrapEnd_ = 0;
      return true;
    }
    if (tail_ > head_) {  // data in [head, tail): room after it, or start again at the beginning
      if (capacity_ - tail_ >= need) return true;
      if (bound_ != CaptureBound::kRing) return false;
      wrapEnd_ = tail_;
      tail_ = 0;
      ++wraps_;
      continue;
    }
    // Data in [head, wrapEnd) and [0, tail): the room is between tail and head.
    if (head_ - tail_ >= need) return true;
    if (bound_ != CaptureBound::kRing) return false;
    bytes_ -= headerAt(head_).lengthAndFlags & 0xffffff;
    head_ += recordAt(head_);
    --count_;
    ++dropped_;
    if (head_ == wrapEnd_) head_ = wrapEnd_ = 0;  // the older part is gone: data in [0, tail)
  }
}

bool CaptureStore::add(const CapturedFrame& frame, uint32_t snapLength) {
  if (complete_) return false;
  const uint32_t length = std::min({frame.length, snapLength, uint32_t{0xffffff}});
  if (bound_ == CaptureBound::kBytes && bytes_ + length > limit_) {
    complete_ = true;
    return false;
  }
  const size_t need = recordBytes(length);
  if (!makeRoom(need)) {
    complete_ = bound_ != CaptureBound::kRing;  // a ring too small for one frame takes the next smaller one
    return false;
  }
  const Header h{frame.realtimeNs, frame.wireLength, length | uint32_t{frame.flags} << 24};
  std::memcpy(buffer_.get() + tail_, &h, sizeof h);
  std::memcpy(buffer_.get() + tail_ + kHeaderBytes, frame.data, length);
  tail_ += need;
  ++count_;
  bytes_ += length;
  if (bound_ == CaptureBound::kPackets && count_ >= limit_) complete_ = true;
  if (bound_ == CaptureBound::kBytes && bytes_ == limit_) complete_ = true;
  return true;
}

}  // namespace staccato::drone
