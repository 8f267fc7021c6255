#include "client/widgets/rfc2889_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QVBoxLayout>

#include <iterator>

namespace staccato::client {
namespace {

struct TestChoice {
  Rfc2889Test test;
  const char* name;   ///< as QSettings keeps it (the CLI's word)
  const char* label;
  const char* about;
};

const TestChoice kTests[] = {
    {Rfc2889Test::kCaching, "caching", "Address caching capacity (5.7)",
     "The most source addresses the device learns on one port without flooding frames sent to them: a binary search "
     "on the number of addresses."},
    {Rfc2889Test::kLearning, "learning", "Address learning rate (5.8)",
     "The fastest rate, as sent, at which the device learns a number of new addresses: a binary search on the rate."},
    {Rfc2889Test::kMeshed, "meshed", "Fully meshed throughput (5.1)",
     "Every port sends to every other: the highest load per port with every frame delivered to its port and nowhere "
     "else, by binary search; per-pair counts and latency."},
    {Rfc2889Test::kOneToMany, "one-to-many", "Partially meshed: one-to-many throughput (5.2)",
     "One port sends to every other, its load split evenly over them: the highest load with every frame delivered to "
     "its port and nowhere else, by binary search; per-pair counts and latency."},
    {Rfc2889Test::kManyToOne, "many-to-one", "Partially meshed: many-to-one throughput (5.2)",
     "Every sender sends to one port, each at the load: the highest load per sender with every frame delivered, by "
     "binary search. The receiving port takes the senders' loads together."},
    {Rfc2889Test::kCongestion, "congestion", "Congestion control (5.5)",
     "Sender 1 sends to the congested and the uncongested port at half the load each, Sender 2 to the congested port at "
     "the load, for one trial: whether the congested port holds back the frames to the uncongested one (head-of-line "
     "blocking) and whether the device pushes back on its senders instead of losing frames (back pressure)."},
    {Rfc2889Test::kForwardPressure, "forward-pressure", "Forward pressure and maximum forwarding rate (5.6)",
     "The sender sends to the receiver at loads stepped from Min load to Max load of the receiving port's line rate, "
     "then one trial with an 88-bit gap instead of 96, more than that line carries: the highest rate the device "
     "forwarded (the maximum forwarding rate) and whether it forwards faster than its line allows (forward pressure)."},
    {Rfc2889Test::kErroredFrames, "errored-frames", "Errored frames filtering (5.9)",
     "The sender sends valid, undersized and oversized frames, a third of the load each, to the receiver for one trial: "
     "whether the device forwards every valid frame and filters the errored ones. Frames with a bad FCS are not tested: "
     "the drones' ports send the FCS their NIC computes."},
    {Rfc2889Test::kBroadcast, "broadcast", "Broadcast forwarding (5.10)",
     "One port sends broadcast frames at a load for a time: how many reach every other port, and their latency."},
};

}  // namespace

Rfc2889Form::Rfc2889Form(PortTreeModel* ports, QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  test_ = new QComboBox(this);
  test_->setObjectName("rfc2889Test");
  for (const TestChoice& t : kTests) test_->addItem(tr(t.label));
  about_ = new QLabel(this);
  about_->setWordWrap(true);
  ports_ = new Rfc2889PortsBox(ports, this);
  settings_ = new Rfc2889SettingsBox(this);
  auto* testRow = new QFormLayout;
  testRow->addRow(tr("Test"), test_);
  layout->addLayout(testRow);
  layout->addWidget(about_);
  layout->addWidget(ports_);
  layout->addWidget(settings_);
  layout->addStretch(1);

  const QString saved = QSettings().value("rfc2889/test").toString();
  for (size_t i = 0; i < std::size(kTests); ++i)
    if (saved == kTests[i].name) test_->setCurrentIndex(int(i));
  connect(test_, &QComboBox::currentIndexChanged, this, [this] {
    showTest();
    emit testChanged(test());
  });
  showTest();
}

Rfc2889Test Rfc2889Form::test() const { return kTests[test_->currentIndex()].test; }

void Rfc2889Form::setTest(Rfc2889Test test) {
  for (size_t i = 0; i < std::size(kTests); ++i)
    if (kTests[i].test == test) test_->setCurrentIndex(int(i));
}

void Rfc2889Form::showTest() {
  about_->setText(tr(kTests[test_->currentIndex()].about));
  ports_->showTest(test());
  settings_->showTest(test());
}

Result<Rfc2889Setup> Rfc2889Form::checkedSetup() {
  Rfc2889Setup setup;
  setup.test = test();
  auto ports = ports_->chosen(setup.test);
  if (!ports) return ports.error();
  for (const PortPicker::Choice& p : *ports) setup.ports.push_back(p.port);
  if (auto s = settings_->readInto(setup.test, setup); !s) return s.error();
  return setup;
}

void Rfc2889Form::saveSettings() const {
  QSettings().setValue("rfc2889/test", kTests[test_->currentIndex()].name);
  settings_->saveSettings();
}

}  // namespace staccato::client
