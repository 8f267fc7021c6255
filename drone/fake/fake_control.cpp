#include "drone/fake/fake_control.h"

#include <algorithm>
#include <chrono>

namespace staccato::drone::fake {

void ControlQueue::push(std::span<const uint8_t> frame) {
  std::lock_guard lock(mu_);
  if (!open_ || frames_.size() >= kCapacity) return;
  frames_.emplace_back(frame.begin(), frame.end());
  ready_.notify_one();
}

size_t ControlQueue::pop(std::span<uint8_t> buffer, int timeoutMs) {
  std::unique_lock lock(mu_);
  if (!ready_.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return !frames_.empty(); })) return 0;
  std::vector<uint8_t> f = std::move(frames_.front());
  frames_.pop_front();
  const size_t n = std::min(f.size(), buffer.size());
  std::copy_n(f.begin(), n, buffer.begin());
  return n;
}

void ControlQueue::setOpen(bool open) {
  std::lock_guard lock(mu_);
  open_ = open;
  if (!open) frames_.clear();
}

namespace {

class FakeControlSocket final : public devices::ControlSocket {
 public:
  FakeControlSocket(std::shared_ptr<ControlQueue> own, std::shared_ptr<ControlQueue> peer)
      : own_(std::move(own)), peer_(std::move(peer)) {
    own_->setOpen(true);
  }
  ~FakeControlSocket() override { own_->setOpen(false); }
  Result<size_t> receive(std::span<uint8_t> buffer, int timeoutMs) override { return own_->pop(buffer, timeoutMs); }
  Status send(std::span<const uint8_t> frame) override {
    if (peer_) peer_->push(frame);
    return Ok{};
  }

 private:
  std::shared_ptr<ControlQueue> own_, peer_;
};

}  // namespace

std::unique_ptr<devices::ControlSocket> fakeControlSocket(std::shared_ptr<ControlQueue> own,
                                                          std::shared_ptr<ControlQueue> peer) {
  return std::make_unique<FakeControlSocket>(std::move(own), std::move(peer));
}

}  // namespace staccato::drone::fake
