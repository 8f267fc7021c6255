#pragma once
/// StreamStatsModel: per-stream stats of every drone, one row per (drone, tx port, rx port,
/// stream id). Snapshots update rows in place through a hash index: O(rows) per snapshot, one
/// dataChanged, nothing formatted until a view asks.
#include <QAbstractTableModel>
#include <QHash>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "client/models/stats_keys.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::client {

class StreamStatsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    kDrone,
    kTxPort,
    kRxPort,
    kStream,
    kTxPackets,
    kRxPackets,
    kLost,
    kLossPercent,
    kDuplicates,
    kReordered,
    kLatencyMin,  ///< µs
    kLatencyAvg,
    kLatencyMax,
    kLatencyP99,
    kJitter,
    kColumnCount
  };
  struct Key {
    QString drone;
    std::string txPort, rxPort;
    uint32_t streamId = 0;
  };

  explicit StreamStatsModel(QObject* parent = nullptr);

  /// Appends rows for new keys and updates the others in place (one dataChanged). A tx-only
  /// row becomes the tx+rx row once its receiver shows up (the drone pairs them that way). A
  /// receive-only row the snapshot no longer has goes: its stream became a row of the sending
  /// drone (paired across drones, rpc::pairAcrossDronesOneRow).
  void applySnapshot(const QString& droneKey, const QString& droneName, const v1::StatsSnapshot& snapshot);
  /// Names shown with the ids of streams sent by `port` of the drone.
  void setStreamNames(const QString& droneKey, const std::string& port, const std::map<uint32_t, std::string>& names);
  void removeDrone(const QString& key);
  void clear();

  const Key& key(int row) const { return rows_.at(size_t(row)).key; }
  /// "drone|tx|rx|id", as StatsHistory names the row's latency series.
  QString seriesKey(int row) const;
  /// The row's latest stats (for charts), or nullptr.
  const v1::StreamStats* rowStats(int row) const;

  // QAbstractItemModel. Qt::UserRole gives numbers as doubles (µs for latency) for sorting.
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    Key key;
    v1::StreamStats stats;
  };
  struct Drone {
    QString name;
    StreamKeyIndex rows;
    std::map<std::string, std::map<uint32_t, std::string>> streamNames;  ///< by tx port
    std::map<std::string, uint64_t> rxMissed;  ///< by port: frames its receive engine never examined
  };

  void reindex();
  /// Removes the drone's receive-only rows (no tx port) that `seen` (by row, before this
  /// snapshot's new rows) says the latest snapshot lacks.
  void removeGoneReceiveRows(const QString& droneKey, const std::vector<bool>& seen);
  /// Frames the row's receiving port never examined (its loss may be the receiver's), or 0.
  uint64_t rxMissed(const Row& row) const;
  QString streamText(const Row& row) const;
  /// The number behind a numeric cell, or nullopt when there is none (no receiver, no samples).
  std::optional<double> number(const Row& row, int column) const;

  std::vector<Row> rows_;
  QHash<QString, Drone> drones_;
};

}  // namespace staccato::client
