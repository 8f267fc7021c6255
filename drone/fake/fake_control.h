#pragma once
/// The emulated hosts' path between two fake ports: what one port's control socket sends
/// arrives at its peer's, so emulated hosts on both ends of a fake wire answer each other's
/// ARP and neighbour solicitations (resolution runs without root). Stream frames do not come
/// this way; frames a full queue has no room for are dropped, as a socket buffer would.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "drone/devices/control_socket.h"

namespace staccato::drone::fake {

/// Frames waiting for one fake port's control socket.
class ControlQueue {
 public:
  static constexpr size_t kCapacity = 16384;
  void push(std::span<const uint8_t> frame);
  /// A waiting frame into `buffer` (its length), or 0 after `timeoutMs`.
  size_t pop(std::span<uint8_t> buffer, int timeoutMs);
  void setOpen(bool open);

 private:
  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::vector<uint8_t>> frames_;
  bool open_ = false;
};

/// A control socket reading `own` and sending into `peer` (null: frames vanish).
std::unique_ptr<devices::ControlSocket> fakeControlSocket(std::shared_ptr<ControlQueue> own,
                                                          std::shared_ptr<ControlQueue> peer);

}  // namespace staccato::drone::fake
