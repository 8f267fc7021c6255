// GUI responsiveness benchmark: 4 drones send stats at 10 Hz, each snapshot carrying
// 10,000 stream rows, while the window shows a port with 10,000 streams and the user switches
// tabs and scrolls. A 2 ms probe timer on the GUI thread measures every gap in its ticks: the
// worst gap is the longest time the GUI thread was blocked. Prints figures; asserts nothing.
#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "client/widgets/main_window.h"
#include "client/widgets/stream_table.h"
#include "tests/bench/replayed_stats_session.h"
#include "tests/client/gui/fake_lab.h"

using namespace staccato;
using namespace staccato::client;

namespace {

constexpr int kDrones = 4;
constexpr int kStreams = 10'000;
constexpr int kSnapshotsPerDrone = 8;  // prebuilt, cycled: building protos is the drone's work, not the GUI's

v1::StatsSnapshot snapshot(int n) {
  v1::StatsSnapshot s;
  s.set_timestamp_ns(uint64_t(n + 1) * 100'000'000);
  for (const char* port : {"p0", "p1"}) {
    auto* p = s.add_ports();
    p->set_port(port);
    p->set_tx_pps(1e6);
    p->set_rx_pps(1e6);
    p->set_tx_packets(uint64_t(n) * 100'000);
    p->set_transmitting(true);
  }
  for (int i = 0; i < kStreams; ++i) {
    auto* r = s.add_streams();
    r->set_tx_port("p0");
    r->set_rx_port("p1");
    r->set_stream_id(i + 1);
    r->set_tx_packets(uint64_t(n) * 10 + i);
    r->set_rx_packets(uint64_t(n) * 10 + i);
    auto* l = r->mutable_latency();
    l->set_samples(r->rx_packets());
    l->set_min_ns(10'000);
    l->set_avg_ns(30'000 + (n * 37 + i) % 5000);
    l->set_max_ns(90'000);
    l->set_p99_ns(70'000);
  }
  return s;
}

v1::Stream stream(uint32_t id) {
  v1::Stream s;
  s.set_id(id);
  s.set_name("stream " + std::to_string(id));
  for (const char* p : {"eth", "ip", "udp", "payload", "signature"}) s.add_layers()->set_protocol(p);
  s.mutable_frame_length()->set_fixed(64);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
  QApplication app(argc, argv);
  const double seconds = argc > 1 ? std::atof(argv[1]) : 10;

  Workspace workspace;
  std::vector<ReplayedStatsSession*> drones;
  for (int d = 0; d < kDrones; ++d) {
    std::vector<v1::Port> ports(2);
    for (int p = 0; p < 2; ++p) {
      ports[p].set_name("p" + std::to_string(p));
      ports[p].set_link_up(true);
      ports[p].mutable_config()->set_track_rx(true);
    }
    auto session = std::make_unique<ReplayedStatsSession>(QString("drone%1").arg(d), std::move(ports));
    drones.push_back(session.get());
    workspace.addSession(std::move(session));
  }
  MainWindow window(&workspace);
  window.resize(1400, 900);
  window.show();
  client::test::waitFor([&] { return workspace.allPorts().size() == kDrones * 2; });

  std::vector<v1::Stream> many;
  for (int i = 0; i < kStreams; ++i) many.push_back(stream(i + 1));
  const PortRef big{workspace.sessionKeys().front(), "p0"};
  client::test::waitFor([&] { return workspace.streams(big)->undoStack()->count() == 0; }, 2);
  QElapsedTimer setup;
  setup.start();
  workspace.streams(big)->insertStreams(0, many, "bench");
  window.selectPort(big);
  QCoreApplication::processEvents();
  const double insertMs = setup.nsecsElapsed() / 1e6;

  std::vector<std::vector<v1::StatsSnapshot>> prebuilt(kDrones);
  for (auto& list : prebuilt)
    for (int n = 0; n < kSnapshotsPerDrone; ++n) list.push_back(snapshot(n));

  std::vector<double> gaps;
  double worstGapAt = 0, worstGap = 0;
  double worstHandlerMs = 0;
  int delivered = 0;
  QElapsedTimer clock;
  clock.start();
  qint64 last = clock.nsecsElapsed();
  QTimer probe;
  probe.setTimerType(Qt::PreciseTimer);
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const qint64 now = clock.nsecsElapsed();
    gaps.push_back((now - last) / 1e6);
    if (gaps.back() > worstGap) worstGap = gaps.back(), worstGapAt = now / 1e9;
    last = now;
  });
  std::vector<std::unique_ptr<QTimer>> feeders;
  for (int d = 0; d < kDrones; ++d) {
    auto t = std::make_unique<QTimer>();
    t->setInterval(100);
    QObject::connect(t.get(), &QTimer::timeout, [&, d, n = 0]() mutable {
      QElapsedTimer h;
      h.start();
      drones[d]->deliver(prebuilt[d][n++ % kSnapshotsPerDrone]);
      worstHandlerMs = std::max(worstHandlerMs, h.nsecsElapsed() / 1e6);
      ++delivered;
    });
    feeders.push_back(std::move(t));
  }
  // The user: switches tabs and scrolls the 10,000-stream table every 300 ms.
  QTimer user;
  user.setInterval(300);
  double worstUserMs = 0;
  QObject::connect(&user, &QTimer::timeout, [&, n = 0]() mutable {
    QElapsedTimer u;
    u.start();
    window.bottomTabs()->setCurrentIndex(n % 3);
    auto* bar = window.streamTable()->verticalScrollBar();
    bar->setValue((n * 997) % std::max(1, bar->maximum()));
    ++n;
    worstUserMs = std::max(worstUserMs, u.nsecsElapsed() / 1e6);
  });
  probe.start(2);
  // Drones are not synchronised: their snapshots arrive spread over the interval.
  for (int d = 0; d < kDrones; ++d) QTimer::singleShot(d * 100 / kDrones, feeders[d].get(), qOverload<>(&QTimer::start));
  user.start();
  client::test::waitFor([] { return false; }, seconds);
  probe.stop();
  user.stop();
  for (auto& t : feeders) t->stop();

  std::sort(gaps.begin(), gaps.end());
  auto pct = [&](double p) { return gaps.empty() ? 0 : gaps[std::min(gaps.size() - 1, size_t(p * gaps.size()))]; };
  std::printf("GUI responsiveness: %d drones x stats at 10 Hz x %d stream rows each; %d streams in the table\n",
              kDrones, kStreams, kStreams);
  std::printf("  run %.1f s, snapshots delivered %d (%.1f/s), stream stats rows %d\n", seconds, delivered,
              delivered / seconds, workspace.streamStats()->rowCount());
  std::printf("  inserting %d streams + showing them: %.1f ms (one-off)\n", kStreams, insertMs);
  std::printf("  GUI-thread gaps (2 ms probe): median %.2f ms, p99 %.2f ms, worst %.2f ms (budget 50 ms), %.1f s into the run\n",
              pct(0.5), pct(0.99), gaps.empty() ? 0 : gaps.back(), worstGapAt);
  std::printf("  worst single snapshot handling (10,000 rows into tables and charts): %.2f ms\n", worstHandlerMs);
  std::printf("  worst user action (switch tab + scroll the stream table): %.2f ms\n", worstUserMs);
  return 0;
}
