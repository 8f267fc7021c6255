#include "client/models/port_tree_model.h"

#include <google/protobuf/util/message_differencer.h>

#include <QColor>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

constexpr int kIconSize = 12;

QString backendBadge(const v1::Port& p) {
  if (p.backend().empty()) return {};
  QString text = qs(p.backend());
  if (p.active_queues() > 1) text += QStringLiteral(" ×%1").arg(p.active_queues());
  return text;
}

QString backendToolTip(const v1::Port& p) {
  QString rx = qs(p.rx_backend());
  if (!p.rx_backend_reason().empty()) rx += (rx.isEmpty() ? QString() : QStringLiteral(" ")) + qs(p.rx_backend_reason());
  return QStringLiteral("tx: %1; rx: %2").arg(qs(p.backend_reason()), rx);
}

QString linkToolTip(const v1::Port& p) {
  QStringList parts;
  if (p.speed_mbps()) parts << QStringLiteral("%1 Mbit/s").arg(p.speed_mbps());
  if (p.mtu()) parts << QStringLiteral("MTU %1").arg(p.mtu());
  if (!p.mac().empty()) parts << qs(p.mac());
  if (!p.driver().empty()) parts << QStringLiteral("driver %1").arg(qs(p.driver()));
  parts << QStringLiteral("%1 tx / %2 rx queues").arg(p.tx_queues()).arg(p.rx_queues());
  return parts.join(QStringLiteral(", "));
}

}  // namespace

PortTreeModel::PortTreeModel(QObject* parent) : QAbstractItemModel(parent) {}
PortTreeModel::~PortTreeModel() = default;

int PortTreeModel::droneRow(const QString& key) const {
  for (size_t i = 0; i < drones_.size(); ++i)
    if (drones_[i]->key == key) return int(i);
  return -1;
}

int PortTreeModel::droneRow(const Drone* drone) const {
  for (size_t i = 0; i < drones_.size(); ++i)
    if (drones_[i].get() == drone) return int(i);
  return -1;
}

int PortTreeModel::portRow(const Drone& drone, const std::string& port) {
  for (size_t i = 0; i < drone.ports.size(); ++i)
    if (drone.ports[i].name() == port) return int(i);
  return -1;
}

void PortTreeModel::rowsChanged(const QModelIndex& parent, int first, int last) {
  emit dataChanged(index(first, 0, parent), index(last, kColumnCount - 1, parent));
}

int PortTreeModel::addDrone(const QString& key) {
  if (int row = droneRow(key); row >= 0) return row;
  const int row = int(drones_.size());
  beginInsertRows({}, row, row);
  auto drone = std::make_unique<Drone>();
  drone->key = key;
  drones_.push_back(std::move(drone));
  endInsertRows();
  return row;
}

void PortTreeModel::removeDrone(const QString& key) {
  const int row = droneRow(key);
  if (row < 0) return;
  beginRemoveRows({}, row, row);
  drones_.erase(drones_.begin() + row);
  endRemoveRows();
}

void PortTreeModel::setDroneInfo(const QString& key, const QString& name, const QString& stateText,
                                 const QString& stateDetail, bool connected) {
  const int row = droneRow(key);
  if (row < 0) return;
  Drone& d = *drones_[size_t(row)];
  if (d.name == name && d.stateText == stateText && d.stateDetail == stateDetail && d.connected == connected) return;
  d.name = name;
  d.stateText = stateText;
  d.stateDetail = stateDetail;
  d.connected = connected;
  rowsChanged({}, row, row);
}

void PortTreeModel::setPorts(const QString& key, const std::vector<v1::Port>& ports) {
  const int row = droneRow(key);
  if (row < 0) return;
  Drone& d = *drones_[size_t(row)];
  const QModelIndex parent = index(row, 0);
  std::set<std::string> incoming;
  for (const v1::Port& p : ports) incoming.insert(p.name());

  // Ports that went away, bottom-up in runs.
  for (int end = int(d.ports.size()); end > 0;) {
    if (incoming.count(d.ports[size_t(end - 1)].name())) {
      --end;
      continue;
    }
    int first = end - 1;
    while (first > 0 && !incoming.count(d.ports[size_t(first - 1)].name())) --first;
    beginRemoveRows(parent, first, end - 1);
    d.ports.erase(d.ports.begin() + first, d.ports.begin() + end);
    endRemoveRows();
    end = first;
  }

  std::set<std::string> existing;
  for (const v1::Port& p : d.ports) existing.insert(p.name());
  std::vector<std::string> keptOrder;
  for (const v1::Port& p : ports)
    if (existing.count(p.name())) keptOrder.push_back(p.name());
  bool sameOrder = keptOrder.size() == d.ports.size();
  for (size_t i = 0; sameOrder && i < keptOrder.size(); ++i) sameOrder = keptOrder[i] == d.ports[i].name();
  if (!sameOrder && !d.ports.empty()) {  // reordered (rare): start over
    beginRemoveRows(parent, 0, int(d.ports.size()) - 1);
    d.ports.clear();
    endRemoveRows();
    existing.clear();
  }

  // New ports in runs at their positions; known ones updated in place.
  int changedFirst = -1, changedLast = -1;
  for (size_t i = 0; i < ports.size();) {
    if (existing.count(ports[i].name())) {
      if (!google::protobuf::util::MessageDifferencer::Equals(d.ports[i], ports[i])) {
        d.ports[i] = ports[i];
        if (changedFirst < 0) changedFirst = int(i);
        changedLast = int(i);
      }
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < ports.size() && !existing.count(ports[end].name())) ++end;
    beginInsertRows(parent, int(i), int(end) - 1);
    d.ports.insert(d.ports.begin() + std::ptrdiff_t(i), ports.begin() + std::ptrdiff_t(i),
                   ports.begin() + std::ptrdiff_t(end));
    endInsertRows();
    i = end;
  }
  if (changedFirst >= 0) rowsChanged(parent, changedFirst, changedLast);
}

void PortTreeModel::setPortDirty(const QString& key, const std::string& port, bool dirty) {
  const int row = droneRow(key);
  if (row < 0) return;
  Drone& d = *drones_[size_t(row)];
  const bool changed = dirty ? d.dirtyPorts.insert(port).second : d.dirtyPorts.erase(port) > 0;
  if (!changed) return;
  if (const int p = portRow(d, port); p >= 0) {
    const QModelIndex i = index(p, kName, index(row, 0));
    emit dataChanged(i, i);
  }
}

const v1::Port* PortTreeModel::port(const QModelIndex& index) const {
  if (!index.isValid() || !index.internalPointer()) return nullptr;
  const auto* d = static_cast<const Drone*>(index.internalPointer());
  return &d->ports[size_t(index.row())];
}

QModelIndex PortTreeModel::droneIndex(const QString& key) const {
  const int row = droneRow(key);
  return row < 0 ? QModelIndex() : index(row, 0);
}

QModelIndex PortTreeModel::portIndex(const QString& key, const std::string& port) const {
  const int row = droneRow(key);
  if (row < 0) return {};
  const int p = portRow(*drones_[size_t(row)], port);
  return p < 0 ? QModelIndex() : index(p, 0, index(row, 0));
}

QModelIndex PortTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= kColumnCount) return {};
  if (!parent.isValid()) return row < int(drones_.size()) ? createIndex(row, column) : QModelIndex();
  if (parent.internalPointer() || parent.column() != 0) return {};  // ports have no children
  Drone* d = drones_[size_t(parent.row())].get();
  return row < int(d->ports.size()) ? createIndex(row, column, d) : QModelIndex();
}

QModelIndex PortTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || !child.internalPointer()) return {};
  const int row = droneRow(static_cast<const Drone*>(child.internalPointer()));
  return row < 0 ? QModelIndex() : createIndex(row, 0);
}

int PortTreeModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return int(drones_.size());
  if (parent.internalPointer() || parent.column() != 0) return 0;
  return int(drones_[size_t(parent.row())]->ports.size());
}

int PortTreeModel::columnCount(const QModelIndex&) const { return kColumnCount; }

QVariant PortTreeModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  if (const auto* d = static_cast<const Drone*>(index.internalPointer()))
    return portData(*d, d->ports[size_t(index.row())], index.column(), role);
  return droneData(*drones_[size_t(index.row())], index.column(), role);
}

QVariant PortTreeModel::droneData(const Drone& d, int column, int role) const {
  switch (role) {
    case kDroneKeyRole: return d.key;
    case kPortNameRole: return QString();
    case kIsPortRole: return false;
    case Qt::ForegroundRole: return d.connected ? QVariant() : QVariant(QColor(Qt::gray));
    default: break;
  }
  if (column == kName) {
    if (role == Qt::DisplayRole) return d.name.isEmpty() ? d.key : d.name;
    if (role == Qt::ToolTipRole) return d.stateDetail.isEmpty() ? d.key : d.key + QLatin1Char('\n') + d.stateDetail;
    if (role == Qt::DecorationRole) return icon(d.connected ? Light::kUp : Light::kDown);
  }
  if (column == kLink) {
    if (role == Qt::DisplayRole) return d.stateText;
    if (role == Qt::ToolTipRole && !d.stateDetail.isEmpty()) return d.stateDetail;
  }
  return {};
}

QVariant PortTreeModel::portData(const Drone& d, const v1::Port& p, int column, int role) const {
  switch (role) {
    case kDroneKeyRole: return d.key;
    case kPortNameRole: return qs(p.name());
    case kIsPortRole: return true;
    default: break;
  }
  const bool dirty = d.dirtyPorts.count(p.name()) > 0;
  switch (column) {
    case kName:
      if (role == Qt::DisplayRole) return dirty ? qs(p.name()) + QStringLiteral(" •") : qs(p.name());
      if (role == Qt::ToolTipRole) return dirty ? tr("unapplied changes") : linkToolTip(p);
      if (role == Qt::DecorationRole)
        return icon(!p.error().empty() ? Light::kError : p.link_up() ? Light::kUp : Light::kDown);
      return {};
    case kLink:
      if (role == Qt::DisplayRole) return p.link_up() ? tr("up") : tr("down");
      if (role == Qt::ToolTipRole) return linkToolTip(p);
      return {};
    case kTransmit:
      if (role == Qt::DisplayRole) return !p.error().empty() ? qs(p.error()) : p.transmitting() ? tr("transmitting") : tr("idle");
      if (role == Qt::ToolTipRole && !p.error().empty()) return qs(p.error());
      if (role == Qt::ForegroundRole && !p.error().empty()) return QColor(Qt::red);
      return {};
    case kBackend:
      if (role == Qt::DisplayRole) return backendBadge(p);
      if (role == Qt::ToolTipRole) return backendToolTip(p);
      return {};
    case kReservedBy:
      if (role == Qt::DisplayRole) return qs(p.reserved_by());
      return {};
    default: return {};
  }
}

const QIcon& PortTreeModel::icon(Light light) const {
  QIcon& icon = icons_[size_t(light)];
  if (icon.isNull()) {
    static constexpr QRgb kColors[] = {qRgb(0x2e, 0xa0, 0x43), qRgb(0x9a, 0x9a, 0x9a), qRgb(0xd0, 0x2b, 0x2b)};
    QPixmap pixmap(kIconSize, kIconSize);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(kColors[size_t(light)]));
    painter.drawEllipse(1, 1, kIconSize - 2, kIconSize - 2);
    painter.end();
    icon = QIcon(pixmap);
  }
  return icon;
}

QVariant PortTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= kColumnCount)
    return QAbstractItemModel::headerData(section, orientation, role);
  static const char* const kTitles[kColumnCount] = {"Name", "Link", "Transmit", "Backend", "Reserved by"};
  return QString::fromLatin1(kTitles[section]);
}

Qt::ItemFlags PortTreeModel::flags(const QModelIndex& index) const {
  return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags;
}

}  // namespace staccato::client
