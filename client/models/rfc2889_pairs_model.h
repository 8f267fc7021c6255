#pragma once
/// Rfc2889PairsModel: the pairs of one meshed or broadcast trial, as the RFC 2889 page shows them
/// under its results: from, to, frames sent, received, lost, received at another port, and the
/// average latency ("—" when none was measured). Rows with a loss or a frame elsewhere are red.
#include <QAbstractTableModel>

#include <vector>

#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::client {

class Rfc2889PairsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kFrom, kTo, kSent, kReceived, kLost, kElsewhere, kLatency, kColumnCount };

  explicit Rfc2889PairsModel(QObject* parent = nullptr);

  /// Shows `pairs` (none: an empty table).
  void setPairs(const std::vector<bench::PairCount>& pairs);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  std::vector<bench::PairCount> pairs_;
};

}  // namespace staccato::client
