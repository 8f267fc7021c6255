#pragma once
/// The captures' hooks into a port's engines: what turbo receive takes before the kernel's taps
/// goes to the Receivers' engine, and what AF_XDP transmit sends past them to the Transmitter's
/// workers. Not thread-safe: the DroneCore's lock guards it.
#include <string>

#include "drone/capture/capture_sink.h"
#include "drone/core/receivers.h"
#include "drone/core/transmitter.h"

namespace staccato::drone {

class PortTaps final : public CaptureTaps {
 public:
  PortTaps(Receivers& rx, Transmitter& tx) : rx_(rx), tx_(tx) {}
  void setTaps(const std::string& port, CaptureSink* received, CaptureSink* sent) override {
    rx_.setTap(port, received);
    tx_.setTap(port, sent);
  }

 private:
  Receivers& rx_;
  Transmitter& tx_;
};

}  // namespace staccato::drone
