#pragma once
/// The emulated hosts of a port (device groups) as an editable table: one row per group (name,
/// count, first MAC and step, VLAN ids, IPv4 and IPv6 address/prefix with gateway and step,
/// announce). Part of the port configuration dialog. The drone checks the values again
/// when the configuration is applied (its errors name the field).
#include <QWidget>

#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

class QTableWidget;

namespace staccato::client {

using DeviceGroups = google::protobuf::RepeatedPtrField<v1::DeviceGroup>;

class DeviceGroupsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit DeviceGroupsEditor(const DeviceGroups& groups, QWidget* parent = nullptr);
  /// The groups as typed (VLAN priorities and tag types kept from the groups it was given);
  /// an error names the row and column ("group 2, IPv4: ...").
  Result<DeviceGroups> groups() const;
  QTableWidget* table() const { return table_; }

 private:
  void addRow(const v1::DeviceGroup& g, int from);
  DeviceGroups original_;
  QTableWidget* table_;
};

}  // namespace staccato::client
