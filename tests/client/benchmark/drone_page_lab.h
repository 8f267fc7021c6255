#pragma once
/// A tool page (Benchmark, Y.1564, RFC 2889) bound as the app binds it, to its drone executor
/// factory, on a drone of fake ports (a <-> b, or others) in the test process: the drone page
/// tests' lab.
#include <gtest/gtest.h>

#include <QSettings>

#include <memory>

#include "client/widgets/workspace.h"
#include "tests/client/gui/fake_lab.h"

namespace staccato::client::test {

template <class Page, class Factory>
struct DronePageLab {
  /// `settingsGroup`: the page's saved fields, forgotten so each test starts from its defaults.
  /// The drone's `ports` are a <-> b unless given.
  explicit DronePageLab(const QString& settingsGroup, std::vector<drone::fake::FakePortSpec> ports = pairedPorts({"a", "b"}))
      : settingsForgotten(forget(settingsGroup)) {
    key = workspace.addSession(lab.connect("lab", std::move(ports)), 100);
    ready = waitFor([&] { return workspace.portTree()->portIndex(key, "b").isValid(); });
    page.setExecutorFactory(std::make_shared<Factory>(&workspace));
  }
  /// Whether the drone's ports appeared and the page's form now sends on a and receives on b.
  ::testing::AssertionResult sendsAToB() {
    if (!ready) return ::testing::AssertionFailure() << "the fake-lab drone's ports never appeared";
    if (!page.form()->choosePorts({key, "a"}, {key, "b"})) return ::testing::AssertionFailure() << "ports a and b not chosen";
    return ::testing::AssertionSuccess();
  }
  static bool forget(const QString& group) {
    QSettings().remove(group);
    return true;
  }
  bool settingsForgotten;  // first: the page below reads the settings as it is built
  FakeLab lab;  // before the Workspace: the drone outlives the session
  Workspace workspace;
  QString key;
  bool ready = false;
  Page page{workspace.portTree()};
};

}  // namespace staccato::client::test
