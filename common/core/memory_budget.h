#pragma once
/// A share of the drone's memory (its stream memory, its capture memory): whatever takes part of
/// it holds a Lease on the bytes it may use, until the last holder lets go. Thread-safe; a lease
/// may grow (if what is left allows) or shrink while it is held.
#include <atomic>
#include <cstddef>
#include <memory>

namespace staccato {

class MemoryBudget {
 public:
  explicit MemoryBudget(size_t bytes) : total_(bytes) {}

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

    /// `more` bytes besides, if they fit in what is left.
    bool grow(size_t more) {
      if (!budget_ || !budget_->take(more)) return false;
      bytes_ += more;
      return true;
    }
    /// Gives back what it holds beyond `bytes`.
    void shrinkTo(size_t bytes) {
      if (!budget_ || bytes >= bytes_) return;
      budget_->used_.fetch_sub(bytes_ - bytes);
      bytes_ = bytes;
    }

   private:
    friend class MemoryBudget;
    Lease(std::shared_ptr<MemoryBudget> budget, size_t bytes) : budget_(std::move(budget)), bytes_(bytes) {}
    void release() {
      if (budget_ && bytes_) budget_->used_.fetch_sub(bytes_);
      bytes_ = 0;
    }
    std::shared_ptr<MemoryBudget> budget_;
    size_t bytes_ = 0;
  };

  /// A lease on `bytes`, or nothing when they do not fit in what is left.
  static bool reserve(const std::shared_ptr<MemoryBudget>& budget, size_t bytes, Lease& out) {
    if (!budget->take(bytes)) return false;
    out = Lease(budget, bytes);
    return true;
  }

  /// Makes `lease` hold exactly `bytes` (taking a new lease when it holds none), if they fit.
  static bool resize(const std::shared_ptr<MemoryBudget>& budget, Lease& lease, size_t bytes) {
    if (!lease.budget_) return reserve(budget, bytes, lease);
    if (bytes > lease.bytes_) return lease.grow(bytes - lease.bytes_);
    lease.shrinkTo(bytes);
    return true;
  }

  size_t total() const { return total_; }
  size_t used() const { return used_.load(); }
  size_t left() const {
    const size_t used = used_.load();
    return used >= total_ ? 0 : total_ - used;
  }

 private:
  bool take(size_t bytes) {
    size_t used = used_.load();
    do {
      if (used > total_ || bytes > total_ - used) return false;
    } while (!used_.compare_exchange_weak(used, used + bytes));
    return true;
  }

  const size_t total_;
  std::atomic<size_t> used_{0};
};

}  // namespace staccato
