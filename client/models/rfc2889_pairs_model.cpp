#include "client/models/rfc2889_pairs_model.h"

#include <QBrush>
#include <QColor>

#include <iterator>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

const char* const kHeaders[] = {"From", "To", "Sent", "Received", "Lost", "Elsewhere", "Latency\nµs"};
static_assert(std::size(kHeaders) == Rfc2889PairsModel::kColumnCount);

}  // namespace

Rfc2889PairsModel::Rfc2889PairsModel(QObject* parent) : QAbstractTableModel(parent) {}

void Rfc2889PairsModel::setPairs(const std::vector<bench::PairCount>& pairs) {
  beginResetModel();
  pairs_ = pairs;
  endResetModel();
}

int Rfc2889PairsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(pairs_.size()); }

int Rfc2889PairsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant Rfc2889PairsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= kColumnCount) return {};
  if (role == Qt::DisplayRole) return tr(kHeaders[section]);
  if (role == Qt::ToolTipRole && section == kElsewhere) return tr("This pair's frames received on ports other than its own");
  if (role == Qt::ToolTipRole && section == kLatency) return tr("Average latency of the frames received");
  return {};
}

QVariant Rfc2889PairsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= kColumnCount) return {};
  const bench::PairCount& p = pairs_[size_t(index.row())];
  if (role == Qt::ForegroundRole && (p.lost() || p.elsewhere)) return QBrush(QColor(0xb0, 0x00, 0x20));
  if (role == Qt::TextAlignmentRole && index.column() >= kSent) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && index.column() == kSent && p.heldBack)  // congestion control's back pressure
    return tr("Its sender was held back: the device pushed back (%1 asked)").arg(groupedInteger(p.asked));
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case kFrom: return qs(p.tx);
    case kTo: return qs(p.rx);
    case kSent: return groupedInteger(p.sent);
    case kReceived: return groupedInteger(p.received);
    case kLost: return groupedInteger(p.lost());
    case kElsewhere: return groupedInteger(p.elsewhere);
    case kLatency: return p.latencyAvgUs > 0 ? formatFixed(p.latencyAvgUs, 1) : tr("—");
    default: return {};
  }
}

}  // namespace staccato::client
