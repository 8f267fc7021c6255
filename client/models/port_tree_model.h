#pragma once
/// PortTreeModel: drones (top level) and their ports. Fed by the lead's glue code from
/// DroneSession state; updates are minimal (rows move only when the set of ports changes) so
/// views keep their selection and expansion.
#include <QAbstractItemModel>
#include <QIcon>

#include <array>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "staccato/v1/drone.pb.h"

namespace staccato::client {

class PortTreeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { kName, kLink, kTransmit, kBackend, kReservedBy, kColumnCount };
  enum Role {
    kDroneKeyRole = Qt::UserRole + 1,  ///< QString, on drone and port rows
    kPortNameRole,                     ///< QString, empty on drone rows
    kIsPortRole,                       ///< bool
  };

  explicit PortTreeModel(QObject* parent = nullptr);
  ~PortTreeModel() override;

  /// Adds a drone (shown by its key until setDroneInfo); returns its row (the existing one if
  /// the key is known).
  int addDrone(const QString& key);
  void removeDrone(const QString& key);
  /// `stateText` ("connected", "reconnecting…") is shown; `stateDetail` is its tooltip.
  void setDroneInfo(const QString& key, const QString& name, const QString& stateText, const QString& stateDetail,
                    bool connected);
  /// Replaces the drone's ports: rows are inserted/removed only for port names that come or
  /// go, the rest is dataChanged.
  void setPorts(const QString& key, const std::vector<v1::Port>& ports);
  /// Marks a port as having unapplied stream changes ("•" after its name); kept across
  /// setPorts.
  void setPortDirty(const QString& key, const std::string& port, bool dirty);

  /// The port of a port row, else nullptr.
  const v1::Port* port(const QModelIndex& index) const;
  QModelIndex droneIndex(const QString& key) const;
  QModelIndex portIndex(const QString& key, const std::string& port) const;

  // QAbstractItemModel
  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;

 private:
  struct Drone {
    QString key, name, stateText, stateDetail;
    bool connected = false;
    std::vector<v1::Port> ports;
    std::set<std::string> dirtyPorts;
  };
  enum class Light { kUp, kDown, kError, kCount };

  int droneRow(const QString& key) const;
  int droneRow(const Drone* drone) const;
  static int portRow(const Drone& drone, const std::string& port);
  QVariant droneData(const Drone& drone, int column, int role) const;
  QVariant portData(const Drone& drone, const v1::Port& port, int column, int role) const;
  const QIcon& icon(Light light) const;
  /// Emits dataChanged over all columns of rows [first, last] under `parent`.
  void rowsChanged(const QModelIndex& parent, int first, int last);

  // Owned by pointer: port indexes keep their Drone* while drones come and go.
  std::vector<std::unique_ptr<Drone>> drones_;
  mutable std::array<QIcon, size_t(Light::kCount)> icons_;
};

}  // namespace staccato::client
