#pragma once
/// A bounded ring of points: appends overwrite the oldest once `capacity` is reached.
#include <cstddef>
#include <vector>

namespace staccato::client {

template <typename T>
class StatsRing {
 public:
  explicit StatsRing(size_t capacity) : capacity_(capacity ? capacity : 1) {}

  void push(const T& value) {
    if (items_.size() < capacity_) {
      items_.push_back(value);
    } else {
      items_[head_] = value;
      head_ = (head_ + 1) % capacity_;
    }
  }
  size_t size() const { return items_.size(); }
  /// Oldest first.
  template <typename F>
  void forEach(F f) const {
    for (size_t i = 0; i < items_.size(); ++i) f(items_[(head_ + i) % items_.size()]);
  }

 private:
  size_t capacity_;
  size_t head_ = 0;  ///< the oldest item once full
  std::vector<T> items_;
};

}  // namespace staccato::client
