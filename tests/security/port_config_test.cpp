// ConfigurePort used to store NaN line rates (after which load % streams went unpaced and the
// line-rate check was off), unknown tx modes and a cpus list of 100,000 entries.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "drone/core/port_config_check.h"

namespace staccato::drone {
namespace {

PortInfo twoQueues() {
  PortInfo p;
  p.name = "eth1";
  p.txQueues = 2;
  p.rxQueues = 2;
  return p;
}

std::string error(const v1::PortConfig& c) {
  auto s = checkPortConfig(twoQueues(), c);
  return s ? "" : s.error().toString();
}

TEST(PortConfigCheck, LineRatesMustBeFiniteAndInRange) {
  v1::PortConfig c;
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -1.0, 2e12}) {
    c.set_line_rate_bps(bad);
    EXPECT_EQ(error(c), "config.line_rate_bps: allowed 0 (from the driver) .. 1e12") << bad;
  }
  c.set_line_rate_bps(1e9);
  EXPECT_EQ(error(c), "");
}

TEST(PortConfigCheck, UnknownEnumValuesAreRefused) {
  v1::PortConfig c;
  c.set_tx_mode(static_cast<v1::PortConfig::TxMode>(9));
  EXPECT_EQ(error(c), "config.tx_mode: unknown value 9 (allowed TX_MODE_UNSPECIFIED, SEQUENTIAL, INTERLEAVED)");
  c = {};
  c.set_backend(static_cast<v1::PortConfig::Backend>(99));
  EXPECT_EQ(error(c).substr(0, 33), "config.backend: unknown value 99 ");
  c = {};
  c.set_rx_backend(static_cast<v1::PortConfig::RxBackend>(-1));
  EXPECT_EQ(error(c).substr(0, 36), "config.rx_backend: unknown value -1 ");
}

TEST(PortConfigCheck, ListsAndQueueCountsAreBounded) {
  v1::PortConfig c;
  for (int i = 0; i < 100'000; ++i) c.add_cpus(0);
  EXPECT_EQ(error(c), "config.cpus: 100000 cores listed; at most one per tx queue (256)");
  c = {};
  c.add_cpus(0);
  c.add_cpus(99'999);
  EXPECT_EQ(error(c).substr(0, 42), "config.cpus[1]: core 99999 does not exist ");
  c = {};
  c.set_tx_queues(1'000'000);
  EXPECT_EQ(error(c), "config.tx_queues: 1000000 is more than 256 (allowed 0 = all, 1..256)");
  c.set_tx_queues(3);
  EXPECT_EQ(error(c).substr(0, 38), "config.tx_queues: 3 exceeds eth1's 2 t");
}

}  // namespace
}  // namespace staccato::drone
