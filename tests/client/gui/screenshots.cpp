// Writes the user guide's screenshots: two drones of fake ports in this process (the real
// drone service: no root, no network), the main window with stream stats, the charts, the
// stream editor, the port mapping dialog, the built-in capture viewer and a recording.
// Usage: gui_screenshots OUTPUT_DIR EXAMPLES_DIR   (tests/tools/screenshots.sh runs it under Xvfb)
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QTemporaryDir>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <map>

#include "client/widgets/capture_actions.h"
#include "client/widgets/capture_viewer.h"
#include "client/widgets/editor/stream_editor_dialog.h"
#include "client/widgets/main_window.h"
#include "client/widgets/neighbors_dialog.h"
#include "client/widgets/port_config_dialog.h"
#include "client/widgets/port_mapping_dialog.h"
#include "client/widgets/recording_viewer.h"
#include "client/widgets/stats_charts.h"
#include "client/widgets/stream_table.h"
#include "common/files/stream_file.h"
#include "rpc/stats/latency_buckets.h"
#include "tests/client/gui/fake_lab.h"
#include "tests/support/device_group.h"

using namespace staccato;
using namespace staccato::client;
using client::test::waitFor;
using staccato::test::deviceGroup;

namespace {

bool save(QWidget* w, const QString& path) {
  const bool ok = w->grab().save(path, "PNG");
  std::printf("%s %s\n", ok ? "wrote" : "FAILED", qPrintable(path));
  return ok;
}

/// A ten-minute soak as `staccato-cli watch --record` keeps it (a snapshot a second: the rate
/// ramps up, holds, dips while the device under test reloads, recovers; one latency spike),
/// opened in the recording viewer.
bool recordingScreenshot(const QDir& out) {
  QTemporaryDir dir;
  const std::string path = dir.filePath("soak.jsonl").toStdString();
  auto recorder = StatsRecorder::open(path, 1000);
  if (!recorder) return false;
  std::map<uint32_t, uint64_t> buckets;  // the stream's histogram since the start, in the drone's layout
  uint64_t samples = 0, maxNs = 0;
  double sumNs = 0;
  const auto sample = [&](uint64_t ns, uint64_t count) {
    buckets[uint32_t(rpc::latencyBucketOf(ns, rpc::kLatencySubBucketBits))] += count;
    samples += count;
    sumNs += double(ns) * double(count);
    maxNs = std::max(maxNs, ns);
  };
  for (uint64_t t = 0; t < 600; ++t) {
    const bool congested = t >= 300 && t < 320;  // the device drops a quarter and queues
    const double pps = t < 60 ? 1e4 * double(t) : (congested ? 2e5 : 6e5), rxPps = congested ? pps * 0.75 : pps;
    v1::StatsSnapshot s;
    s.set_timestamp_ns(1'000'000'000 * (t + 1));
    auto* tx = s.add_ports();
    tx->set_port("ens1f0");
    tx->set_tx_pps(pps);
    tx->set_tx_bps_l1(pps * 84 * 8);
    auto* rx = s.add_ports();
    rx->set_port("ens1f1");
    rx->set_rx_pps(rxPps);
    rx->set_rx_bps_l1(rxPps * 84 * 8);
    auto* r = s.add_streams();
    r->set_tx_port("ens1f0");
    r->set_rx_port("ens1f1");
    r->set_stream_id(1);
    const uint64_t typical = congested ? 900'000 : 42'000;
    for (uint64_t k = 0; k < 10; ++k) sample(typical * (16 + k) / 20, 100);  // 0.8x .. 1.25x the typical
    if (t == 450) sample(17'000'000, 1);
    auto* l = r->mutable_latency();  // since the start, as the drone reports it
    l->set_sub_bucket_bits(rpc::kLatencySubBucketBits);
    for (auto [index, count] : buckets) {
      l->add_bucket_index(index);
      l->add_bucket_count(count);
    }
    l->set_samples(samples);
    l->set_min_ns(42'000 * 16 / 20);
    l->set_avg_ns(uint64_t(sumNs / double(samples)));
    l->set_max_ns(maxNs);
    rpc::setPercentiles(*l);
    if (!(*recorder)->record("@lab-east", s)) return false;
  }
  recorder->reset();
  auto recording = loadStatsRecording(path);
  if (!recording) return false;
  RecordingViewer viewer(*recording, dir.filePath("soak.jsonl"));
  viewer.resize(1200, 720);
  viewer.show();
  waitFor([] { return false; }, 0.5);
  return save(&viewer, out.filePath("recording-viewer.png"));
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: gui_screenshots OUTPUT_DIR EXAMPLES_DIR\n");
    return 2;
  }
  const QDir out(argv[1]);
  const QDir examples(argv[2]);
  QDir().mkpath(out.path());

  client::test::FakeLab lab;
  Workspace workspace;
  using client::test::pairedPorts;
  const QString eastKey =
      workspace.addSession(lab.connect("lab-east", pairedPorts({"ens1f0", "ens1f1"}, 2, true)), 250);
  workspace.addSession(lab.connect("lab-west", pairedPorts({"eth1", "eth2"}, 1, false)), 250);
  MainWindow window(&workspace);
  window.resize(1440, 900);
  window.show();
  if (!waitFor([&] { return workspace.allPorts().size() == 4; })) return 1;

  // Each drone sends the streams of a few example files, continuously, from its first port.
  std::vector<v1::Stream> all;
  for (const char* name : {"udp-64.json", "imix.json", "ipv6-udp-qinq.json", "icmp-echo-signature.json"})
    if (auto f = loadStreamFile(examples.filePath(name).toStdString()))
      for (auto s : f->streams()) {
        s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
        all.push_back(s);
      }
  const std::vector<PortRef> senders = {{eastKey, "ens1f0"}, {workspace.sessionKeys().back(), "eth1"}};
  for (const PortRef& tx : senders) {
    workspace.streams(tx)->insertStreams(0, all, "Example streams");
    // All the streams at once (the first is continuous: one after another, the latency
    // streams would never send and the latency charts would stay empty), "10 % load" of a
    // 1 Gbit/s line: rates this process's fake receivers keep up with.
    for (const v1::Port& p : workspace.session(tx.drone)->ports())
      if (p.name() == tx.port) {
        v1::PortConfig config = p.config();
        config.set_tx_mode(v1::PortConfig::INTERLEAVED);
        config.set_line_rate_bps(1e9);
        workspace.setPendingConfig(tx, config);
      }
  }
  // A capture of what ens1f1 receives, from before the streams start.
  CaptureActions* captures = window.captureActions();
  captures->setViewerProgram("");  // the built-in viewer
  v1::StartCaptureRequest capture;
  capture.set_limit_packets(200);
  capture.set_direction(v1::CAPTURE_RX);
  captures->startCapture({eastKey, "ens1f1"}, capture);
  int started = 0;
  workspace.start(senders, [&](const Status& s) {
    ++started;
    if (!s) std::fprintf(stderr, "start failed: %s\n", s.error().toString().c_str());
  });
  waitFor([&] { return started > 0; });
  const PortRef tx = senders.front();
  window.selectPort(tx);
  StreamListModel* list = workspace.streams(tx);
  waitFor([] { return false; }, 8);  // let the charts fill

  window.bottomTabs()->setCurrentIndex(1);
  window.findChild<QTableView*>("streamStatsView")->resizeColumnsToContents();
  waitFor([] { return false; }, 0.5);
  bool ok = save(&window, out.filePath("main-window.png"));
  window.bottomTabs()->setCurrentIndex(2);
  waitFor([] { return false; }, 1);
  ok &= save(&window, out.filePath("charts.png"));

  StreamEditorDialog editor(list->stream(0), &window);
  editor.resize(1100, 760);
  editor.show();
  waitFor([] { return false; }, 0.5);
  ok &= save(&editor, out.filePath("stream-editor.png"));
  if (auto* tabs = editor.findChild<QTabWidget*>()) {
    for (int i = 0; i < tabs->count(); ++i)
      if (tabs->tabText(i).remove('&').startsWith("Packet")) tabs->setCurrentIndex(i);
    waitFor([] { return false; }, 0.5);
    ok &= save(&editor, out.filePath("stream-editor-packet.png"));
  }

  // A session saved in another lab (other drone, other port names), mapped onto this one.
  v1::SessionFile session;
  v1::SessionDrone* old = session.add_drones();
  old->set_address("10.1.0.5:7878");
  old->set_name("lab-old");
  for (const char* name : {"eno1", "eno2", "eno3"}) {
    v1::SessionPort* p = old->add_ports();
    p->set_name(name);
    for (size_t i = 0; i < (name[3] == '1' ? all.size() : 1); ++i) *p->add_streams() = all[i];
  }
  std::vector<MappingTarget> targets;
  for (const PortRef& p : workspace.allPorts())
    targets.push_back({p.drone.toStdString(), workspace.session(p.drone)->displayName(), p.port});
  PortMappingDialog mapping(session, targets, &window);
  mapping.targetCombo(0)->setCurrentIndex(1);
  mapping.targetCombo(1)->setCurrentIndex(3);
  mapping.show();
  waitFor([] { return false; }, 0.5);
  ok &= save(&mapping, out.filePath("port-mapping.png"));
  mapping.hide();

  CaptureViewer* viewer = nullptr;
  QObject::connect(captures, &CaptureActions::viewerOpened, [&](CaptureViewer* v) { viewer = v; });
  captures->viewCapture({eastKey, "ens1f1"});
  if (!waitFor([&] { return viewer != nullptr; }, 20)) return 1;
  viewer->resize(1100, 780);
  viewer->packetList()->selectRow(6);
  if (auto* tree = viewer->findChild<QTreeView*>("decodeTree"))
    if (QAbstractItemModel* m = tree->model(); m->rowCount() > 2)
      tree->setCurrentIndex(m->index(1, 0, m->index(2, 0)));  // a field of the third layer: its bytes lit
  waitFor([] { return false; }, 0.5);
  ok &= save(viewer, out.filePath("capture-viewer.png"));

  // Emulated hosts: 100 hosts on ens1f0 behind a gateway that a host on ens1f1 plays, the port
  // dialog's device groups, and the neighbour table after resolving.
  DroneSession* east = workspace.session(eastKey);
  int stopped = 0;
  workspace.stop(senders, [&](const Status&) { ++stopped; });
  waitFor([&] { return stopped > 0; });
  int configured = 0;
  for (const v1::Port& p : east->ports()) {
    v1::PortConfig config = p.config();
    config.clear_devices();
    if (p.name() == "ens1f0") {
      *config.add_devices() = deviceGroup(100, "02:00:00:00:0a:0a", "10.0.0.10", "10.0.0.1", "2001:db8::10", "2001:db8::1");
      config.mutable_devices(0)->set_name("clients");
      // A second group on VLAN 100 whose gateway nobody plays: it stays FAILED.
      *config.add_devices() = deviceGroup(20, "02:00:00:00:0c:00", "10.0.100.10", "10.0.100.1", "2001:db8:100::10", "");
      config.mutable_devices(1)->set_name("tagged");
      config.mutable_devices(1)->add_vlans()->set_vid(100);
    } else {
      *config.add_devices() = deviceGroup(1, "02:00:00:00:0b:01", "10.0.0.1", "", "2001:db8::1", "");
      config.mutable_devices(0)->set_name("gateway");
    }
    east->configurePort(p.name(), config, [&](const Status& s) {
      ++configured;
      if (!s) std::fprintf(stderr, "configure failed: %s\n", s.error().toString().c_str());
    });
  }
  waitFor([&] { return configured == 2; });
  east->refreshPorts();
  waitFor([] { return false; }, 0.5);
  for (const v1::Port& p : east->ports())
    if (p.name() == "ens1f0") {
      QTimer::singleShot(700, [&] {
        if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
          ok &= save(d, out.filePath("port-devices.png"));
          d->reject();
        }
      });
      askPortConfig(&window, p);
    }
  NeighborsDialog neighbors(*east, "ens1f0", &window);
  neighbors.show();
  bool resolved = false;
  east->neighbors("ens1f0", true, [&](const Result<std::vector<v1::Neighbor>>& r) {
    if (r) neighbors.showNeighbors(*r);
    resolved = true;
  });
  waitFor([&] { return resolved; }, 10);
  waitFor([] { return false; }, 0.3);
  ok &= save(&neighbors, out.filePath("neighbors.png"));
  ok &= recordingScreenshot(out);
  return ok ? 0 : 1;
}
