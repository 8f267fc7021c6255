#pragma once
/// BenchmarkResultsModel: the Benchmark page's results table, one row per frame size as the run
/// finishes it: each loss goal's throughput (% of line rate, kpps and Mbit/s per flow, marked
/// when the tester, not the device, was the limit), latency at the throughput found,
/// back-to-back, and notes. Rows are only appended while a run goes on, so views keep their
/// selection.
#include <QAbstractTableModel>

#include "client/core/benchmark/benchmark_result.h"

namespace staccato::client {

class BenchmarkResultsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Role {
    kValueRole = Qt::UserRole + 1,  ///< double: a goal's load (fraction of line rate), latency (ns), frames
    kTesterLimitedRole,             ///< bool, on goal cells
  };

  explicit BenchmarkResultsModel(QObject* parent = nullptr);

  /// Shows `result` (a run so far, or a finished one): new frame sizes are appended; a result
  /// with other goals or other sizes replaces the table.
  void setResult(const bench::BenchmarkResult& result);
  const bench::BenchmarkResult& result() const { return result_; }
  /// The column of goal `index` (into the config's goals).
  int goalColumn(size_t index) const { return 1 + int(index); }
  int latencyColumn() const { return 1 + int(goalCount()); }
  int backToBackColumn() const { return latencyColumn() + 1; }
  int noteColumn() const { return latencyColumn() + 2; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  size_t goalCount() const { return result_.config.search.goals.size(); }
  QVariant goalData(const bench::SizeResult& size, size_t goal, int role) const;
  QVariant latencyData(const bench::SizeResult& size, int role) const;
  QVariant backToBackData(const bench::SizeResult& size, int role) const;

  bench::BenchmarkResult result_;
};

}  // namespace staccato::client
