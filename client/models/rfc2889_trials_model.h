#pragma once
/// Rfc2889TrialsModel: the RFC 2889 page's results table, a row per trial of the run so far. The
/// address tests' rows: addresses, the learning rate asked and as sent, the learning and test
/// frames sent, the test frames forwarded to the learning port and flooded to the monitor. The
/// traffic tests' (meshed, broadcast): the load, the frames offered a second a port, sent,
/// received, lost and received elsewhere, and the forwarding rate. Each ends with its verdict,
/// coloured, the reason as its tooltip. Rows are only appended while a run goes on, so views
/// keep their selection.
#include <QAbstractTableModel>

#include <vector>

#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::client {

class Rfc2889TrialsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum AddressColumn { kAddresses, kAskedRate, kSentRate, kLearningSent, kTestSent, kForwarded, kFlooded, kAddressVerdict };
  enum TrafficColumn { kLoad, kOffered, kSent, kReceived, kLost, kElsewhere, kForwardedFps, kTrafficVerdict };

  explicit Rfc2889TrialsModel(QObject* parent = nullptr);

  /// Shows an address test's trials (a run so far, or a finished one): new rows are appended
  /// when the table showed this kind of trial and fewer of them; otherwise it is replaced.
  void setAddressTrials(const std::vector<bench::AddressTrial>& trials);
  /// Shows a meshed or broadcast test's trials, likewise.
  void setTrafficTrials(const std::vector<bench::TrafficTrial>& trials);
  bool showsAddressTrials() const { return address_; }
  int verdictColumn() const { return address_ ? int(kAddressVerdict) : int(kTrafficVerdict); }
  /// The traffic trial of `row`; null for an address test's row or no row.
  const bench::TrafficTrial* trafficTrial(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  /// Appends rows [rowCount(), `rows`) or, unless `appends`, resets the table around `assign`.
  template <class Assign>
  void show(bool appends, int rows, Assign assign);
  QVariant addressData(const bench::AddressTrial& t, int column) const;
  QVariant trafficData(const bench::TrafficTrial& t, int column) const;
  QVariant verdictData(const QString& verdict, const QString& reason, int role) const;

  bool address_ = true;
  std::vector<bench::AddressTrial> addressTrials_;
  std::vector<bench::TrafficTrial> trafficTrials_;
};

}  // namespace staccato::client
