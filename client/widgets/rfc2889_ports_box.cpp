#include "client/widgets/rfc2889_ports_box.h"

#include <QFormLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace staccato::client {
namespace {

/// As the CLI: a meshed test on 2..16 ports, a broadcast to 1..15.
constexpr size_t kMaxPorts = 16;

enum Page { kAddressPage, kMeshedPage, kBroadcastPage };

Page pageOf(Rfc2889Test test) {
  switch (test) {
    case Rfc2889Test::kCaching:
    case Rfc2889Test::kLearning: return kAddressPage;
    case Rfc2889Test::kMeshed: return kMeshedPage;
    case Rfc2889Test::kBroadcast: return kBroadcastPage;
  }
  return kAddressPage;
}

QLabel* hint(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  label->setWordWrap(true);
  return label;
}

Error noPort() { return makeError("Ports", "no port to send on: connect a drone first."); }

}  // namespace

Rfc2889PortsBox::Rfc2889PortsBox(PortTreeModel* ports, QWidget* parent) : QGroupBox(tr("Ports"), parent) {
  pages_ = new QStackedWidget(this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(pages_);

  auto* address = new QWidget(pages_);
  auto* addressForm = new QFormLayout(address);
  addressForm->setContentsMargins(0, 0, 0, 0);
  learning_ = new PortPicker(ports, 0, address);
  learning_->setObjectName("rfc2889Learning");
  learning_->setToolTip(tr("Sends from the addresses the device is to learn; counts the test frames forwarded to them"));
  test_ = new PortPicker(ports, 1, address);
  test_->setObjectName("rfc2889TestPort");
  test_->setToolTip(tr("Sends one frame to each learned address"));
  monitor_ = new PortPicker(ports, 2, address);
  monitor_->setObjectName("rfc2889Monitor");
  monitor_->setToolTip(tr("Counts the test frames the device flooded: addresses it did not learn"));
  addressForm->addRow(tr("Learning port"), learning_);
  addressForm->addRow(tr("Test port"), test_);
  addressForm->addRow(tr("Monitoring port"), monitor_);
  addressForm->addRow(hint(tr("Three ports of the device, at layer 2 (no emulated hosts)."), address));
  pages_->addWidget(address);

  auto* meshed = new QWidget(pages_);
  auto* meshedLayout = new QVBoxLayout(meshed);
  meshedLayout->setContentsMargins(0, 0, 0, 0);
  meshed_ = new PortChecklist(ports, meshed);
  meshed_->setObjectName("rfc2889MeshedPorts");
  meshedLayout->addWidget(hint(tr("Tick 2 to 16 ports: each sends to every other."), meshed));
  meshedLayout->addWidget(meshed_, 1);
  pages_->addWidget(meshed);

  auto* broadcast = new QWidget(pages_);
  auto* broadcastForm = new QFormLayout(broadcast);
  broadcastForm->setContentsMargins(0, 0, 0, 0);
  sender_ = new PortPicker(ports, 0, broadcast);
  sender_->setObjectName("rfc2889Sender");
  receivers_ = new PortChecklist(ports, broadcast);
  receivers_->setObjectName("rfc2889Receivers");
  broadcastForm->addRow(tr("Sender"), sender_);
  broadcastForm->addRow(tr("Receivers"), receivers_);
  broadcastForm->addRow(hint(tr("Tick 1 to 15 ports besides the sender: each should receive every frame."), broadcast));
  pages_->addWidget(broadcast);
}

void Rfc2889PortsBox::showTest(Rfc2889Test test) { pages_->setCurrentIndex(pageOf(test)); }

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::chosen(Rfc2889Test test) const {
  switch (pageOf(test)) {
    case kAddressPage: return addressPorts();
    case kMeshedPage: return meshedPorts();
    case kBroadcastPage: return broadcastPorts();
  }
  return noPort();
}

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::addressPorts() const {
  auto learning = learning_->chosen(), test = test_->chosen(), monitor = monitor_->chosen();
  if (!learning || !test || !monitor) return noPort();
  if (learning->port == test->port || learning->port == monitor->port || test->port == monitor->port)
    return makeError("Ports", "the learning, test and monitoring ports must be three different ports");
  return std::vector<PortPicker::Choice>{*learning, *test, *monitor};
}

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::meshedPorts() const {
  auto ticked = meshed_->ticked();
  if (meshed_->count() == 0) return noPort();
  if (ticked.size() < 2 || ticked.size() > kMaxPorts)
    return makeError("Ports", "tick 2..16 ports for a fully meshed test (" + std::to_string(ticked.size()) + " ticked)");
  return ticked;
}

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::broadcastPorts() const {
  auto sender = sender_->chosen();
  if (!sender) return noPort();
  std::vector<PortPicker::Choice> ports{*sender};
  for (const PortPicker::Choice& p : receivers_->ticked()) {
    if (p.port == sender->port)
      return makeError("Receivers", "the sender " + sender->name.toStdString() + " cannot also receive: untick it");
    ports.push_back(p);
  }
  if (ports.size() < 2 || ports.size() > kMaxPorts)
    return makeError("Receivers", "tick 1..15 ports besides the sender (" + std::to_string(ports.size() - 1) + " ticked)");
  return ports;
}

bool Rfc2889PortsBox::chooseAddressPorts(const PortRef& learning, const PortRef& test, const PortRef& monitor) {
  return learning_->choose(learning) && test_->choose(test) && monitor_->choose(monitor);
}

bool Rfc2889PortsBox::chooseMeshedPorts(const std::vector<PortRef>& ports) { return meshed_->tick(ports); }

bool Rfc2889PortsBox::chooseBroadcastPorts(const PortRef& sender, const std::vector<PortRef>& receivers) {
  return sender_->choose(sender) && receivers_->tick(receivers);
}

}  // namespace staccato::client
