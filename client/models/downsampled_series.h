#pragma once
/// A chart's whole history in at most `capacity` points: when full, each pair of neighbours
/// becomes one (T::merge: a mean, or the larger for a maximum) and from then on every two
/// points that arrive are kept as one, and so on. A long run keeps its first minute and its
/// last, at a coarser step the longer it runs, instead of only its last `capacity` points.
#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace staccato::client {

/// T has `static T merge(const T& older, const T& newer)`.
template <typename T>
class DownsampledSeries {
 public:
  /// `capacity` is rounded up to an even number, so a halving leaves no point alone.
  explicit DownsampledSeries(size_t capacity) : capacity_(capacity < 2 ? 2 : capacity + capacity % 2) {}

  void push(const T& value) {
    // A binary counter of partial groups: merging only equals (1+1, 2+2, ...) keeps every
    // arrival's weight the same, so a mean stays a true mean whatever the stride.
    T group = value;
    size_t level = 0;
    for (; partial_[level]; ++level) {
      group = T::merge(*partial_[level], group);
      partial_[level].reset();
    }
    if ((size_t{1} << level) == stride_ && points_.size() == capacity_) halve();
    if ((size_t{1} << level) < stride_) {
      partial_[level] = group;  // waits for its equal (after a halving, too)
      return;
    }
    points_.push_back(group);
  }
  /// The points kept, oldest first, and the newest arrivals not yet a whole group as one.
  size_t size() const { return points_.size() + (newestPartial() ? 1 : 0); }
  /// How many arrivals each kept point stands for now (1, 2, 4, ...).
  size_t stride() const { return stride_; }
  template <typename F>
  void forEach(F f) const {
    for (const T& p : points_) f(p);
    if (const auto partial = newestPartial()) f(*partial);
  }

 private:
  void halve() {
    size_t out = 0;
    for (size_t i = 0; i + 1 < points_.size(); i += 2) points_[out++] = T::merge(points_[i], points_[i + 1]);
    points_.resize(out);
    stride_ *= 2;
  }

  /// The partial groups, older (larger) first, as one point.
  std::optional<T> newestPartial() const {
    std::optional<T> out;
    for (size_t level = kLevels; level-- > 0;)
      if (partial_[level]) out = out ? T::merge(*out, *partial_[level]) : *partial_[level];
    return out;
  }

  static constexpr size_t kLevels = 64;
  size_t capacity_;
  size_t stride_ = 1;
  std::vector<T> points_;
  std::array<std::optional<T>, kLevels> partial_;  ///< partial_[k]: 2^k arrivals merged
};

}  // namespace staccato::client
