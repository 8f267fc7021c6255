#pragma once
/// One RFC 2889 address trial (5.7 caching capacity, 5.8 learning rate) on the drones: the test
/// port says who it is (one broadcast frame), the learning port sends one frame from each of N
/// source addresses to it, then the test port sends one frame to each of them; the learning port
/// counts what was forwarded and the monitoring port what was flooded.
#include <memory>

#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark_drone/bench_ports.h"

namespace staccato::bench {

/// The three ports of an address test (each "PORT" or "PORT@DRONE").
struct AddressPorts {
  Endpoint learning, test, monitor;
};

struct AddressProbeSettings {
  double agingSeconds = 0;  ///< waited before each trial: the device forgets the last one's addresses
  double testPps = 1000;    ///< the test frames' rate (the learning rate is the trial's)
  /// Each trial learns a block of addresses of its own (02:89:BB:xx:xx:xx, BB the trial's number):
  /// a device that kept the last trial's cannot pass a learning-rate trial without learning.
  bool freshAddressesEachTrial = false;
};

/// The first learning address: locally administered, unicast.
inline constexpr uint64_t kFirstLearnedMac = 0x028900000000;

class DroneAddressProbe {
 public:
  /// Checks the ports (three different ones, plain layer 2: no emulated hosts) and readies them.
  static Result<std::unique_ptr<DroneAddressProbe>> open(const DroneMap& drones, const AddressPorts& ports,
                                                          DroneExecutorSettings settings, AddressProbeSettings probe);

  Result<AddressTrial> trial(uint64_t addresses, double pps);
  AddressProbe probe() {
    return [this](uint64_t n, double pps) { return trial(n, pps); };
  }

 private:
  DroneAddressProbe(BenchPorts ports, AddressProbeSettings settings) : ports_(std::move(ports)), settings_(settings) {}
  /// Loads `stream` as flow `flow`'s only one, sends all its `frames`, stops; returns its row as
  /// sent (loading the next stream takes the row away).
  Result<v1::StreamStats> sendAll(size_t flow, const v1::Stream& stream, uint64_t frames, double pps);

  BenchPorts ports_;
  AddressProbeSettings settings_;
  uint32_t trials_ = 0;
};

}  // namespace staccato::bench
