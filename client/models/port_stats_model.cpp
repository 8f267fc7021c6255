#include "client/models/port_stats_model.h"

#include <QColor>

#include <algorithm>

#include "client/models/number_format.h"
#include "client/models/stats_keys.h"

namespace staccato::client {
namespace {

enum class Kind { kBool, kCount, kPps, kMbps, kText };

struct StatRow {
  const char* label;
  Kind kind;
  double (*value)(const v1::PortStats&);
  const char* toolTip;
};

using S = v1::PortStats;
constexpr StatRow kRows[PortStatsModel::kRowCount] = {
    {"Transmitting", Kind::kBool, [](const S& s) { return s.transmitting() ? 1.0 : 0.0; }, nullptr},
    {"Tx pps", Kind::kPps, [](const S& s) { return s.tx_pps(); }, "packets per second sent (kernel counters)"},
    {"Rx pps", Kind::kPps, [](const S& s) { return s.rx_pps(); }, "packets per second received (kernel counters)"},
    {"Tx Mbit/s L1", Kind::kMbps, [](const S& s) { return s.tx_bps_l1(); }, "on the wire: frames with FCS + 20 bytes preamble and gap"},
    {"Rx Mbit/s L1", Kind::kMbps, [](const S& s) { return s.rx_bps_l1(); }, "on the wire: frames with FCS + 20 bytes preamble and gap"},
    {"Tx Mbit/s L2", Kind::kMbps, [](const S& s) { return s.tx_bps_l2(); }, "frames with FCS"},
    {"Rx Mbit/s L2", Kind::kMbps, [](const S& s) { return s.rx_bps_l2(); }, "frames with FCS"},
    {"Tx packets", Kind::kCount, [](const S& s) { return double(s.tx_packets()); }, "kernel counter since the last clear"},
    {"Rx packets", Kind::kCount, [](const S& s) { return double(s.rx_packets()); }, "kernel counter since the last clear"},
    {"Tx bytes", Kind::kCount, [](const S& s) { return double(s.tx_bytes()); }, "kernel counter (no FCS)"},
    {"Rx bytes", Kind::kCount, [](const S& s) { return double(s.rx_bytes()); }, "kernel counter (no FCS)"},
    {"Drone tx packets", Kind::kCount, [](const S& s) { return double(s.drone_tx_packets()); }, "packets the drone's streams sent"},
    {"Tx dropped", Kind::kCount, [](const S& s) { return double(s.tx_dropped()); }, nullptr},
    {"Rx dropped", Kind::kCount, [](const S& s) { return double(s.rx_dropped()); }, nullptr},
    {"Tx errors", Kind::kCount, [](const S& s) { return double(s.tx_errors()); }, nullptr},
    {"Rx errors", Kind::kCount, [](const S& s) { return double(s.rx_errors()); }, nullptr},
    {"Rx ring drops", Kind::kCount, [](const S& s) { return double(s.drone_rx_dropped()); },
     "signature frames the drone's receive engine had no room for (turbo rings full)"},
    {"Reflected", Kind::kCount, [](const S& s) { return double(s.drone_reflected()); },
     "test frames a reflecting port (its Reflect setting) sent back; it counts no streams itself"},
    {"Error", Kind::kText, nullptr, "the port's last transmit error"},
};

}  // namespace

PortStatsModel::PortStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

void PortStatsModel::applySnapshot(const QString& droneKey, const QString& droneName, const v1::StatsSnapshot& snapshot) {
  int first = columnCount(), last = -1, renamedFirst = columnCount(), renamedLast = -1;
  std::vector<Column> added;
  for (const v1::PortStats& p : snapshot.ports()) {
    const QString key = portKey(droneKey, p.port());
    auto it = byKey_.constFind(key);
    if (it == byKey_.constEnd()) {
      byKey_.insert(key, columnCount() + int(added.size()));
      added.push_back({droneKey, droneName, p.port(), p});
      continue;
    }
    const int c = it.value();
    if (c >= columnCount()) {  // the same port twice in one snapshot
      added[size_t(c - columnCount())].stats = p;
      continue;
    }
    Column& column = columns_[size_t(c)];
    column.stats = p;
    first = std::min(first, c);
    last = std::max(last, c);
    if (column.droneName != droneName) {
      column.droneName = droneName;
      renamedFirst = std::min(renamedFirst, c);
      renamedLast = std::max(renamedLast, c);
    }
  }
  if (!added.empty()) {
    beginInsertColumns({}, columnCount(), columnCount() + int(added.size()) - 1);
    std::move(added.begin(), added.end(), std::back_inserter(columns_));
    endInsertColumns();
  }
  if (renamedLast >= 0) emit headerDataChanged(Qt::Horizontal, renamedFirst, renamedLast);
  if (last >= 0) emit dataChanged(index(0, first), index(kRowCount - 1, last));
}

void PortStatsModel::removeDrone(const QString& key) {
  for (int end = columnCount(); end > 0;) {
    if (columns_[size_t(end - 1)].droneKey != key) {
      --end;
      continue;
    }
    int first = end - 1;
    while (first > 0 && columns_[size_t(first - 1)].droneKey == key) --first;
    beginRemoveColumns({}, first, end - 1);
    columns_.erase(columns_.begin() + first, columns_.begin() + end);
    endRemoveColumns();
    end = first;
  }
  reindex();
}

void PortStatsModel::reindex() {
  byKey_.clear();
  for (size_t i = 0; i < columns_.size(); ++i) byKey_.insert(portKey(columns_[i].droneKey, columns_[i].port), int(i));
}

QStringList PortStatsModel::portKeys() const {
  QStringList keys;
  keys.reserve(columnCount());
  for (const Column& c : columns_) keys << portKey(c.droneKey, c.port);
  return keys;
}

const v1::PortStats* PortStatsModel::columnStats(int column) const {
  return column >= 0 && column < columnCount() ? &columns_[size_t(column)].stats : nullptr;
}

int PortStatsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kRowCount; }

int PortStatsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(columns_.size());
}

QVariant PortStatsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const StatRow& row = kRows[index.row()];
  const v1::PortStats& s = columns_[size_t(index.column())].stats;
  if (row.kind == Kind::kText) {
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return QString::fromStdString(s.error());
    if (role == Qt::ForegroundRole && !s.error().empty()) return QColor(Qt::red);
    return {};
  }
  const double value = row.value(s);
  switch (role) {
    case Qt::DisplayRole:
      switch (row.kind) {
        case Kind::kBool: return value != 0 ? tr("yes") : tr("no");
        case Kind::kCount: return groupedInteger(uint64_t(value));
        case Kind::kPps: return formatFixed(value, 0);
        case Kind::kMbps: return formatFixed(value / 1e6, 3);
        default: return {};
      }
    case Qt::UserRole: return row.kind == Kind::kMbps ? value / 1e6 : value;
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
  }
}

QVariant PortStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Vertical && section >= 0 && section < kRowCount) {
    if (role == Qt::DisplayRole) return QString::fromLatin1(kRows[section].label);
    if (role == Qt::ToolTipRole && kRows[section].toolTip) return QString::fromLatin1(kRows[section].toolTip);
    return {};
  }
  if (orientation == Qt::Horizontal && section >= 0 && section < columnCount()) {
    const Column& c = columns_[size_t(section)];
    if (role == Qt::DisplayRole)
      return (c.droneName.isEmpty() ? c.droneKey : c.droneName) + QLatin1Char('/') + QString::fromStdString(c.port);
    if (role == Qt::ToolTipRole) return portKey(c.droneKey, c.port);
    return {};
  }
  return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace staccato::client
