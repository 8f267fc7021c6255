#include "client/models/y1564_services_model.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

/// Each column's member in the config file, as Y1564Config::check() names it.
const char* const kFields[] = {"name",     "frame_size", "vlan",   "pcp",        "dscp",       "cir_mbps", "eir_mbps",
                               "cbs_bytes", "ebs_bytes", "colour", "sac.ftd_ms", "sac.fdv_ms", "sac.flr",  "sac.avail"};
const char* const kHeaders[] = {"Name",    "Frame\nB", "VLAN",   "PCP",       "DSCP",      "CIR\nMbit/s", "EIR\nMbit/s",
                                "CBS\nB", "EBS\nB",   "Colour", "FTD\nms", "FDV\nms", "FLR\n%",      "AVAIL\n%"};
const char* const kHeaderTips[] = {
    "A name of 1..32 characters, unique",
    "Frame length in bytes, FCS included: 64..16384, imix, or imix:64x7,594x4,1518x1",
    "802.1Q VLAN id 1..4094; 0: untagged",
    "Priority of tagged frames, 0..7",
    "DSCP, 0..63",
    "Committed information rate, Mbit/s of frames (FCS included)",
    "Excess information rate, Mbit/s; 0: none",
    "Committed burst size in bytes; 0: no CBS test",
    "Excess burst size in bytes; 0: no EBS test",
    "blind (the device tells colours by rate), or aware: MARK, how frames above CIR are marked (dei, pcp N or dscp N)",
    "Frame transfer delay allowed, the average (ms); 0: not judged",
    "Frame delay variation allowed (ms); 0: not judged",
    "Frame loss ratio allowed, in percent (0.01 for 1 in 10,000)",
    "Availability the performance test needs, in percent of its seconds"};
static_assert(std::size(kFields) == Y1564ServicesModel::kColumnCount && std::size(kHeaders) == std::size(kFields) &&
              std::size(kHeaderTips) == std::size(kFields));

QString number(double v) { return QString::number(v, 'g', 12); }

}  // namespace

Y1564ServicesModel::Y1564ServicesModel(QObject* parent) : QAbstractTableModel(parent) {}

void Y1564ServicesModel::setServices(std::vector<bench::Y1564Service> services) {
  beginResetModel();
  services_ = std::move(services);
  endResetModel();
}

bool Y1564ServicesModel::addService() {
  if (!canAdd()) return false;
  bench::Y1564Service s;
  for (size_t n = services_.size() + 1; s.name.empty(); ++n) {
    const std::string name = "service " + std::to_string(n);
    bool taken = false;
    for (const auto& other : services_) taken |= other.name == name;
    if (!taken) s.name = name;
  }
  s.cirMbps = 10;
  const int row = rowCount();
  beginInsertRows({}, row, row);
  services_.push_back(std::move(s));
  endInsertRows();
  return true;
}

bool Y1564ServicesModel::removeRows(int row, int count, const QModelIndex& parent) {
  if (parent.isValid() || row < 0 || count <= 0 || row + count > rowCount()) return false;
  beginRemoveRows({}, row, row + count - 1);
  services_.erase(services_.begin() + row, services_.begin() + row + count);
  endRemoveRows();
  return true;
}

std::string Y1564ServicesModel::fieldPath(int row, int column) {
  return "services[" + std::to_string(row) + "]." + kFields[column];
}

QModelIndex Y1564ServicesModel::fieldIndex(const std::string& path) const {
  static const QRegularExpression re(R"(^services\[(\d+)\](?:\.(.+))?$)");
  const auto m = re.match(qs(path));
  if (!m.hasMatch()) return {};
  const int row = m.captured(1).toInt();
  const QString field = m.captured(2) == "yellow_mark" ? QString("colour") : m.captured(2);
  int column = kName;  // the service as a whole (a name twice): its name
  for (int c = 0; c < kColumnCount; ++c)
    if (field == kFields[c]) column = c;
  return index(row, column);
}

int Y1564ServicesModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(services_.size()); }

int Y1564ServicesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

Qt::ItemFlags Y1564ServicesModel::flags(const QModelIndex& index) const {
  return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable : Qt::NoItemFlags;
}

QVariant Y1564ServicesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= kColumnCount) return {};
  if (role == Qt::DisplayRole) return tr(kHeaders[section]);
  if (role == Qt::ToolTipRole) return tr(kHeaderTips[section]);
  return {};
}

QString Y1564ServicesModel::text(const bench::Y1564Service& s, int column) const {
  switch (Column(column)) {
    case kName: return qs(s.name);
    case kFrameSize: return qs(s.frameSize.label());
    case kVlan: return QString::number(s.vlan);
    case kPcp: return QString::number(s.pcp);
    case kDscp: return QString::number(s.dscp);
    case kCir: return number(s.cirMbps);
    case kEir: return number(s.eirMbps);
    case kCbs: return QString::number(s.cbsBytes);
    case kEbs: return QString::number(s.ebsBytes);
    case kColour: return s.colour == bench::ColourMode::kBlind ? QString("blind") : "aware: " + qs(s.yellowMark);
    case kFtd: return number(s.sac.maxFtdMs);
    case kFdv: return number(s.sac.maxFdvMs);
    case kFlr: return number(s.sac.maxFlr * 100);
    case kAvail: return number(s.sac.minAvail * 100);
    case kColumnCount: break;
  }
  return {};
}

QVariant Y1564ServicesModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= kColumnCount) return {};
  if (role == Qt::DisplayRole || role == Qt::EditRole) return text(services_[size_t(index.row())], index.column());
  if (role == Qt::TextAlignmentRole && index.column() != kName && index.column() != kColour)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QString Y1564ServicesModel::parse(bench::Y1564Service& s, int column, const QString& text) const {
  const QString t = text.trimmed();
  bool ok = false;
  auto real = [&](double& out, double scale = 1) {
    const double v = t.toDouble(&ok);
    if (ok && std::isfinite(v)) out = v * scale;
    return ok && std::isfinite(v) ? QString() : tr("not a number");
  };
  auto whole = [&]<typename T>(T& out) {
    const qulonglong v = t.toULongLong(&ok);
    if (ok && v <= std::numeric_limits<T>::max()) out = T(v);
    return ok && v <= std::numeric_limits<T>::max() ? QString() : tr("not a whole number (0 or more)");
  };
  switch (Column(column)) {
    case kName: s.name = t.toStdString(); return {};
    case kFrameSize: {
      auto size = bench::parseFrameSize(t.toStdString());
      if (!size) return qs(size.error().message);
      s.frameSize = *size;
      return {};
    }
    case kVlan: return whole(s.vlan);
    case kPcp: return whole(s.pcp);
    case kDscp: return whole(s.dscp);
    case kCir: return real(s.cirMbps);
    case kEir: return real(s.eirMbps);
    case kCbs: return whole(s.cbsBytes);
    case kEbs: return whole(s.ebsBytes);
    case kColour: {
      const QString lower = t.toLower();
      if (lower == "blind") {
        s.colour = bench::ColourMode::kBlind;
        s.yellowMark.clear();
        return {};
      }
      if (!lower.startsWith("aware")) return tr("neither blind nor aware: MARK (dei, pcp N or dscp N)");
      s.colour = bench::ColourMode::kAware;
      s.yellowMark = lower.mid(5).remove(':').trimmed().toStdString();
      return {};
    }
    case kFtd: return real(s.sac.maxFtdMs);
    case kFdv: return real(s.sac.maxFdvMs);
    case kFlr: return real(s.sac.maxFlr, 0.01);
    case kAvail: return real(s.sac.minAvail, 0.01);
    case kColumnCount: break;
  }
  return tr("no such field");
}

bool Y1564ServicesModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount() || index.column() >= kColumnCount) return false;
  bench::Y1564Service edited = services_[size_t(index.row())];
  if (const QString why = parse(edited, index.column(), value.toString()); !why.isEmpty()) {
    emit refused(tr("%1: \"%2\": %3").arg(qs(fieldPath(index.row(), index.column())), value.toString(), why));
    return false;
  }
  services_[size_t(index.row())] = std::move(edited);
  emit dataChanged(index, index);
  return true;
}

}  // namespace staccato::client
