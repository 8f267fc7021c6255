// End to end: the GUI (offscreen) against a real drone on a veth pair (va -> vb) in the test's
// namespace (tests/netns/gui_e2e_test.sh starts both). Creates a UDP stream with signature in
// the stream table, applies, starts, and waits for the stream stats to show rx == tx with a
// latency, and for the rate chart to receive points.
#include <gtest/gtest.h>

#include <QAction>
#include <QPushButton>

#include "client/core/session/grpc_drone_session.h"
#include "client/widgets/main_window.h"
#include "client/widgets/stats_charts.h"
#include "client/widgets/stream_table.h"
#include "tests/client/gui/fake_lab.h"

using namespace staccato;
using namespace staccato::client;
using staccato::client::test::waitFor;

namespace {

QAction* action(QWidget& w, const QString& text) {
  for (QAction* a : w.findChildren<QAction*>())
    if (a->text().remove('&') == text) return a;
  return nullptr;
}

TEST(GuiEndToEnd, UdpSignatureStreamCountsAndLatency) {
  const QString target = qEnvironmentVariable("STACCATO_TEST_DRONE", "127.0.0.1:7878");
  Workspace workspace;
  DroneAddress address;
  address.target = target.toStdString();
  const QString key = workspace.addSession(std::make_unique<GrpcDroneSession>(address), 200);
  MainWindow window(&workspace);
  window.show();
  ASSERT_TRUE(waitFor([&] { return workspace.session(key)->state() == SessionState::kConnected; }, 30))
      << workspace.session(key)->stateDetail().toStdString();
  ASSERT_TRUE(waitFor([&] { return workspace.portTree()->portIndex(key, "va").isValid(); }));
  window.selectPort({key, "va"});
  ASSERT_TRUE(waitFor([&] { return window.currentPort() && window.currentPort()->port == "va"; }));
  StreamListModel* list = window.streamTable()->streamList();
  ASSERT_TRUE(waitFor([&] { return list->undoStack()->count() == 0 && !list->isDirty(); }));

  // A new stream is Ethernet/IPv4/UDP/payload/signature; make it a short, exact run.
  window.streamTable()->actions().add->trigger();
  ASSERT_EQ(list->rowCount(), 1);
  v1::Stream s = list->stream(0);
  EXPECT_EQ(list->index(0, StreamListModel::kProtocols).data().toString().toStdString().find("UDP") != std::string::npos,
            true);
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(2000);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(2000);
  list->replaceStream(0, s);
  window.findChild<QPushButton*>("applyButton")->click();
  ASSERT_TRUE(waitFor([&] { return !list->isDirty(); })) << "applied";

  action(window, "Clear stats")->trigger();
  action(window, "Start")->trigger();
  auto* stats = workspace.streamStats();
  auto done = [&] {
    for (int r = 0; r < stats->rowCount(); ++r)
      if (const v1::StreamStats* row = stats->rowStats(r);
          row && row->tx_port() == "va" && row->rx_port() == "vb" && row->rx_packets() == 2000)
        return true;
    return false;
  };
  ASSERT_TRUE(waitFor(done, 60)) << "stream stats show 2000 received on vb";
  for (int r = 0; r < stats->rowCount(); ++r) {
    const v1::StreamStats* row = stats->rowStats(r);
    if (row->rx_port() != "vb") continue;
    EXPECT_EQ(row->tx_packets(), row->rx_packets());
    EXPECT_EQ(row->lost(), 0u);
    EXPECT_GT(row->latency().avg_ns(), 0u) << "a latency value";
    EXPECT_FALSE(stats->index(r, 0).data().toString().isEmpty());
  }
  ASSERT_TRUE(waitFor([&] { return window.charts()->ratePointCount() > 0; })) << "a chart series receives points";
}

}  // namespace
