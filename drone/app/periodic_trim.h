#pragma once
/// Gives memory malloc holds but nobody uses back to the system every few seconds. gRPC receives
/// a whole message before it refuses it for its size (1.51 checks the size afterwards), and its
/// buffers are many small pieces that malloc keeps: without this a drone that refused a few
/// 200 MB requests kept ~280 MB.
#include <thread>

namespace staccato::drone {

class PeriodicTrim {
 public:
  PeriodicTrim();

 private:
  std::jthread thread_;
};

}  // namespace staccato::drone
