#include "client/models/flow_run_model.h"

#include <QColor>
#include <QFont>

#include <iterator>
#include <optional>

#include "client/core/flows/flow_verdict.h"
#include "client/models/number_format.h"
#include "client/models/qs.h"
#include "common/core/si_units.h"

namespace staccato::client {
namespace {

const char* const kHeaders[] = {"Template",   "Attempted",  "Established", "Completed",     "Refused",       "Reset",
                                "Timed out",  "Invalid",    "Tester\nlimit", "Retrans",     "Open",          "Conn/s",
                                "Trans/s",    "Up",         "Down",        "Connect\np50 ms", "Connect\np99 ms",
                                "1st byte\np50 ms", "1st byte\np99 ms", "Last byte\np50 ms", "Last byte\np99 ms"};
static_assert(std::size(kHeaders) == FlowRunModel::kColumnCount);

QString ms(uint64_t ns, uint64_t samples) { return samples ? formatFixed(double(ns) / 1e6, 3) : QString("–"); }

}  // namespace

FlowRunModel::FlowRunModel(QObject* parent) : QAbstractTableModel(parent) {}

void FlowRunModel::clear() {
  beginResetModel();
  client_.Clear();
  previous_.Clear();
  server_.Clear();
  haveClient_ = havePrevious_ = haveServer_ = false;
  endResetModel();
}

void FlowRunModel::setClient(const v1::PortFlows& now) {
  const bool reshaped = !haveClient_ || now.templates_size() != client_.templates_size();
  if (reshaped) beginResetModel();
  if (haveClient_) {
    previous_ = std::move(client_);
    havePrevious_ = true;
  }
  client_ = now;
  haveClient_ = true;
  if (reshaped) endResetModel();
  else if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, kColumnCount - 1));
}

void FlowRunModel::setServer(const v1::PortFlows& now) {
  server_ = now;
  haveServer_ = true;
}

double FlowRunModel::rateSeconds() const {
  if (client_.running() && havePrevious_ && client_.elapsed_ns() > previous_.elapsed_ns())
    return double(client_.elapsed_ns() - previous_.elapsed_ns()) / 1e9;
  if (client_.running() && havePrevious_) return 0;  // no time between the readings: no rate yet
  return double(client_.elapsed_ns()) / 1e9;
}

QString FlowRunModel::serverText() const {
  if (!haveServer_) return {};
  const FlowTotals s = flowTotals(server_);
  QString text = tr("Servers on %1: %2 hosts, %3 accepted, %4 transactions answered, %5 failed")
                     .arg(qs(server_.port()), groupedInteger(server_.hosts()), groupedInteger(s.attempted),
                          groupedInteger(s.transactions), groupedInteger(s.failures()));
  if (s.failures()) text += " (" + qs(flowFailureKinds(s)) + ")";
  if (!server_.error().empty()) text += tr("; ended early: %1").arg(qs(server_.error()));
  return text;
}

int FlowRunModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() || !haveClient_) return 0;
  const int n = client_.templates_size();
  return n > 1 ? n + 1 : n;
}

int FlowRunModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

int FlowRunModel::templateOf(int row) const { return row < client_.templates_size() ? row : -1; }

QVariant FlowRunModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= kColumnCount) return {};
  if (role == Qt::DisplayRole) return tr(kHeaders[section]);
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case kTester: return tr("Connections the tester could not open for its own limits (descriptors, source ports): not the device's failures");
      case kTimedOut: return tr("No handshake, or no progress, within the profile's connect timeout");
      case kInvalid: return tr("An answer unlike the template's (status, sizes, extra bytes)");
      case kRetransmissions: return tr("TCP segments the client's kernel sent again");
      case kOpen: return tr("Connections open now (closed by the tester at the end: not failures)");
      case kConnectionsPerSecond:
      case kTransactionsPerSecond:
      case kUp:
      case kDown: return tr("Over the last second while the run goes on, over the whole run once it has ended");
      default: break;
    }
    if (section >= kConnectP50) return tr("Over the whole run so far, from the templates' merged histograms");
  }
  return {};
}

QVariant FlowRunModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= kColumnCount) return {};
  const int t = templateOf(index.row());
  if (role == Qt::TextAlignmentRole)
    return index.column() == kTemplate ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
  if (role == Qt::FontRole && t < 0) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::ForegroundRole) {
    const FlowTotals f = flowTotals(client_, "", t);
    const uint64_t byKind[] = {f.refused, f.reset, f.timedOut, f.invalid};
    if (index.column() >= kRefused && index.column() <= kInvalid && byKind[index.column() - kRefused] > 0)
      return QColor(0xb0, 0x00, 0x20);
    if (index.column() == kTester && f.tester > 0) return QColor(0x8a, 0x5a, 0x00);
    return {};
  }
  if (role != Qt::DisplayRole) return {};
  return cell(t, index.column());
}

QVariant FlowRunModel::cell(int t, int column) const {
  const FlowTotals f = flowTotals(client_, "", t);
  // Per second over rateSeconds(): the change since the previous reading while running.
  auto perSecondOf = [&](uint64_t FlowTotals::*field) -> std::optional<double> {
    const double seconds = rateSeconds();
    if (seconds <= 0) return std::nullopt;
    const bool interval = client_.running() && havePrevious_;
    return perSecond(f.*field - (interval ? flowTotals(previous_, "", t).*field : 0), seconds);
  };
  auto rate = [&](uint64_t FlowTotals::*field) {
    const auto r = perSecondOf(field);
    return r ? formatFixed(*r, 1) : QString("–");
  };
  auto bits = [&](uint64_t FlowTotals::*field) {
    const auto r = perSecondOf(field);
    return r ? qs(staccato::formatSi(*r * 8, "bit/s", 1)) : QString("–");
  };
  auto latency = [&](FlowLatency which, bool p99) {
    const v1::LatencyStats l = mergedFlowLatency(client_, which, "", t);
    return ms(p99 ? l.p99_ns() : l.p50_ns(), l.samples());
  };
  switch (column) {
    case kTemplate: return t < 0 ? tr("all") : qs(client_.templates(t).name());
    case kAttempted: return groupedInteger(f.attempted);
    case kEstablished: return groupedInteger(f.established);
    case kCompleted: return groupedInteger(f.completed);
    case kRefused: return groupedInteger(f.refused);
    case kReset: return groupedInteger(f.reset);
    case kTimedOut: return groupedInteger(f.timedOut);
    case kInvalid: return groupedInteger(f.invalid);
    case kTester: return groupedInteger(f.tester);
    case kRetransmissions: return groupedInteger(f.retransmissions);
    case kOpen: return groupedInteger(t < 0 ? openConnections(client_) : client_.templates(t).open());
    case kConnectionsPerSecond: return rate(&FlowTotals::attempted);
    case kTransactionsPerSecond: return rate(&FlowTotals::transactions);
    case kUp: return bits(&FlowTotals::bytesSent);
    case kDown: return bits(&FlowTotals::bytesReceived);
    case kConnectP50: return latency(FlowLatency::kConnect, false);
    case kConnectP99: return latency(FlowLatency::kConnect, true);
    case kFirstByteP50: return latency(FlowLatency::kFirstByte, false);
    case kFirstByteP99: return latency(FlowLatency::kFirstByte, true);
    case kLastByteP50: return latency(FlowLatency::kLastByte, false);
    case kLastByteP99: return latency(FlowLatency::kLastByte, true);
    default: return {};
  }
}

}  // namespace staccato::client
