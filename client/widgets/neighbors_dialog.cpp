#include "client/widgets/neighbors_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "client/core/session/drone_session.h"

namespace staccato::client {

NeighborsDialog::NeighborsDialog(DroneSession& session, std::string port, QWidget* parent)
    : QDialog(parent), session_(&session), port_(std::move(port)), table_(new QTableWidget(0, 6, this)),
      status_(new QLabel(this)) {
  setWindowTitle(QString("Neighbours of %1").arg(QString::fromStdString(port_)));
  table_->setObjectName("neighbors");
  table_->setHorizontalHeaderLabels({"IP", "MAC", "State", "Age (s)", "Emulated host", "VLANs"});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* refresh = buttons->addButton("Refresh", QDialogButtonBox::ActionRole);
  auto* resolve = buttons->addButton("Resolve gateways", QDialogButtonBox::ActionRole);
  resolve->setToolTip("Ask every device group's gateway (ARP / neighbour solicitation, 3 tries 1 s apart)");
  connect(refresh, &QPushButton::clicked, this, [this] { ask(false); });
  connect(resolve, &QPushButton::clicked, this, [this] { ask(true); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(table_);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  resize(820, 360);
  connect(&session, &QObject::destroyed, this, &QDialog::reject);
  ask(false);
}

void NeighborsDialog::ask(bool resolve) {
  if (!session_) return;
  status_->setText(resolve ? "Resolving…" : "Asking the drone…");
  QPointer<NeighborsDialog> self(this);
  session_->neighbors(port_, resolve, [self](const Result<std::vector<v1::Neighbor>>& r) {
    if (!self) return;
    if (!r) return self->status_->setText(QString::fromStdString(r.error().toString()));
    self->showNeighbors(*r);
  });
}

void NeighborsDialog::showNeighbors(const std::vector<v1::Neighbor>& neighbors) {
  table_->setRowCount(static_cast<int>(neighbors.size()));
  for (int row = 0; row < table_->rowCount(); ++row) {
    const v1::Neighbor& n = neighbors[static_cast<size_t>(row)];
    QString vlans;
    for (uint32_t v : n.vlans()) vlans += (vlans.isEmpty() ? "" : ",") + QString::number(v);
    const QString texts[] = {QString::fromStdString(n.ip()), n.mac().empty() ? "—" : QString::fromStdString(n.mac()),
                             QString::fromStdString(v1::Neighbor::State_Name(n.state())),
                             QString::number(double(n.age_ms()) / 1000.0, 'f', 1), QString::fromStdString(n.device()),
                             vlans};
    for (int c = 0; c < 6; ++c) table_->setItem(row, c, new QTableWidgetItem(texts[c]));
    if (n.state() == v1::Neighbor::FAILED) table_->item(row, 2)->setForeground(Qt::red);
  }
  status_->setText(QString("%1 neighbour(s)").arg(neighbors.size()));
}

}  // namespace staccato::client
