#include "client/models/y1564_results_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QStringList>

#include <algorithm>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

const char* const kHeaders[] = {"Service", "Step",   "Verdict", "Rate\nMbit/s", "IR\nMbit/s", "FLR\n%",
                                "FTD\nms", "FDV\nms", "AVAIL\n%", "SES",          "Unavailable\ns"};
static_assert(std::size(kHeaders) == Y1564ResultsModel::kColumnCount);

QColor verdictColour(const bench::Y1564Verdict& v) {
  if (v.incomplete) return QColor(0x8a, 0x5a, 0x00);
  return v.pass ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xb0, 0x00, 0x20);
}

bool sameStep(const bench::Y1564StepResult& a, const bench::Y1564StepResult& b) {
  return a.step.service == b.step.service && a.step.kind == b.step.kind && a.step.label == b.step.label;
}

}  // namespace

Y1564ResultsModel::Y1564ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void Y1564ResultsModel::setResult(const bench::Y1564Result& result) {
  const int shown = rowCount();
  // Appending keeps the rows shown: the steps so far are a prefix of the new ones, and no
  // performance row is shown yet (they come last, all at once).
  const bool appends = result_.performance.empty() && result.configuration.size() >= result_.configuration.size() &&
                       std::equal(result_.configuration.begin(), result_.configuration.end(), result.configuration.begin(), sameStep) &&
                       result.config.services.size() == result_.config.services.size();
  if (!appends) {
    beginResetModel();
    result_ = result;
    endResetModel();
    return;
  }
  const int now = int(result.configuration.size() + result.performance.size());
  if (now > shown) beginInsertRows({}, shown, now - 1);
  result_ = result;
  if (now > shown) endInsertRows();
  if (shown > 0) emit dataChanged(index(0, 0), index(shown - 1, kColumnCount - 1));
}

int Y1564ResultsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(result_.configuration.size() + result_.performance.size());
}

int Y1564ResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant Y1564ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= kColumnCount) return {};
  if (role == Qt::DisplayRole) return tr(kHeaders[section]);
  if (role == Qt::ToolTipRole) {
    if (section == kIr) return tr("Information rate received (frames, FCS included)");
    if (section == kSes) return tr("Severely errored seconds of the performance test (Y.1563)");
    if (section == kAvail) return tr("Seconds available of the performance test: 10 SES in a row start unavailable time");
  }
  return {};
}

QVariant Y1564ResultsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= kColumnCount) return {};
  const auto row = size_t(index.row());
  if (role == Qt::TextAlignmentRole)
    return index.column() > kVerdict ? int(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
  if (row < result_.configuration.size()) return stepData(result_.configuration[row], index.column(), role);
  return performanceData(row - result_.configuration.size(), index.column(), role);
}

QVariant Y1564ResultsModel::stepData(const bench::Y1564StepResult& s, int column, int role) const {
  if (column == kStep) {
    if (role == Qt::DisplayRole) return qs(s.step.label) + (s.step.note.empty() ? "" : " *");
    if (role == Qt::ToolTipRole && !s.step.note.empty()) return qs(s.step.note);
    return {};
  }
  if (column == kRate) return role == Qt::DisplayRole ? QVariant(formatFixed(s.step.rateMbps, 2)) : QVariant();
  if (column >= kAvail) return {};
  return common(s.step.service, s.measured, s.verdict, column, role);
}

QVariant Y1564ResultsModel::performanceData(size_t service, int column, int role) const {
  const bench::Y1564ServicePerformance& p = result_.performance[service];
  if (role != Qt::DisplayRole) return common(service, p.measured, p.verdict, column, role);
  switch (column) {
    case kStep: return tr("performance, %1 s").arg(p.perSecond.size());
    case kRate: return formatFixed(bench::performanceStep(result_.config, service, result_.lineRateBps).rateMbps, 2);
    case kAvail: return formatFixed(p.availability.ratio() * 100, 4);
    case kSes: return p.availability.severelyErrored;
    case kUnavailable: return p.availability.unavailable;
    default: return common(service, p.measured, p.verdict, column, role);
  }
}

QVariant Y1564ResultsModel::common(size_t service, const bench::Y1564Measurement& m, const bench::Y1564Verdict& v, int column,
                                   int role) const {
  if (column == kVerdict) {
    switch (role) {
      case Qt::DisplayRole: return qs(bench::verdictWord(v));
      case Qt::ForegroundRole: return QBrush(verdictColour(v));
      case Qt::ToolTipRole: {
        QStringList why;
        for (const std::string& f : v.failures) why << qs(f);
        return why.isEmpty() ? tr("every criterion met") : why.join('\n');
      }
      case Qt::FontRole: {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      default: return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (column) {
    case kService: return service < result_.config.services.size() ? qs(result_.config.services[service].name) : QString();
    case kIr: return formatFixed(v.irMbps, 2);
    case kFlr: return formatCompact(v.flr * 100, 4);
    case kFtd: return m.delayMeasured ? formatFixed(m.ftdMs, 3) : tr("—");
    case kFdv: return m.delayMeasured ? formatFixed(m.fdvMs, 3) : tr("—");
    default: return {};
  }
}

}  // namespace staccato::client
