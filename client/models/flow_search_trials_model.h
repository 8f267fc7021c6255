#pragma once
/// FlowSearchTrialsModel: the Flows page's RFC 9411 search table, a row per trial as it runs and
/// ends: the load it offered (connections/s or concurrent), its result (running, passed, failed,
/// not judged: the tester's limit, stopped), what the clients achieved in the steady phase
/// (connections established a second; for a concurrency search also the most open seen) and
/// why, as judgeFlowTrial says it. Rows are only appended or their last one updated, so views
/// keep their selection.
#include <QAbstractTableModel>

#include <optional>
#include <vector>

#include "client/core/flows/flow_search.h"

namespace staccato::client {

class FlowSearchTrialsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kTrial, kLoad, kResult, kAchieved, kMostOpen, kWhy, kColumnCount };
  struct Row {
    double load = 0;
    std::optional<FlowTrialOutcome> outcome;  ///< none while it runs, or when it was stopped
    bool stopped = false;                     ///< ended by Stop: not judged
    double achievedPerSecond = 0;             ///< connections established a second, steady phase
    double mostOpen = 0;                      ///< connections open at once, most seen
  };

  explicit FlowSearchTrialsModel(QObject* parent = nullptr);

  /// A new search: no rows; `byRate` names the loads connections/s, else concurrent.
  void clear(bool byRate);
  /// A trial at `load` begins (the last row, running).
  void addRunning(double load);
  /// The running trial ended: judged, its achievements measured.
  void endLast(const FlowTrialOutcome& outcome, double achievedPerSecond, double mostOpen);
  /// The running trial was stopped before its end: not judged.
  void stopLast(double achievedPerSecond, double mostOpen);
  const std::vector<Row>& rows() const { return rows_; }
  bool byRate() const { return byRate_; }
  /// "passed", "failed", "not judged", "stopped" or "running…".
  static QString resultWord(const Row& row);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  void changedLast();

  bool byRate_ = true;
  std::vector<Row> rows_;
};

}  // namespace staccato::client
