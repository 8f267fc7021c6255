#pragma once
/// Y1564ResultsModel: the Y.1564 page's results table, the run so far: one row per configuration
/// step (service, step, rate, IR, FLR, FTD, FDV and its verdict), then one per service for the
/// performance test, which adds AVAIL, severely errored seconds and unavailable time. Verdicts
/// are PASS, FAIL or INCOMPLETE, coloured, with the criteria missed as their tooltip. Rows are
/// only appended while a run goes on, so views keep their selection.
#include <QAbstractTableModel>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::client {

class Y1564ResultsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kService, kStep, kVerdict, kRate, kIr, kFlr, kFtd, kFdv, kAvail, kSes, kUnavailable, kColumnCount };

  explicit Y1564ResultsModel(QObject* parent = nullptr);

  /// Shows `result` (a run so far, or a finished one): new rows are appended; a result whose
  /// first rows differ replaces the table.
  void setResult(const bench::Y1564Result& result);
  const bench::Y1564Result& result() const { return result_; }
  /// The first performance row (after every configuration step).
  int performanceRow() const { return int(result_.configuration.size()); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QVariant stepData(const bench::Y1564StepResult& s, int column, int role) const;
  QVariant performanceData(size_t service, int column, int role) const;
  /// What the two kinds of rows share: service, measurements and verdict.
  QVariant common(size_t service, const bench::Y1564Measurement& m, const bench::Y1564Verdict& v, int column, int role) const;

  bench::Y1564Result result_;
};

}  // namespace staccato::client
