#include "client/widgets/rfc2889_ports_box.h"

#include <QFormLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace staccato::client {
namespace {

/// As the CLI: a meshed test on 2..16 ports; one port and 1..15 others.
constexpr size_t kMaxPorts = 16;

enum Page { kAddressPage, kMeshedPage, kSenderPage, kReceiverPage, kCongestionPage, kPairPage };

Page pageOf(Rfc2889Test test) {
  switch (test) {
    case Rfc2889Test::kCaching:
    case Rfc2889Test::kLearning: return kAddressPage;
    case Rfc2889Test::kMeshed: return kMeshedPage;
    case Rfc2889Test::kBroadcast:
    case Rfc2889Test::kOneToMany: return kSenderPage;
    case Rfc2889Test::kManyToOne: return kReceiverPage;
    case Rfc2889Test::kCongestion: return kCongestionPage;
    case Rfc2889Test::kForwardPressure:
    case Rfc2889Test::kErroredFrames: return kPairPage;
  }
  return kAddressPage;
}

QLabel* hint(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  label->setWordWrap(true);
  return label;
}

/// A page of the stack laid out as a form.
QFormLayout* formPage(QStackedWidget* pages) {
  auto* page = new QWidget(pages);
  auto* form = new QFormLayout(page);
  form->setContentsMargins(0, 0, 0, 0);
  pages->addWidget(page);
  return form;
}

PortPicker* picker(PortTreeModel* ports, int defaultRow, const char* name, QWidget* parent) {
  auto* p = new PortPicker(ports, defaultRow, parent);
  p->setObjectName(name);
  return p;
}

PortChecklist* checklist(PortTreeModel* ports, const char* name, QWidget* parent) {
  auto* c = new PortChecklist(ports, parent);
  c->setObjectName(name);
  return c;
}

Error noPort() { return makeError("Ports", "no port to send on: connect a drone first."); }

/// `one`'s port, then the 1..15 others ticked in `many` (labelled `manyLabel`), of which `one`'s
/// is not: the sender and its receivers, or many-to-one's receiver and its senders.
Result<std::vector<PortPicker::Choice>> oneAndTicked(const PortPicker* one, const PortChecklist* many,
                                                     const std::string& manyLabel, const std::string& oneWord,
                                                     const std::string& verb) {
  auto chosen = one->chosen();
  if (!chosen) return noPort();
  std::vector<PortPicker::Choice> ports{*chosen};
  for (const PortPicker::Choice& p : many->ticked()) {
    if (p.port == chosen->port)
      return makeError(manyLabel, "the " + oneWord + " " + chosen->name.toStdString() + " cannot also " + verb + ": untick it");
    ports.push_back(p);
  }
  if (ports.size() < 2 || ports.size() > kMaxPorts)
    return makeError(manyLabel, "tick 1..15 ports besides the " + oneWord + " (" + std::to_string(ports.size() - 1) + " ticked)");
  return ports;
}

}  // namespace

Rfc2889PortsBox::Rfc2889PortsBox(PortTreeModel* ports, QWidget* parent) : QGroupBox(tr("Ports"), parent) {
  pages_ = new QStackedWidget(this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(pages_);

  QFormLayout* address = formPage(pages_);
  QWidget* page = address->parentWidget();
  learning_ = picker(ports, 0, "rfc2889Learning", page);
  learning_->setToolTip(tr("Sends from the addresses the device is to learn; counts the test frames forwarded to them"));
  test_ = picker(ports, 1, "rfc2889TestPort", page);
  test_->setToolTip(tr("Sends one frame to each learned address"));
  monitor_ = picker(ports, 2, "rfc2889Monitor", page);
  monitor_->setToolTip(tr("Counts the test frames the device flooded: addresses it did not learn"));
  address->addRow(tr("Learning port"), learning_);
  address->addRow(tr("Test port"), test_);
  address->addRow(tr("Monitoring port"), monitor_);
  address->addRow(hint(tr("Three ports of the device, at layer 2 (no emulated hosts)."), page));

  auto* meshed = new QWidget(pages_);
  auto* meshedLayout = new QVBoxLayout(meshed);
  meshedLayout->setContentsMargins(0, 0, 0, 0);
  meshed_ = checklist(ports, "rfc2889MeshedPorts", meshed);
  meshedLayout->addWidget(hint(tr("Tick 2 to 16 ports: each sends to every other."), meshed));
  meshedLayout->addWidget(meshed_, 1);
  pages_->addWidget(meshed);

  QFormLayout* fanOut = formPage(pages_);
  page = fanOut->parentWidget();
  sender_ = picker(ports, 0, "rfc2889Sender", page);
  receivers_ = checklist(ports, "rfc2889Receivers", page);
  receiversHint_ = hint({}, page);  // says what the receivers get: showTest()
  fanOut->addRow(tr("Sender"), sender_);
  fanOut->addRow(tr("Receivers"), receivers_);
  fanOut->addRow(receiversHint_);

  QFormLayout* fanIn = formPage(pages_);
  page = fanIn->parentWidget();
  receiver_ = picker(ports, 0, "rfc2889Receiver", page);
  senders_ = checklist(ports, "rfc2889Senders", page);
  fanIn->addRow(tr("Receiver"), receiver_);
  fanIn->addRow(tr("Senders"), senders_);
  fanIn->addRow(hint(tr("Tick 1 to 15 ports besides the receiver: each sends to it at the load."), page));

  QFormLayout* congestion = formPage(pages_);
  page = congestion->parentWidget();
  const char* names[] = {"rfc2889Sender1", "rfc2889Sender2", "rfc2889Congested", "rfc2889Uncongested"};
  const QString labels[] = {tr("Sender 1"), tr("Sender 2"), tr("Congested port"), tr("Uncongested port")};
  for (int i = 0; i < 4; ++i) {
    congestion_.push_back(picker(ports, i, names[i], page));
    congestion->addRow(labels[i], congestion_.back());
  }
  congestion->addRow(hint(tr("Four different ports. The congested port is offered 1.5 times the load: above 67 % it "
                             "is congested."),
                          page));

  QFormLayout* pair = formPage(pages_);
  page = pair->parentWidget();
  pair_ = {picker(ports, 0, "rfc2889PairSender", page), picker(ports, 1, "rfc2889PairReceiver", page)};
  pair->addRow(tr("Sender"), pair_[0]);
  pair->addRow(tr("Receiver"), pair_[1]);
  pairHint_ = hint({}, page);  // says what the test measures on them: showTest()
  pair->addRow(pairHint_);
}

void Rfc2889PortsBox::showTest(Rfc2889Test test) {
  pages_->setCurrentIndex(pageOf(test));
  receiversHint_->setText(test == Rfc2889Test::kBroadcast
                              ? tr("Tick 1 to 15 ports besides the sender: each should receive every frame.")
                              : tr("Tick 1 to 15 ports besides the sender: its load is split evenly over them."));
  pairHint_->setText(test == Rfc2889Test::kForwardPressure
                         ? tr("Two different ports. Loads are shares of the receiver's line rate: the trial past it needs "
                              "a sender whose line is faster.")
                         : tr("Two different ports. The sender's MTU must allow the oversized frames."));
}

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::chosen(Rfc2889Test test) const {
  switch (pageOf(test)) {
    case kAddressPage:
      return distinct({learning_, test_, monitor_}, "the learning, test and monitoring ports must be three different ports");
    case kMeshedPage: return meshedPorts();
    case kSenderPage: return oneAndTicked(sender_, receivers_, "Receivers", "sender", "receive");
    case kReceiverPage: return oneAndTicked(receiver_, senders_, "Senders", "receiver", "send");
    case kCongestionPage:
      return distinct(congestion_, "Sender 1, Sender 2, the congested and the uncongested port must be four different ports");
    case kPairPage: return distinct(pair_, "the sender and the receiver must be two different ports");
  }
  return noPort();
}

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::distinct(const std::vector<PortPicker*>& pickers,
                                                                   const std::string& what) const {
  std::vector<PortPicker::Choice> ports;
  for (const PortPicker* p : pickers) {
    auto choice = p->chosen();
    if (!choice) return noPort();
    for (const PortPicker::Choice& before : ports)
      if (before.port == choice->port) return makeError("Ports", what);
    ports.push_back(*choice);
  }
  return ports;
}

Result<std::vector<PortPicker::Choice>> Rfc2889PortsBox::meshedPorts() const {
  auto ticked = meshed_->ticked();
  if (meshed_->count() == 0) return noPort();
  if (ticked.size() < 2 || ticked.size() > kMaxPorts)
    return makeError("Ports", "tick 2..16 ports for a fully meshed test (" + std::to_string(ticked.size()) + " ticked)");
  return ticked;
}

bool Rfc2889PortsBox::chooseAddressPorts(const PortRef& learning, const PortRef& test, const PortRef& monitor) {
  return learning_->choose(learning) && test_->choose(test) && monitor_->choose(monitor);
}

bool Rfc2889PortsBox::chooseMeshedPorts(const std::vector<PortRef>& ports) { return meshed_->tick(ports); }

bool Rfc2889PortsBox::chooseSenderPorts(const PortRef& sender, const std::vector<PortRef>& receivers) {
  return sender_->choose(sender) && receivers_->tick(receivers);
}

bool Rfc2889PortsBox::chooseReceiverPorts(const PortRef& receiver, const std::vector<PortRef>& senders) {
  return receiver_->choose(receiver) && senders_->tick(senders);
}

bool Rfc2889PortsBox::chooseCongestionPorts(const PortRef& sender1, const PortRef& sender2, const PortRef& congested,
                                            const PortRef& uncongested) {
  return congestion_[0]->choose(sender1) && congestion_[1]->choose(sender2) && congestion_[2]->choose(congested) &&
         congestion_[3]->choose(uncongested);
}

bool Rfc2889PortsBox::choosePairPorts(const PortRef& sender, const PortRef& receiver) {
  return pair_[0]->choose(sender) && pair_[1]->choose(receiver);
}

}  // namespace staccato::client
