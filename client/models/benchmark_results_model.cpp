#include "client/models/benchmark_results_model.h"

#include <QBrush>
#include <QColor>

#include "client/core/benchmark/report_text.h"
#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

const QColor kTesterLimited(0x8a, 0x5a, 0x00);

}  // namespace

BenchmarkResultsModel::BenchmarkResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void BenchmarkResultsModel::setResult(const bench::BenchmarkResult& result) {
  const size_t shown = result_.sizes.size();
  const bool sameTable = result.config.search.goals == result_.config.search.goals && result.sizes.size() >= shown &&
                         std::equal(result_.sizes.begin(), result_.sizes.end(), result.sizes.begin(),
                                    [](const auto& a, const auto& b) { return a.frameSize == b.frameSize; });
  if (!sameTable) {
    beginResetModel();
    result_ = result;
    endResetModel();
    return;
  }
  const size_t now = result.sizes.size();
  if (now > shown) beginInsertRows({}, int(shown), int(now) - 1);
  result_ = result;
  if (now > shown) endInsertRows();
  if (shown > 0) emit dataChanged(index(0, 0), index(int(shown) - 1, columnCount() - 1));
}

int BenchmarkResultsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(result_.sizes.size()); }

int BenchmarkResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : noteColumn() + 1; }

QVariant BenchmarkResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
  const auto& goals = result_.config.search.goals;
  if (role == Qt::DisplayRole) {
    if (section == 0) return tr("Frame size");
    if (section < latencyColumn()) return qs(goals[size_t(section - 1)].name) + tr(" throughput");
    if (section == latencyColumn()) return tr("Latency (avg)");
    if (section == backToBackColumn()) return tr("Back-to-back");
    return tr("Notes");
  }
  if (role == Qt::ToolTipRole && section > 0 && section < latencyColumn())
    return tr("The highest load losing at most %1 of the frames, per flow")
        .arg(qs(bench::fixed(100 * goals[size_t(section - 1)].lossRatio, 3)) + " %");
  return {};
}

QVariant BenchmarkResultsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const bench::SizeResult& s = result_.sizes[size_t(index.row())];
  const int col = index.column();
  if (col == 0) {
    if (role == Qt::DisplayRole) return qs(s.frameSize.label()) + " B";
    if (role == kValueRole) return s.frameSize.averageBytes();
    return {};
  }
  if (col < latencyColumn()) return goalData(s, size_t(col - 1), role);
  if (col == latencyColumn()) return latencyData(s, role);
  if (col == backToBackColumn()) return backToBackData(s, role);
  if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return qs(s.note);
  return {};
}

QVariant BenchmarkResultsModel::goalData(const bench::SizeResult& s, size_t goal, int role) const {
  if (!s.throughput || goal >= s.throughput->goals.size()) return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
  const bench::GoalResult& g = s.throughput->goals[goal];
  switch (role) {
    case Qt::DisplayRole: {
      if (!g.found()) return tr("not met");
      const bench::RateFigures f = bench::figuresAt(result_, s.frameSize, g.lowerLoad);
      return QString("%1 · %2 kpps · %3 Mbit/s%4")
          .arg(qs(bench::loadText(g.lowerLoad)), formatFixed(f.pps / 1e3, 1), formatFixed(f.l1Mbps, 1),
               g.testerLimited ? tr(" · tester-limited") : QString());
    }
    case Qt::ToolTipRole: return qs(bench::goalText(g));
    case Qt::ForegroundRole: return g.testerLimited ? QVariant(QBrush(kTesterLimited)) : QVariant();
    case kValueRole: return g.lowerLoad;
    case kTesterLimitedRole: return g.testerLimited;
    default: return {};
  }
}

QVariant BenchmarkResultsModel::latencyData(const bench::SizeResult& s, int role) const {
  if (!s.latency || s.latency->points.empty()) return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
  const bench::LatencyPoint& p = s.latency->points.front();
  if (p.trials == 0) {  // asked for, not measured: say so, and why
    const QString why = p.failure.empty() ? tr("no trial at this load was counted") : qs(p.failure);
    if (role == Qt::DisplayRole) return p.testerLimited ? tr("not measured (tester-limited)") : tr("not measured");
    if (role == Qt::ToolTipRole) return tr("at %1 (%2): %3").arg(qs(bench::loadText(p.load)), qs(s.latency->basis), why);
    if (role == Qt::ForegroundRole && p.testerLimited) return QBrush(kTesterLimited);
    return {};
  }
  if (role == Qt::DisplayRole) return QString("%1 us").arg(formatFixed(p.latency.avgNs / 1e3, 1));
  if (role == Qt::ToolTipRole)
    return tr("at %1 (%2): min %3 us, p99 %4 us, max %5 us")
        .arg(qs(bench::loadText(p.load)), qs(s.latency->basis), formatFixed(double(p.latency.minNs) / 1e3, 1),
             formatFixed(double(p.latency.percentile(0.99)) / 1e3, 1), formatFixed(double(p.latency.maxNs) / 1e3, 1));
  if (role == kValueRole) return p.latency.avgNs;
  return {};
}

QVariant BenchmarkResultsModel::backToBackData(const bench::SizeResult& s, int role) const {
  if (!s.backToBack || s.backToBack->bursts.empty()) return role == Qt::DisplayRole ? QVariant(tr("—")) : QVariant();
  const bench::BackToBackResult& b = *s.backToBack;
  if (role == Qt::DisplayRole) return tr("%1 frames").arg(formatFixed(b.averageFrames, 0));
  if (role == Qt::ToolTipRole && !b.note.empty()) return qs(b.note);
  if (role == Qt::ForegroundRole && b.testerLimited) return QBrush(kTesterLimited);
  if (role == kValueRole) return b.averageFrames;
  return {};
}

}  // namespace staccato::client
