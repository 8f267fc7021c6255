#include "client/models/flow_search_trials_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {

FlowSearchTrialsModel::FlowSearchTrialsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FlowSearchTrialsModel::clear(bool byRate) {
  beginResetModel();
  byRate_ = byRate;
  rows_.clear();
  endResetModel();
}

void FlowSearchTrialsModel::addRunning(double load) {
  beginInsertRows({}, rowCount(), rowCount());
  rows_.push_back({.load = load});
  endInsertRows();
}

void FlowSearchTrialsModel::endLast(const FlowTrialOutcome& outcome, double achievedPerSecond, double mostOpen) {
  if (rows_.empty()) return;
  rows_.back().outcome = outcome;
  rows_.back().achievedPerSecond = achievedPerSecond;
  rows_.back().mostOpen = mostOpen;
  changedLast();
}

void FlowSearchTrialsModel::stopLast(double achievedPerSecond, double mostOpen) {
  if (rows_.empty()) return;
  rows_.back().stopped = true;
  rows_.back().achievedPerSecond = achievedPerSecond;
  rows_.back().mostOpen = mostOpen;
  changedLast();
}

void FlowSearchTrialsModel::changedLast() {
  const int row = rowCount() - 1;
  emit dataChanged(index(row, 0), index(row, kColumnCount - 1));
}

QString FlowSearchTrialsModel::resultWord(const Row& row) {
  if (row.stopped) return tr("stopped");
  if (!row.outcome) return tr("running…");
  if (row.outcome->testerLimited) return tr("not judged");
  return row.outcome->passed ? tr("passed") : tr("failed");
}

int FlowSearchTrialsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }
int FlowSearchTrialsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant FlowSearchTrialsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::DisplayRole) {
    switch (section) {
      case kTrial: return tr("Trial");
      case kLoad: return byRate_ ? tr("Load\nconnections/s") : tr("Load\nconcurrent");
      case kResult: return tr("Result");
      case kAchieved: return tr("Established/s\nsteady");
      case kMostOpen: return tr("Most open");
      case kWhy: return tr("Why");
      default: return {};
    }
  }
  if (role != Qt::ToolTipRole) return {};
  if (section == kAchieved) return tr("Connections the clients established a second in the trial's steady phase");
  if (section == kMostOpen) return tr("The most connections open at once in the clients' readings (a second apart)");
  if (section == kResult) return tr("Not judged: the tester could not offer the load (its own limits), so the search ends there");
  return {};
}

QVariant FlowSearchTrialsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= kColumnCount) return {};
  const Row& r = rows_[size_t(index.row())];
  const bool done = r.outcome || r.stopped;
  if (index.column() == kResult) {
    if (role == Qt::DisplayRole) return resultWord(r);
    if (role == Qt::ForegroundRole && r.outcome)
      return QBrush(QColor(r.outcome->testerLimited ? "#8a5a00" : r.outcome->passed ? "#1b7f3b" : "#b00020"));
    if (role == Qt::FontRole) {
      QFont bold;
      bold.setBold(true);
      return bold;
    }
    return {};
  }
  if (role == Qt::ToolTipRole && index.column() == kWhy && r.outcome) return qs(r.outcome->why);
  if (role == Qt::TextAlignmentRole && index.column() != kWhy) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case kTrial: return index.row() + 1;
    case kLoad: return formatCompact(r.load, 1);
    case kAchieved: return done ? formatFixed(r.achievedPerSecond, 1) : QVariant();
    case kMostOpen: return done ? groupedInteger(uint64_t(r.mostOpen)) : QVariant();
    case kWhy: return r.outcome ? qs(r.outcome->why) : r.stopped ? tr("stopped before its end: not judged") : QVariant();
    default: return {};
  }
}

}  // namespace staccato::client
