#pragma once
// The Flows page's test fixture: a page over one scripted drone session (fake_flow_session.h)
// with ports a (the clients) and b (the servers) chosen, polled every 20 ms; profile files
// written to a temporary folder.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "client/models/flow_run_model.h"
#include "client/widgets/flows_page.h"
#include "client/widgets/port_picker.h"
#include "client/widgets/workspace.h"
#include "tests/client/gui/fake_flow_session.h"
#include "tests/client/gui/fake_lab.h"

namespace staccato::client::test {

/// A profile of two templates at 200 connections/s, ramps of a second and `steadySeconds`.
inline QString profileJson(double steadySeconds, const QString& secondWeight = "1") {
  return QString(R"({"format_version": 1, "name": "two templates",
  "templates": [
    {"name": "get", "weight": 3, "port": 80, "http": {"path": "/", "response_body_bytes": 1024}},
    {"name": "raw", "weight": %2, "port": 9000, "tcp": {"request_bytes": 100, "response_bytes": 100}}],
  "load": {"connections_per_second": 200, "ramp_up_seconds": 1, "steady_seconds": %1, "ramp_down_seconds": 1},
  "clients": {"first_address": "10.0.0.10", "count": 100, "gateway": "10.0.0.1"},
  "servers": {"first_address": "10.0.1.10", "count": 4, "gateway": "10.0.1.1"}})")
      .arg(steadySeconds)
      .arg(secondWeight);
}

struct FlowsFixture : ::testing::Test {
  QTemporaryDir dir;
  Workspace workspace;
  FakeFlowSession* drone = nullptr;
  QString key;
  std::unique_ptr<FlowsPage> page;

  void SetUp() override {
    auto session = std::make_unique<FakeFlowSession>("lab", std::vector<std::string>{"a", "b"});
    drone = session.get();
    key = workspace.addSession(std::move(session));
    page = std::make_unique<FlowsPage>(&workspace);
    page->flowsRun()->setPollMs(20);
    page->show();
    ASSERT_TRUE(waitFor([&] { return page->serverPort()->count() == 2; })) << "both ports listed";
    ASSERT_TRUE(page->clientPort()->choose({key, "a"}));
    ASSERT_TRUE(page->serverPort()->choose({key, "b"}));
  }
  QString write(const QString& name, const QString& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
    return path;
  }
  bool finished() {
    return waitFor([&] { return !page->flowsRun()->running(); }, 10);
  }
  QString cell(int row, int column) { return page->flowsRun()->model()->index(row, column).data().toString(); }
};

}  // namespace staccato::client::test
