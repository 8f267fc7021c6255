#include "client/models/rfc2889_trials_model.h"

#include <QBrush>
#include <QFont>

#include <iterator>

#include "client/models/number_format.h"
#include "client/models/rfc2889_trial_words.h"

namespace staccato::client {
namespace {

const char* const kAddressHeaders[] = {"Addresses", "Rate asked\nfps", "Rate sent\nfps", "Learning\nsent",
                                       "Test\nsent", "Forwarded",      "Flooded",        "Verdict"};
const char* const kTrafficHeaders[] = {"Load\n%", "Offered\nfps a port", "Sent",           "Received",
                                       "Lost",    "Elsewhere",           "Forwarded\nfps", "Verdict"};
static_assert(std::size(kAddressHeaders) == Rfc2889TrialsModel::kAddressVerdict + 1);
static_assert(std::size(kTrafficHeaders) == Rfc2889TrialsModel::kTrafficVerdict + 1);

}  // namespace

Rfc2889TrialsModel::Rfc2889TrialsModel(QObject* parent) : QAbstractTableModel(parent) {}

template <class Assign>
void Rfc2889TrialsModel::show(bool appends, int rows, Assign assign) {
  const int shown = rowCount();
  if (!appends || rows < shown) {
    beginResetModel();
    assign();
    endResetModel();
    return;
  }
  if (rows > shown) beginInsertRows({}, shown, rows - 1);
  assign();
  if (rows > shown) endInsertRows();
  if (shown > 0) emit dataChanged(index(0, 0), index(shown - 1, columnCount() - 1));
}

void Rfc2889TrialsModel::setAddressTrials(const std::vector<bench::AddressTrial>& trials) {
  show(address_, int(trials.size()), [&] {
    address_ = true;
    addressTrials_ = trials;
    trafficTrials_.clear();
  });
}

void Rfc2889TrialsModel::setTrafficTrials(const std::vector<bench::TrafficTrial>& trials) {
  show(!address_, int(trials.size()), [&] {
    address_ = false;
    trafficTrials_ = trials;
    addressTrials_.clear();
  });
}

const bench::TrafficTrial* Rfc2889TrialsModel::trafficTrial(int row) const {
  return !address_ && row >= 0 && row < int(trafficTrials_.size()) ? &trafficTrials_[size_t(row)] : nullptr;
}

int Rfc2889TrialsModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;
  return int(address_ ? addressTrials_.size() : trafficTrials_.size());
}

int Rfc2889TrialsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : verdictColumn() + 1; }

QVariant Rfc2889TrialsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
  if (role == Qt::DisplayRole) return tr(address_ ? kAddressHeaders[section] : kTrafficHeaders[section]);
  if (role != Qt::ToolTipRole) return {};
  if (address_) {
    if (section == kSentRate) return tr("The rate the learning frames really went at (the sender's own timestamps)");
    if (section == kForwarded) return tr("Test frames received on the learning port: sent to a learned address");
    if (section == kFlooded) return tr("Test frames received on the monitoring port: sent to an address not learned");
  } else {
    if (section == kLoad) return tr("Asked, per sending port: its share of the line rate");
    if (section == kElsewhere) return tr("Frames received on a port they were not sent to (flooded or misdelivered)");
    if (section == kForwardedFps) return tr("Frames received at their own ports a second, over every pair");
  }
  return {};
}

QVariant Rfc2889TrialsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const auto row = size_t(index.row());
  const bool verdict = index.column() == verdictColumn();
  if (verdict) {
    return address_ ? verdictData(rfc2889Verdict(addressTrials_[row]), rfc2889Reason(addressTrials_[row]), role)
                    : verdictData(rfc2889Verdict(trafficTrials_[row]), rfc2889Reason(trafficTrials_[row]), role);
  }
  if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  return address_ ? addressData(addressTrials_[row], index.column()) : trafficData(trafficTrials_[row], index.column());
}

QVariant Rfc2889TrialsModel::addressData(const bench::AddressTrial& t, int column) const {
  switch (column) {
    case kAddresses: return groupedInteger(t.addresses);
    case kAskedRate: return formatCompact(t.askedPps, 1);
    case kSentRate: return formatCompact(t.learningPps, 1);
    case kLearningSent: return groupedInteger(t.learningSent);
    case kTestSent: return groupedInteger(t.testSent);
    case kForwarded: return groupedInteger(t.forwarded);
    case kFlooded: return groupedInteger(t.flooded);
    default: return {};
  }
}

QVariant Rfc2889TrialsModel::trafficData(const bench::TrafficTrial& t, int column) const {
  switch (column) {
    case kLoad: return formatCompact(t.load * 100, 2);
    case kOffered: return formatCompact(t.offeredFps, 1);
    case kSent: return groupedInteger(t.sent());
    case kReceived: return groupedInteger(t.received());
    case kLost: return groupedInteger(t.lost());
    case kElsewhere: return groupedInteger(t.elsewhere());
    case kForwardedFps: return formatCompact(t.forwardedFps(), 1);
    default: return {};
  }
}

QVariant Rfc2889TrialsModel::verdictData(const QString& verdict, const QString& reason, int role) const {
  switch (role) {
    case Qt::DisplayRole: return verdict;
    case Qt::ToolTipRole: return reason;
    case Qt::ForegroundRole: return QBrush(rfc2889VerdictColour(verdict));
    case Qt::FontRole: {
      QFont bold;
      bold.setBold(true);
      return bold;
    }
    default: return {};
  }
}

}  // namespace staccato::client
