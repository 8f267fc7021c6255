// Captures from the main window, against a drone of fake ports in the test process: start
// one on a port, send, view it in the built-in viewer (packet list, decode tree, hex dump), save
// it; the dialog's request and ranges; errors reach the log.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>

#include "client/models/capture_packet_model.h"
#include "client/models/editor/decode_model.h"
#include "client/widgets/capture_actions.h"
#include "client/widgets/capture_dialog.h"
#include "client/widgets/capture_viewer.h"
#include "client/widgets/editor/frame_view.h"
#include "client/widgets/editor/hex_view.h"
#include "client/widgets/main_window.h"
#include "common/files/pcap_file.h"
#include "rpc/capture_limits.h"
#include "tests/client/gui/fake_lab.h"
#include "tests/support/stacks.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

v1::Stream tracked(uint64_t count) {
  v1::Stream s = staccato::test::S({staccato::test::L("eth"), staccato::test::L("ip"), staccato::test::L("udp"),
                                    staccato::test::L("payload"), staccato::test::L("signature")},
                                   128);
  s.set_id(1);
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(20000);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

struct CaptureGui : ::testing::Test {
  FakeLab lab;
  Workspace workspace;
  std::unique_ptr<MainWindow> window;
  QString key;
  QStringList logs;
  CaptureViewer* viewer = nullptr;

  void SetUp() override {
    key = workspace.addSession(lab.connect("lab"), 100);
    window = std::make_unique<MainWindow>(&workspace);
    window->show();
    ASSERT_TRUE(waitFor([&] { return window->currentPort().has_value(); }));
    captures()->setViewerProgram("");  // the built-in viewer, Wireshark installed or not
    QObject::connect(captures(), &CaptureActions::log, [this](LogLevel, const QString&, const QString& text) { logs << text; });
    QObject::connect(captures(), &CaptureActions::viewerOpened, [this](CaptureViewer* v) { viewer = v; });
  }
  CaptureActions* captures() { return window->captureActions(); }
  PortRef port(const std::string& name) { return {key, name}; }
  bool logged(const QString& text) {
    return waitFor([&] { return logs.filter(text).size() > 0; }, 10);
  }
  /// Sends `count` tracked packets from a to b and waits until b's capture has seen them.
  void send(uint64_t count) {
    drone::DroneCore& core = lab.drone("lab").core();
    rpc::Streams streams;
    *streams.Add() = tracked(count);
    ASSERT_TRUE(core.setStreams("a", streams, "").ok());
    ASSERT_TRUE(core.startTx({"a"}, "").ok());
    ASSERT_TRUE(waitFor([&] {
      auto st = core.captureStatus({"b"});
      return st.ok() && st->captures(0).seen() >= count;
    }));
  }
};

TEST_F(CaptureGui, ViewOpensTheBuiltInViewerWithEveryPacketDecoded) {
  window->selectPort(port("b"));
  v1::StartCaptureRequest request;
  request.set_filter("udp");
  request.set_limit_packets(1000);
  captures()->startCapture(port("b"), request);
  ASSERT_TRUE(logged("start capture on b: done")) << logs.join("\n").toStdString();
  send(40);
  captures()->viewAction()->trigger();  // on the selected port: stops the capture, fetches it, opens it
  ASSERT_TRUE(waitFor([&] { return viewer != nullptr; })) << logs.join("\n").toStdString();
  EXPECT_TRUE(viewer->isVisible());
  ASSERT_EQ(viewer->model()->rowCount(), 40);
  const auto* m = viewer->model();
  EXPECT_EQ(m->index(0, CapturePacketModel::kDirection).data().toString(), "in");
  EXPECT_EQ(m->index(0, CapturePacketModel::kComment).data().toString(), "counted by turbo receive")
      << "b receives with (simulated) turbo: its signature frames come through the receiver's tap";
  viewer->packetList()->selectRow(3);
  const QByteArray frame = viewer->model()->frame(3);
  EXPECT_EQ(frame.size(), 124);
  EXPECT_EQ(viewer->frameView()->hexView()->bytes(), frame) << "the hex dump shows the selected packet";
  DecodeModel* tree = viewer->frameView()->decodeModel();
  QStringList layers;
  for (int r = 0; r < tree->rowCount(); ++r) layers << tree->index(r, 0).data().toString();
  EXPECT_TRUE(layers.join("|").contains("UDP")) << layers.join("|").toStdString();
  // A field selected in the tree highlights its bytes.
  const QModelIndex udp = tree->index(2, 0);
  viewer->frameView()->tree()->setCurrentIndex(tree->index(0, 0, udp));
  EXPECT_GT(viewer->frameView()->hexView()->highlightLength(), 0);
  EXPECT_TRUE(logged("capture of b: 40 packets"));
}

TEST_F(CaptureGui, TheBuiltInViewerReadsTheFileWithoutHoldingTheGuiThread) {
  v1::StartCaptureRequest request;
  captures()->startCapture(port("b"), request);
  ASSERT_TRUE(logged("start capture on b: done"));
  send(30);
  QTemporaryDir dir;
  const QString path = dir.filePath("b.pcapng");
  bool saved = false;
  QObject::connect(captures(), &CaptureActions::fetched, [&](const QString&) { saved = true; });
  captures()->saveCapture(port("b"), path);
  ASSERT_TRUE(waitFor([&] { return saved; })) << logs.join("\n").toStdString();
  captures()->openFile(port("b"), path);
  EXPECT_EQ(viewer, nullptr) << "the file is read on a pool thread: the viewer opens from the event loop";
  ASSERT_TRUE(waitFor([&] { return viewer != nullptr; })) << logs.join("\n").toStdString();
  EXPECT_EQ(viewer->model()->rowCount(), 30);
  captures()->openFile(port("b"), dir.filePath("none.pcapng"));
  EXPECT_TRUE(logged("view capture of b")) << "a file that cannot be read is reported in the log";
}

TEST_F(CaptureGui, SaveWritesThePcapngAndErrorsReachTheLog) {
  v1::StartCaptureRequest request;
  request.set_ring_mb(4);
  captures()->startCapture(port("b"), request);
  ASSERT_TRUE(logged("start capture on b: done"));
  send(25);
  QTemporaryDir dir;
  const QString path = dir.filePath("b.pcapng");
  QString written;
  QObject::connect(captures(), &CaptureActions::fetched, [&](const QString& p) { written = p; });
  captures()->saveCapture(port("b"), path);
  ASSERT_TRUE(waitFor([&] { return !written.isEmpty(); })) << logs.join("\n").toStdString();
  auto packets = readCapture(path.toStdString());
  ASSERT_TRUE(packets.ok()) << packets.error().toString();
  EXPECT_EQ(packets->size(), 25u);

  captures()->viewCapture(port("a"));
  EXPECT_TRUE(logged("no capture on a")) << logs.join("\n").toStdString();
  v1::StartCaptureRequest bad;
  bad.set_filter("udp port banana");
  captures()->startCapture(port("a"), bad);
  EXPECT_TRUE(logged("start capture on a: filter: ")) << logs.join("\n").toStdString();
  EXPECT_EQ(viewer, nullptr);
}

TEST(CaptureDialogTest, TheFieldsMakeTheRequestWithinTheDronesRanges) {
  CaptureDialog dialog("b");
  EXPECT_EQ(dialog.request().ring_mb(), rpc::kDefaultCaptureRingMiB) << "by default a ring, as the drone's default";
  EXPECT_EQ(dialog.amount()->maximum(), rpc::kMaxCaptureRingMiB);
  dialog.filter()->setText("udp port 53");
  dialog.bound()->setCurrentIndex(1);
  EXPECT_EQ(dialog.amount()->maximum(), double(rpc::kMaxCapturePackets));
  dialog.amount()->setValue(500);
  dialog.direction()->setCurrentIndex(1);
  const v1::StartCaptureRequest r = dialog.request();
  EXPECT_EQ(r.filter(), "udp port 53");
  EXPECT_EQ(r.limit_case(), v1::StartCaptureRequest::kLimitPackets);
  EXPECT_EQ(r.limit_packets(), 500u);
  EXPECT_EQ(r.direction(), v1::CAPTURE_RX);
  dialog.bound()->setCurrentIndex(2);
  dialog.amount()->setValue(1e13);
  EXPECT_EQ(dialog.request().limit_bytes(), rpc::kMaxCaptureBytes) << "clamped to the drone's range";
  QString text = "udp\n";
  int at = 0;
  EXPECT_EQ(dialog.filter()->validator()->validate(text, at), QValidator::Invalid) << "no control characters";
}

TEST(CaptureViewerTest, ACaptureTooLargeForTheViewerIsLeftToWireshark) {
  QTemporaryDir dir;
  QFile big(dir.filePath("big.pcapng"));
  ASSERT_TRUE(big.open(QIODevice::WriteOnly));
  ASSERT_TRUE(big.resize(kMaxViewedCaptureBytes + 1));  // sparse
  big.close();
  auto packets = CaptureViewer::read(big.fileName());
  ASSERT_FALSE(packets.ok());
  EXPECT_NE(packets.error().message.find("open it in Wireshark"), std::string::npos) << packets.error().toString();
  auto missing = CaptureViewer::read(dir.filePath("none.pcapng"));
  ASSERT_FALSE(missing.ok());
}

}  // namespace
