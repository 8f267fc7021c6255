#pragma once
/// FlowRunModel: the Flows page's table, one flow run as its client side and server side last
/// read (FlowStats with latency buckets) and the client's reading before: a row per template,
/// then "all" when there are several, with connections attempted, established, completed,
/// failed by kind (the tester's own limits apart), retransmissions, open connections, rates
/// (between the last two readings while the run goes on, over the whole run once it has ended),
/// goodput both ways and the connect, first-byte and last-byte latency percentiles. Sums, rates
/// and merged latencies are client/core/flows/flow_totals.h's, as the CLI's.
#include <QAbstractTableModel>

#include "client/core/flows/flow_totals.h"

namespace staccato::client {

class FlowRunModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    kTemplate, kAttempted, kEstablished, kCompleted, kRefused, kReset, kTimedOut, kInvalid, kTester, kRetransmissions,
    kOpen, kConnectionsPerSecond, kTransactionsPerSecond, kUp, kDown, kConnectP50, kConnectP99, kFirstByteP50,
    kFirstByteP99, kLastByteP50, kLastByteP99, kColumnCount
  };

  explicit FlowRunModel(QObject* parent = nullptr);

  /// Forgets every reading (a new run).
  void clear();
  /// A new reading of the client side: the last one becomes the previous.
  void setClient(const v1::PortFlows& now);
  void setServer(const v1::PortFlows& now);
  bool hasClient() const { return haveClient_; }
  const v1::PortFlows& client() const { return client_; }
  const v1::PortFlows& previousClient() const { return previous_; }
  const v1::PortFlows& server() const { return server_; }
  /// Seconds the rates are over: between the last two readings while running, else the run's.
  double rateSeconds() const;
  /// "4 servers on demo1: 1200 accepted, 1200 transactions answered, 0 failed".
  QString serverText() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  /// Template `row`'s index in the reading, or -1 for the "all" row.
  int templateOf(int row) const;
  QVariant cell(int templateIndex, int column) const;

  v1::PortFlows client_, previous_, server_;
  bool haveClient_ = false, havePrevious_ = false, haveServer_ = false;
};

}  // namespace staccato::client
