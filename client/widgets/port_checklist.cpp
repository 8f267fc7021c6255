#include "client/widgets/port_checklist.h"

#include <set>
#include <utility>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

constexpr int kDroneRole = Qt::UserRole + 1, kPortRole = Qt::UserRole + 2, kRateRole = Qt::UserRole + 3;

std::pair<QString, QString> keyOf(const QListWidgetItem* item) {
  return {item->data(kDroneRole).toString(), item->data(kPortRole).toString()};
}

}  // namespace

PortChecklist::PortChecklist(PortTreeModel* ports, QWidget* parent) : QListWidget(parent), ports_(ports) {
  for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
    connect(ports_, signal, this, &PortChecklist::refresh);
  connect(ports_, &QAbstractItemModel::modelReset, this, &PortChecklist::refresh);
  connect(ports_, &QAbstractItemModel::dataChanged, this, &PortChecklist::refresh);
  refresh();
}

void PortChecklist::refresh() {
  std::set<std::pair<QString, QString>> keep;
  for (int i = 0; i < count(); ++i)
    if (item(i)->checkState() == Qt::Checked) keep.insert(keyOf(item(i)));
  QSignalBlocker block(this);
  clear();
  for (int d = 0; d < ports_->rowCount(); ++d) {
    const QModelIndex droneIndex = ports_->index(d, 0);
    for (int p = 0; p < ports_->rowCount(droneIndex); ++p) {
      const v1::Port* info = ports_->port(ports_->index(p, 0, droneIndex));
      if (!info) continue;
      auto* entry = new QListWidgetItem(droneIndex.data().toString() + " · " + qs(info->name()), this);
      entry->setData(kDroneRole, droneIndex.data(PortTreeModel::kDroneKeyRole));
      entry->setData(kPortRole, qs(info->name()));
      entry->setData(kRateRole, info->line_rate_bps());
      entry->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
      entry->setCheckState(keep.count(keyOf(entry)) ? Qt::Checked : Qt::Unchecked);
    }
  }
}

std::vector<PortPicker::Choice> PortChecklist::ticked() const {
  std::vector<PortPicker::Choice> chosen;
  for (int i = 0; i < count(); ++i) {
    if (item(i)->checkState() != Qt::Checked) continue;
    const auto [drone, port] = keyOf(item(i));
    chosen.push_back({{drone, port.toStdString()}, port + "@" + drone, item(i)->data(kRateRole).toDouble()});
  }
  return chosen;
}

bool PortChecklist::tick(const std::vector<PortRef>& ports) {
  std::set<std::pair<QString, QString>> wanted;
  for (const PortRef& p : ports) wanted.insert({p.drone, qs(p.port)});
  size_t found = 0;
  for (int i = 0; i < count(); ++i) {
    const bool on = wanted.count(keyOf(item(i))) > 0;
    item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    found += on;
  }
  return found == wanted.size();
}

}  // namespace staccato::client
