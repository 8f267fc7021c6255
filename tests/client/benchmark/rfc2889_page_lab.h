#pragma once
/// The RFC 2889 page on the model switch of rfc2889_lab.h, driven like a user: its tests pick the
/// test, its ports and type its settings, run it and read the table, the answer and the pairs.
#include <gtest/gtest.h>

#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>

#include <memory>

#include "client/widgets/rfc2889_form.h"
#include "client/widgets/rfc2889_page.h"
#include "tests/client/benchmark/rfc2889_lab.h"

namespace staccato::client::test {

inline PortRef labPort(const char* port) { return {kLabDrone, port}; }

struct Rfc2889PageLab {
  explicit Rfc2889PageLab(SwitchModel device = {}) : factory(std::make_shared<ModelSwitchFactory>(device)) {
    QSettings().remove("rfc2889");  // each test starts from the page's defaults
    addSwitchPorts(tree);
    page = std::make_unique<Rfc2889Page>(&tree);
    page->setExecutorFactory(factory);
  }
  Rfc2889Form* form() const { return page->form(); }
  bool type(const char* field, const QString& text) const { return form()->settingsBox()->setText(field, text); }
  /// The address test `test` on eth1 (learning), eth2 (test), eth3 (monitor), without waiting for aging.
  void addressTest(Rfc2889Test test) const {
    form()->setTest(test);
    ASSERT_TRUE(form()->portsBox()->chooseAddressPorts(labPort("eth1"), labPort("eth2"), labPort("eth3")));
    ASSERT_TRUE(type("Aging", "0"));
  }
  bool waitFinished(int ms = 60000) const {
    if (!page->rfc2889Run()->running()) return true;
    QSignalSpy done(page->rfc2889Run(), &Rfc2889Run::finished);
    return done.wait(ms);
  }
  QString cell(int row, int column, int role = Qt::DisplayRole) const {
    return page->trials()->index(row, column).data(role).toString();
  }
  QString pair(int row, int column, int role = Qt::DisplayRole) const {
    return page->pairs()->index(row, column).data(role).toString();
  }
  QPushButton* button(const char* name) const { return page->findChild<QPushButton*>(name); }

  PortTreeModel tree;
  std::shared_ptr<ModelSwitchFactory> factory;
  std::unique_ptr<Rfc2889Page> page;
};

}  // namespace staccato::client::test
