#include "client/models/stream_stats_model.h"

#include <QColor>

#include <algorithm>

#include "client/models/number_format.h"
#include "rpc/stats/rate_shortfall.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::client {
namespace {

const QString kNone = QStringLiteral("—");

double us(uint64_t ns) { return double(ns) / 1000.0; }

bool isLatency(int column) {
  return column >= StreamStatsModel::kLatencyMin && column <= StreamStatsModel::kJitter;
}

}  // namespace

StreamStatsModel::StreamStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

void StreamStatsModel::applySnapshot(const QString& droneKey, const QString& droneName,
                                     const v1::StatsSnapshot& snapshot) {
  Drone& drone = drones_[droneKey];
  const int existing = rowCount();
  int first = existing, last = -1;
  if (drone.name != droneName) {  // the drone column of all its rows
    drone.name = droneName;
    first = 0;
    last = existing - 1;
  }
  for (const v1::PortStats& p : snapshot.ports()) drone.rxMissed[p.port()] = p.drone_rx_dropped();
  std::vector<Row> added;
  std::vector<bool> seen(size_t(existing), false);  // this drone's rows the snapshot has
  auto rowAt = [&](int slot) -> Row& { return slot < existing ? rows_[size_t(slot)] : added[size_t(slot - existing)]; };
  for (const v1::StreamStats& s : snapshot.streams()) {
    int slot = drone.rows.find(s.tx_port(), s.rx_port(), s.stream_id());
    if (slot < 0 && !s.rx_port().empty()) {
      // The drone reports a stream tx-only until its receiver sees it, then as one tx+rx row.
      static const std::string kNoPort;
      slot = drone.rows.find(s.tx_port(), kNoPort, s.stream_id());
      if (slot >= 0) {
        drone.rows.erase(s.tx_port(), kNoPort, s.stream_id());
        drone.rows.insert(s.tx_port(), s.rx_port(), s.stream_id(), slot);
        rowAt(slot).key.rxPort = s.rx_port();
      }
    }
    if (slot < 0) {
      slot = existing + int(added.size());
      drone.rows.insert(s.tx_port(), s.rx_port(), s.stream_id(), slot);
      added.push_back({Key{droneKey, s.tx_port(), s.rx_port(), s.stream_id()}, s});
      continue;
    }
    rowAt(slot).stats = s;
    if (slot < existing) {
      seen[size_t(slot)] = true;
      first = std::min(first, slot);
      last = std::max(last, slot);
    }
  }
  if (!added.empty()) {
    beginInsertRows({}, existing, existing + int(added.size()) - 1);
    std::move(added.begin(), added.end(), std::back_inserter(rows_));
    endInsertRows();
  }
  if (last >= first) emit dataChanged(index(first, 0), index(last, kColumnCount - 1));
  removeGoneReceiveRows(droneKey, seen);
}

void StreamStatsModel::removeGoneReceiveRows(const QString& droneKey, const std::vector<bool>& seen) {
  bool removed = false;
  for (size_t i = seen.size(); i-- > 0;) {
    const Key& k = rows_[i].key;
    if (seen[i] || k.drone != droneKey || !k.txPort.empty()) continue;
    beginRemoveRows({}, int(i), int(i));
    rows_.erase(rows_.begin() + std::ptrdiff_t(i));
    endRemoveRows();
    removed = true;
  }
  if (removed) reindex();
}

uint64_t StreamStatsModel::rxMissed(const Row& row) const {
  if (row.stats.rx_missed() > 0) return row.stats.rx_missed();
  // A drone that does not say it per stream: what the receiving port missed since the clear.
  auto d = drones_.constFind(row.key.drone);
  if (d == drones_.constEnd() || row.key.rxPort.empty()) return 0;
  auto it = d->rxMissed.find(row.key.rxPort);
  return it == d->rxMissed.end() ? 0 : it->second;
}

void StreamStatsModel::setStreamNames(const QString& droneKey, const std::string& port,
                                      const std::map<uint32_t, std::string>& names) {
  drones_[droneKey].streamNames[port] = names;
  int first = -1, last = -1;
  for (size_t i = 0; i < rows_.size(); ++i) {
    if (rows_[i].key.drone != droneKey || rows_[i].key.txPort != port) continue;
    if (first < 0) first = int(i);
    last = int(i);
  }
  if (first >= 0) emit dataChanged(index(first, kStream), index(last, kStream));
}

void StreamStatsModel::removeDrone(const QString& key) {
  for (int end = rowCount(); end > 0;) {
    if (rows_[size_t(end - 1)].key.drone != key) {
      --end;
      continue;
    }
    int first = end - 1;
    while (first > 0 && rows_[size_t(first - 1)].key.drone == key) --first;
    beginRemoveRows({}, first, end - 1);
    rows_.erase(rows_.begin() + first, rows_.begin() + end);
    endRemoveRows();
    end = first;
  }
  drones_.remove(key);
  reindex();
}

void StreamStatsModel::clear() {
  beginResetModel();
  rows_.clear();
  reindex();
  endResetModel();
}

void StreamStatsModel::reindex() {
  for (Drone& d : drones_) d.rows.clear();
  for (size_t i = 0; i < rows_.size(); ++i) {
    const Key& k = rows_[i].key;
    drones_[k.drone].rows.insert(k.txPort, k.rxPort, k.streamId, int(i));
  }
}

QString StreamStatsModel::seriesKey(int row) const {
  const Key& k = key(row);
  return streamKey(k.drone, k.txPort, k.rxPort, k.streamId);
}

const v1::StreamStats* StreamStatsModel::rowStats(int row) const {
  return row >= 0 && row < rowCount() ? &rows_[size_t(row)].stats : nullptr;
}

int StreamStatsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int StreamStatsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QString StreamStatsModel::streamText(const Row& row) const {
  const QString id = QString::number(row.key.streamId);
  auto drone = drones_.constFind(row.key.drone);
  if (drone == drones_.constEnd()) return id;
  auto port = drone->streamNames.find(row.key.txPort);
  if (port == drone->streamNames.end()) return id;
  auto name = port->second.find(row.key.streamId);
  return name == port->second.end() || name->second.empty() ? id : id + QStringLiteral(": ") + QString::fromStdString(name->second);
}

std::optional<double> StreamStatsModel::number(const Row& row, int column) const {
  const v1::StreamStats& s = row.stats;
  const bool received = !row.key.rxPort.empty();
  const v1::LatencyStats& l = s.latency();
  const bool latency = received && l.samples() > 0;
  switch (column) {
    case kTxPackets: return row.key.txPort.empty() ? std::nullopt : std::optional<double>(double(s.tx_packets()));
    case kRxPackets: return received ? std::optional<double>(double(s.rx_packets())) : std::nullopt;
    case kLost: return received ? std::optional<double>(double(s.lost())) : std::nullopt;
    case kLossPercent: {
      if (!received) return std::nullopt;
      const double sent = s.tx_packets() ? double(s.tx_packets()) : double(s.rx_packets()) - double(s.duplicates()) + double(s.lost());
      return sent > 0 ? std::optional<double>(100.0 * double(s.lost()) / sent) : std::nullopt;
    }
    case kDuplicates: return received ? std::optional<double>(double(s.duplicates())) : std::nullopt;
    case kReordered: return received ? std::optional<double>(double(s.reordered())) : std::nullopt;
    case kLatencyMin: return latency ? std::optional<double>(us(l.min_ns())) : std::nullopt;
    case kLatencyAvg: return latency ? std::optional<double>(us(l.avg_ns())) : std::nullopt;
    case kLatencyMax: return latency ? std::optional<double>(us(l.max_ns())) : std::nullopt;
    case kLatencyP99: return latency ? std::optional<double>(us(l.p99_ns())) : std::nullopt;
    case kJitter: return latency ? std::optional<double>(l.jitter_ns() / 1000.0) : std::nullopt;
    default: return std::nullopt;
  }
}

QVariant StreamStatsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& row = rows_[size_t(index.row())];
  const int column = index.column();
  const uint64_t missed = rxMissed(row);
  // Incomplete: the receiver missed frames while this stream was received (the drone says so per
  // stream; an older drone only per port, and then only its "loss" is in doubt).
  const bool incomplete = row.stats.incomplete() || (missed && row.stats.lost() > 0);
  const bool lossColumn = column == kLost || column == kLossPercent;
  // A sender that cannot keep the rate asked for: its transmit figures say so (orange, tooltip).
  if (column == kTxPackets && (role == Qt::ForegroundRole || role == Qt::ToolTipRole)) {
    if (const std::string shortfall = rpc::rateShortfall(row.stats); !shortfall.empty())
      return role == Qt::ToolTipRole ? QVariant(QString::fromStdString(shortfall)) : QVariant(QColor(0xd0, 0x70, 0x00));
  }
  if (role == Qt::ForegroundRole) {
    // Orange, not red: the receiver missed frames, so the counts are not the network's.
    if (incomplete) return QVariant(QColor(0xd0, 0x70, 0x00));
    return row.stats.lost() == 0 ? QVariant() : QVariant(QColor(Qt::red));
  }
  if (column <= kStream) {
    QString text;
    switch (column) {
      case kDrone: {
        auto d = drones_.constFind(row.key.drone);
        text = d == drones_.constEnd() || d->name.isEmpty() ? row.key.drone : d->name;
        break;
      }
      case kTxPort: text = row.key.txPort.empty() ? kNone : QString::fromStdString(row.key.txPort); break;
      case kRxPort:
        // A receive port on another drone says which: "eth2@lab-b".
        text = !row.key.rxPort.empty()  ? QString::fromStdString(row.key.rxPort) +
                                              (row.stats.rx_drone().empty() ? QString() : "@" + QString::fromStdString(row.stats.rx_drone()))
               : row.stats.untracked() ? QString::fromUtf8(rpc::kUntrackedNote)
                                       : kNone;
        break;
      default: text = streamText(row); break;
    }
    if (role == Qt::DisplayRole || role == Qt::UserRole) return text;
    if (role == Qt::ToolTipRole && column == kTxPort && row.key.txPort.empty())
      return tr("sender unknown: another drone, or several ports send this id");
    if (role == Qt::ToolTipRole && column == kRxPort && row.key.rxPort.empty())
      return row.stats.untracked() ? tr("This stream has no signature layer, so no port can tell its frames from others: "
                                        "rx, loss and latency are not measured. Add a signature as its last layer to "
                                        "track it.")
                                   : tr("not received (yet)");
    if (role == Qt::ToolTipRole && column == kDrone) return row.key.drone;
    return {};
  }
  const std::optional<double> value = number(row, column);
  switch (role) {
    case Qt::DisplayRole:
      if (!value) return kNone;
      if (lossColumn && incomplete)
        return QStringLiteral("⚠ ") + (column == kLossPercent ? formatFixed(*value, 3) : groupedInteger(uint64_t(*value)));
      if (column == kLossPercent) return formatFixed(*value, 3);
      return isLatency(column) ? formatFixed(*value, 1) : groupedInteger(uint64_t(*value));
    case Qt::UserRole: return value ? QVariant(*value) : QVariant();
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
      if (lossColumn && incomplete && row.stats.incomplete())
        return tr("Receiver overloaded: the drone's receiver on %1 missed %2 frames it never examined while this "
                  "stream was received, so its counts are incomplete; \"Lost\" counts only what the sequence "
                  "numbers prove beyond them. Receive with turbo, or send slower.")
            .arg(QString::fromStdString(row.key.rxPort), groupedInteger(missed));
      if (lossColumn && incomplete)
        return tr("Receiver overloaded: the drone's receiver on %1 missed %2 frames it never examined, so this is "
                  "not proven loss. Receive with turbo, or send slower.")
            .arg(QString::fromStdString(row.key.rxPort), groupedInteger(missed));
      if (isLatency(column) && value && !row.stats.same_clock())
        return tr("different clocks: only as good as PTP/NTP between drones");
      if (column == kLossPercent) return tr("lost / sent");
      return {};
    default: return {};
  }
}

QVariant StreamStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= kColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char* const kTitles[kColumnCount] = {"Drone",      "Tx port",   "Rx port", "Stream",  "Tx packets",
                                                    "Rx packets", "Lost",      "Loss %",  "Duplicates", "Reordered",
                                                    "Min µs",     "Avg µs",    "Max µs",  "p99 µs",  "Jitter µs"};
  if (role == Qt::DisplayRole) return QString::fromUtf8(kTitles[section]);
  if (role == Qt::ToolTipRole && isLatency(section))
    return section == kJitter ? tr("RFC 3550 interarrival jitter, µs") : tr("latency, µs");
  return {};
}

}  // namespace staccato::client
