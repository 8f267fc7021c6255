#pragma once
/// The drone's capture memory: every capture holds a lease on the bytes its store may take,
/// from its start until the last reader (a fetch in progress) lets go of it. Thread-safe.
#include <atomic>
#include <cstddef>
#include <memory>

namespace staccato::drone {

class CaptureBudget {
 public:
  explicit CaptureBudget(size_t bytes) : total_(bytes) {}

  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& o) noexcept : budget_(std::move(o.budget_)), bytes_(o.bytes_) { o.bytes_ = 0; }
    Lease& operator=(Lease&& o) noexcept {
      release();
      budget_ = std::move(o.budget_);
      bytes_ = o.bytes_;
      o.bytes_ = 0;
      return *this;
    }
    ~Lease() { release(); }
    size_t bytes() const { return bytes_; }

   private:
    friend class CaptureBudget;
    Lease(std::shared_ptr<CaptureBudget> budget, size_t bytes) : budget_(std::move(budget)), bytes_(bytes) {}
    void release() {
      if (budget_ && bytes_) budget_->used_.fetch_sub(bytes_);
      bytes_ = 0;
    }
    std::shared_ptr<CaptureBudget> budget_;
    size_t bytes_ = 0;
  };

  /// A lease on `bytes`, or nothing when they do not fit in what is left.
  static bool reserve(const std::shared_ptr<CaptureBudget>& budget, size_t bytes, Lease& out) {
    size_t used = budget->used_.load();
    do {
      if (bytes > budget->total_ - used) return false;
    } while (!budget->used_.compare_exchange_weak(used, used + bytes));
    out = Lease(budget, bytes);
    return true;
  }

  size_t total() const { return total_; }
  size_t used() const { return used_.load(); }

 private:
  const size_t total_;
  std::atomic<size_t> used_{0};
};

}  // namespace staccato::drone
