#include "client/models/capture_packet_model.h"

#include <QStringList>

#include "client/models/qs.h"
#include "common/packet/field_text.h"
#include "common/packet/parser.h"

namespace staccato::client {
namespace {

/// The value of the layer's field as its format writes it ("" when the layer has no such field).
QString fieldText(const LayerState& layer, std::string_view name) {
  for (size_t i = 0; i < layer.spec->fields.size(); ++i)
    if (layer.spec->fields[i].name == name) return QString::fromStdString(formatFieldValue(layer.spec->fields[i], layer.values[i]));
  return {};
}

QString directionText(PacketDirection d) {
  switch (d) {
    case PacketDirection::kInbound: return QStringLiteral("in");
    case PacketDirection::kOutbound: return QStringLiteral("out");
    default: return {};
  }
}

}  // namespace

CapturePacketModel::CapturePacketModel(QObject* parent) : QAbstractTableModel(parent) {}

void CapturePacketModel::setPackets(std::vector<PcapPacket> packets) {
  beginResetModel();
  packets_ = std::move(packets);
  decoded_.assign(packets_.size(), std::nullopt);
  endResetModel();
}

QByteArray CapturePacketModel::frame(int row) const {
  if (row < 0 || row >= rowCount()) return {};
  const auto& d = packets_[static_cast<size_t>(row)].data;
  return QByteArray(reinterpret_cast<const char*>(d.data()), static_cast<qsizetype>(d.size()));
}

int CapturePacketModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(packets_.size());
}

int CapturePacketModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

const CapturePacketModel::Decoded& CapturePacketModel::decoded(int row) const {
  std::optional<Decoded>& d = decoded_[static_cast<size_t>(row)];
  if (d) return *d;
  d.emplace();
  const auto& bytes = packets_[static_cast<size_t>(row)].data;
  const std::vector<ParsedLayer> layers = parseFrame(bytes);
  QStringList names;
  bool addressed = false;
  for (const ParsedLayer& l : layers) {
    names << qs(l.state.spec->shortLabel());
    const std::string_view name = l.state.spec->name;
    if (!addressed && (name == "ip" || name == "ipv6" || name == "eth")) {
      const QString prefix = qs(name) + QLatin1Char('.');
      d->source = fieldText(l.state, (prefix + QStringLiteral("src")).toStdString());
      d->destination = fieldText(l.state, (prefix + QStringLiteral("dst")).toStdString());
      addressed = name != "eth";  // an IP layer's addresses win over Ethernet's
    }
  }
  d->protocols = names.join(QLatin1Char('/'));
  return *d;
}

QVariant CapturePacketModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const PcapPacket& p = packets_[static_cast<size_t>(index.row())];
  if (role == Qt::TextAlignmentRole && (index.column() == kNumber || index.column() == kTime || index.column() == kLength))
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && index.column() == kLength && p.originalLength != p.data.size())
    return tr("%1 bytes on the wire, %2 captured").arg(p.originalLength).arg(p.data.size());
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case kNumber: return index.row() + 1;
    case kTime: {
      const double seconds = double(p.timestampNs - packets_.front().timestampNs) / 1e9;
      return QString::number(seconds, 'f', 9);
    }
    case kDirection: return directionText(p.direction);
    case kLength: return p.originalLength;
    case kSource: return decoded(index.row()).source;
    case kDestination: return decoded(index.row()).destination;
    case kProtocols: return decoded(index.row()).protocols;
    case kComment: return QString::fromStdString(p.comment);
    default: return {};
  }
}

QVariant CapturePacketModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const kNames[kColumnCount] = {"No.", "Time (s)", "Dir", "Length", "Source", "Destination", "Protocols",
                                                   "Comment"};
  return section >= 0 && section < kColumnCount ? tr(kNames[section]) : QVariant();
}

}  // namespace staccato::client
