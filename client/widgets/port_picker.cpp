#include "client/widgets/port_picker.h"

#include <algorithm>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

constexpr int kDroneRole = Qt::UserRole + 1, kPortRole = Qt::UserRole + 2, kRateRole = Qt::UserRole + 3;

}  // namespace

PortPicker::PortPicker(PortTreeModel* ports, int defaultRow, QWidget* parent)
    : QComboBox(parent), ports_(ports), defaultRow_(defaultRow) {
  setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
    connect(ports_, signal, this, &PortPicker::refresh);
  connect(ports_, &QAbstractItemModel::modelReset, this, &PortPicker::refresh);
  connect(ports_, &QAbstractItemModel::dataChanged, this, &PortPicker::refresh);
  refresh();
}

void PortPicker::refresh() {
  const QString drone = currentData(kDroneRole).toString(), port = currentData(kPortRole).toString();
  QSignalBlocker block(this);
  clear();
  for (int d = 0; d < ports_->rowCount(); ++d) {
    const QModelIndex droneIndex = ports_->index(d, 0);
    const QString droneName = droneIndex.data().toString();
    for (int p = 0; p < ports_->rowCount(droneIndex); ++p) {
      const v1::Port* info = ports_->port(ports_->index(p, 0, droneIndex));
      if (!info) continue;
      addItem(droneName + " · " + qs(info->name()));
      setItemData(count() - 1, droneIndex.data(PortTreeModel::kDroneKeyRole), kDroneRole);
      setItemData(count() - 1, qs(info->name()), kPortRole);
      setItemData(count() - 1, info->line_rate_bps(), kRateRole);
    }
  }
  int keep = -1;
  for (int i = 0; i < count() && keep < 0; ++i)
    if (itemData(i, kDroneRole).toString() == drone && itemData(i, kPortRole).toString() == port) keep = i;
  setCurrentIndex(keep >= 0 ? keep : std::min(defaultRow_, count() - 1));
}

bool PortPicker::choose(const PortRef& ref) {
  for (int i = 0; i < count(); ++i)
    if (itemData(i, kDroneRole).toString() == ref.drone && itemData(i, kPortRole).toString() == qs(ref.port)) {
      setCurrentIndex(i);
      return true;
    }
  return false;
}

std::optional<PortPicker::Choice> PortPicker::chosen() const {
  if (currentIndex() < 0) return std::nullopt;
  const QString drone = currentData(kDroneRole).toString(), port = currentData(kPortRole).toString();
  return Choice{{drone, port.toStdString()}, port + "@" + drone, currentData(kRateRole).toDouble()};
}

}  // namespace staccato::client
