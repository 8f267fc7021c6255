#pragma once
/// PortStatsModel: the port stats grid, Ostinato style: one column per port ("drone/port"),
/// one row per statistic. Fed with every stats snapshot of every drone.
#include <QAbstractTableModel>
#include <QHash>

#include <string>
#include <vector>

#include "staccato/v1/drone.pb.h"

namespace staccato::client {

class PortStatsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Row {
    kTransmitting,
    kTxPps,
    kRxPps,
    kTxMbpsL1,
    kRxMbpsL1,
    kTxMbpsL2,
    kRxMbpsL2,
    kTxPackets,
    kRxPackets,
    kTxBytes,
    kRxBytes,
    kDroneTxPackets,
    kTxDropped,
    kRxDropped,
    kTxErrors,
    kRxErrors,
    kRxRingDrops,  ///< drone_rx_dropped
    kReflected,    ///< drone_reflected
    kError,
    kRowCount
  };

  explicit PortStatsModel(QObject* parent = nullptr);

  /// Adds columns for ports not seen before (appended) and updates the drone's columns with
  /// one dataChanged.
  void applySnapshot(const QString& droneKey, const QString& droneName, const v1::StatsSnapshot& snapshot);
  void removeDrone(const QString& key);
  /// "droneKey|port" per column, in column order.
  QStringList portKeys() const;
  /// The stats of a column, or nullptr.
  const v1::PortStats* columnStats(int column) const;

  // QAbstractItemModel. Qt::UserRole gives the number as a double, in the row's unit.
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  struct Column {
    QString droneKey, droneName;
    std::string port;
    v1::PortStats stats;
  };

  void reindex();

  std::vector<Column> columns_;
  QHash<QString, int> byKey_;  ///< "droneKey|port" -> column
};

}  // namespace staccato::client
