#pragma once
/// Y1564ServicesModel: the services of a Y.1564 config as a table edited in place, one row per
/// service (at most 16): name, frame size, VLAN, PCP, DSCP, CIR, EIR, CBS, EBS, colour mode and
/// the acceptance criteria (FTD, FDV, FLR %, AVAIL %). A cell takes any value of its type; a
/// text that is not one is refused naming the field, and Y1564Config::check() judges the rest
/// before a run, its error pointing back at a cell (fieldIndex).
#include <QAbstractTableModel>

#include <string>
#include <vector>

#include "client/core/benchmark/y1564_config.h"

namespace staccato::client {

class Y1564ServicesModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kName, kFrameSize, kVlan, kPcp, kDscp, kCir, kEir, kCbs, kEbs, kColour, kFtd, kFdv, kFlr, kAvail, kColumnCount };

  explicit Y1564ServicesModel(QObject* parent = nullptr);

  void setServices(std::vector<bench::Y1564Service> services);
  const std::vector<bench::Y1564Service>& services() const { return services_; }
  /// Appends a service named "service N" at 10 Mbit/s; false when there are 16 already.
  bool addService();
  bool canAdd() const { return services_.size() < bench::kMaxY1564Services; }
  /// The cell a config error's path names ("services[1].sac.flr", "services[0]"), if any.
  QModelIndex fieldIndex(const std::string& path) const;
  /// "services[ROW].FIELD": the config file's name of a cell, as errors name it.
  static std::string fieldPath(int row, int column);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

 signals:
  /// An edit was refused: `why` names the field and what it takes.
  void refused(const QString& why);

 private:
  QString text(const bench::Y1564Service& s, int column) const;
  /// Sets the cell from `text`; "" when done, else what the field takes.
  QString parse(bench::Y1564Service& s, int column, const QString& text) const;

  std::vector<bench::Y1564Service> services_;
};

}  // namespace staccato::client
