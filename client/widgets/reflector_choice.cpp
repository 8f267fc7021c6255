#include "client/widgets/reflector_choice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>

#include "client/models/qs.h"
#include "rpc/names/backend_names.h"

namespace staccato::client {

ReflectorChoice::ReflectorChoice(QFormLayout* form, QWidget* receive, const QString& prefix, QWidget* parent)
    : QWidget(parent) {
  on_ = new QCheckBox(tr("Through a reflector"), this);
  on_->setObjectName(prefix + "Reflector");
  on_->setToolTip(tr("The device sits between the sending port and a reflector port (on any drone), which "
                     "returns every test frame: the sending port counts them, and latency is the round trip"));
  swap_ = new QComboBox(this);
  swap_->setObjectName(prefix + "ReflectSwap");
  for (auto how : {v1::PortConfig::REFLECT_L2, v1::PortConfig::REFLECT_L3, v1::PortConfig::REFLECT_L4})
    swap_->addItem(qs(rpc::reflectName(how)), int(how));
  swap_->setToolTip(tr("What the reflector swaps in the frames it returns: l2 the MAC addresses, l3 also the IP "
                       "addresses (through a router), l4 also the UDP/TCP ports (through NAT or a firewall). "
                       "A port that reflects already keeps its own setting."));
  auto* swapLabel = new QLabel(tr("swapping"), this);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(on_);
  row->addWidget(swapLabel);
  row->addWidget(swap_);
  row->addStretch(1);
  form->addRow(this);
  form->addRow(tr("Receive on"), receive);
  auto* receiveLabel = qobject_cast<QLabel*>(form->labelForField(receive));
  connect(on_, &QCheckBox::toggled, this, [this, swapLabel, receiveLabel](bool checked) {
    swapLabel->setEnabled(checked);
    swap_->setEnabled(checked);
    if (receiveLabel) receiveLabel->setText(checked ? tr("Reflector") : tr("Receive on"));
    emit toggled(checked);
  });
  setSwap(rpc::kDefaultReflect);
  swapLabel->setEnabled(false);
  swap_->setEnabled(false);
}

bool ReflectorChoice::on() const { return on_->isChecked(); }
void ReflectorChoice::setOn(bool on) { on_->setChecked(on); }

v1::PortConfig::Reflect ReflectorChoice::swap() const { return v1::PortConfig::Reflect(swap_->currentData().toInt()); }

void ReflectorChoice::setSwap(v1::PortConfig::Reflect swap) {
  if (const int i = swap_->findData(int(swap)); i >= 0) swap_->setCurrentIndex(i);
}

}  // namespace staccato::client
