#pragma once
// Shared by the drone logic tests: a DroneCore over fake ports (drone/fake), streams that
// carry a signature, waiting for a condition with a deadline, and finding rows in stats.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "drone/core/drone_core.h"
#include "drone/capture/capture_errors.h"
#include "drone/core/drone_errors.h"
#include "drone/devices/device_errors.h"
#include "drone/fake/fake_port_source.h"
#include "rpc/stats/stream_pairing.h"
#include "tests/support/stacks.h"

namespace staccato::drone::test {

using namespace std::chrono_literals;

/// Polls `done` until it holds or `timeout` passes; returns done().
inline bool waitUntil(const std::function<bool()>& done, std::chrono::milliseconds timeout = 3000ms) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() > end) return done();
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

/// A tracked UDP stream (signature trailer) of `count` packets at `pps`, or as fast as the
/// link takes them when `pps` is 0.
inline v1::Stream udpStream(uint32_t id, uint64_t count, double pps = 0) {
  v1::Stream s = staccato::test::S({staccato::test::L("eth"), staccato::test::L("ip"), staccato::test::L("udp"),
                                    staccato::test::L("payload"), staccato::test::L("signature")},
                                   128);
  s.set_id(id);
  s.set_name("stream " + std::to_string(id));
  s.mutable_rate()->set_unit(pps > 0 ? v1::Rate::PPS : v1::Rate::FASTEST);
  s.mutable_rate()->set_value(pps);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

/// A tracked stream that sends at `pps` until stopped.
inline v1::Stream continuousStream(uint32_t id, double pps) {
  v1::Stream s = udpStream(id, 0, pps);
  s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
  return s;
}

/// `s` with its run's end: what comes next and how often it may jump back.
inline v1::Stream then(v1::Stream s, v1::Control::AfterStream after, uint32_t loopCount = 0, uint32_t gotoRow = 0) {
  s.mutable_control()->set_after(after);
  s.mutable_control()->set_loop_count(loopCount);
  s.mutable_control()->set_goto_stream(gotoRow);
  return s;
}

inline v1::Stream disabled(v1::Stream s) {
  s.set_enabled(false);
  return s;
}

inline rpc::Streams streamList(const std::vector<v1::Stream>& streams) {
  rpc::Streams out;
  for (const v1::Stream& s : streams) *out.Add() = s;
  return out;
}

/// The text of `s`'s error, "" when it succeeded.
inline std::string errorText(const Status& s) { return s ? std::string() : s.error().toString(); }

/// `status` (a Status or Result) failed with exactly `want` (text and kind).
#define EXPECT_FAILS_WITH(status, want)                                            \
  do {                                                                             \
    const auto& got_ = (status);                                                   \
    const ::staccato::Error want_ = (want);                                        \
    ASSERT_FALSE(got_.ok()) << "expected: " << want_.toString();                   \
    EXPECT_EQ(got_.error().toString(), want_.toString());                          \
    EXPECT_EQ(static_cast<int>(got_.error().kind), static_cast<int>(want_.kind)); \
  } while (0)

/// The port's row in the snapshot, or null.
using rpc::portRow;

/// The stream row with this transmit port, receive port ("" = a row without that side) and id.
inline const v1::StreamStats* streamRow(const v1::StatsSnapshot& snap, const std::string& txPort, uint32_t id,
                                        const std::string& rxPort) {
  for (const auto& s : snap.streams())
    if (s.tx_port() == txPort && s.rx_port() == rxPort && s.stream_id() == id) return &s;
  return nullptr;
}

/// rx_packets of that row (0 when there is none).
inline uint64_t receivedOf(const v1::StatsSnapshot& snap, const std::string& txPort, uint32_t id,
                           const std::string& rxPort) {
  const v1::StreamStats* row = streamRow(snap, txPort, id, rxPort);
  return row ? row->rx_packets() : 0;
}

/// Rows of the snapshot that concern stream `id`.
inline size_t rowsOfStream(const v1::StatsSnapshot& snap, uint32_t id) {
  size_t n = 0;
  for (const auto& s : snap.streams()) n += s.stream_id() == id;
  return n;
}

/// A DroneCore over fake ports that only refreshes when told to.
class FakeDrone {
 public:
  explicit FakeDrone(std::vector<fake::FakePortSpec> ports = fake::fakePair("a", "b"), DroneLimits limits = {}) {
    auto source = std::make_unique<fake::FakePortSource>(std::move(ports));
    wire_ = source.get();
    DroneCoreOptions options;
    options.refreshEvery = 0ms;
    options.limits = limits;
    core_ = std::make_unique<DroneCore>(std::move(source), options);
  }

  DroneCore& core() { return *core_; }
  /// The fake ports: unplug, plug, failNextOpen.
  fake::FakePortSource& hardware() { return *wire_; }

  Status setStreams(const std::string& port, const std::vector<v1::Stream>& streams, const std::string& client = "") {
    return core_->setStreams(port, streamList(streams), client);
  }
  /// Changes the port's current configuration with `change`.
  Status configure(const std::string& port, const std::function<void(v1::PortConfig&)>& change,
                   const std::string& client = "") {
    auto p = listed(port);
    if (!p) return errors::noSuchPort(port);
    v1::PortConfig c = p->config();
    change(c);
    return core_->configurePort(port, c, client);
  }
  /// The port as ListPorts shows it (nullopt when it is not listed).
  std::optional<v1::Port> listed(const std::string& port) {
    for (v1::Port& p : core_->listPorts())
      if (p.name() == port) return std::move(p);
    return std::nullopt;
  }
  bool transmitting(const std::string& port) {
    auto p = listed(port);
    return p && p->transmitting();
  }
  /// Waits until the port has stopped sending by itself.
  bool waitStopped(const std::string& port, std::chrono::milliseconds timeout = 3000ms) {
    return waitUntil([&] { return !transmitting(port); }, timeout);
  }
  /// Sets the streams, starts the port and waits until it has sent them all.
  void runToEnd(const std::string& port, const std::vector<v1::Stream>& streams) { runToEnd(*core_, port, streams); }
  static void runToEnd(DroneCore& core, const std::string& port, const std::vector<v1::Stream>& streams,
                       std::chrono::milliseconds timeout = 3000ms) {
    ASSERT_TRUE(core.setStreams(port, streamList(streams), "").ok());
    ASSERT_TRUE(core.startTx({port}, "").ok());
    ASSERT_TRUE(waitUntil(
        [&] {
          for (const v1::Port& p : core.listPorts())
            if (p.name() == port) return !p.transmitting();
          return true;
        },
        timeout))
        << port << " still sends";
  }
  /// Packets the port's workers sent of stream `id` in the last run (0 when there is no row).
  uint64_t sent(const std::string& port, uint32_t id) {
    const v1::StatsSnapshot snap = core_->collect();
    for (const auto& s : snap.streams())
      if (s.tx_port() == port && s.stream_id() == id) return s.tx_packets();
    return 0;
  }
  /// Waits until `rxPort` has counted `packets` of stream `id` (paired or not); the last snapshot.
  v1::StatsSnapshot waitReceived(const std::string& rxPort, uint32_t id, uint64_t packets) {
    v1::StatsSnapshot snap;
    waitUntil([&] {
      snap = core_->collect();
      for (const auto& s : snap.streams())
        if (s.rx_port() == rxPort && s.stream_id() == id && s.rx_packets() >= packets) return true;
      return false;
    });
    return snap;
  }

 private:
  fake::FakePortSource* wire_ = nullptr;  ///< owned by core_
  std::unique_ptr<DroneCore> core_;
};

}  // namespace staccato::drone::test
