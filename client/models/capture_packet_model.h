#pragma once
/// The packets of a capture as a table: number, time since the first, direction, length,
/// source and destination (IP, else MAC), the protocol stack (decoded by the registry's parser,
/// row by row as they are shown) and the packet's comment.
#include <QAbstractTableModel>
#include <QByteArray>

#include <optional>
#include <vector>

#include "common/files/pcap_file.h"

namespace staccato::client {

class CapturePacketModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kNumber, kTime, kDirection, kLength, kSource, kDestination, kProtocols, kComment, kColumnCount };

  explicit CapturePacketModel(QObject* parent = nullptr);

  void setPackets(std::vector<PcapPacket> packets);
  /// The captured bytes of a row (empty for an invalid row).
  QByteArray frame(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  struct Decoded {
    QString source, destination, protocols;
  };
  const Decoded& decoded(int row) const;

  std::vector<PcapPacket> packets_;
  mutable std::vector<std::optional<Decoded>> decoded_;  ///< filled as rows are shown
};

}  // namespace staccato::client
