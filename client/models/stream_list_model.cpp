#include "client/models/stream_list_model.h"

#include <QColor>

#include <utility>

#include "client/models/stream_mime.h"
#include "client/models/stream_summary.h"
#include "common/stream/rate.h"

namespace staccato::client {

StreamListModel::StreamListModel(QObject* parent) : QAbstractTableModel(parent), undoStack_(new QUndoStack(this)) {
  connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit dirtyChanged(!clean); });
}

StreamListModel::~StreamListModel() {
  // The stack clears itself (emitting cleanChanged) when deleted as our child.
  QObject::disconnect(undoStack_, nullptr, this, nullptr);
}

void StreamListModel::resetFromDrone(std::vector<v1::Stream> streams) {
  refusedRow_ = -1;
  beginResetModel();
  streams_ = std::move(streams);
  rowText_.assign(streams_.size(), {});
  endResetModel();
  undoStack_->clear();
}

void StreamListModel::markApplied() {
  clearRefusedRow();
  undoStack_->setClean();
}

void StreamListModel::setRefusedRow(int row, const QString& message) {
  clearRefusedRow();
  if (row < 0 || row >= rowCount()) return;
  refusedRow_ = row;
  refusedMessage_ = message;
  emit dataChanged(index(row, 0), index(row, kColumnCount - 1));
}

void StreamListModel::clearRefusedRow() {
  const int row = std::exchange(refusedRow_, -1);
  if (row >= 0 && row < rowCount()) emit dataChanged(index(row, 0), index(row, kColumnCount - 1));
}

bool StreamListModel::isDirty() const { return !undoStack_->isClean(); }

int StreamListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(streams_.size());
}

int StreamListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

const StreamListModel::RowText& StreamListModel::rowText(int row) const {
  RowText& t = rowText_[size_t(row)];
  if (!t.valid) {
    const v1::Stream& s = streams_[size_t(row)];
    t = {protocolsText(s), frameLengthText(s.frame_length()), rateText(s.rate()), controlText(s.control()), true};
  }
  return t;
}

QVariant StreamListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const v1::Stream& s = streams_[size_t(index.row())];
  if (role == Qt::UserRole) return s.id();
  if (index.row() == refusedRow_) {
    if (role == Qt::BackgroundRole) return QColor(255, 222, 222);
    if (role == Qt::ToolTipRole) return refusedMessage_;
  }
  if (role == Qt::ForegroundRole) return streamEnabled(s) ? QVariant() : QVariant(QColor(Qt::gray));
  switch (index.column()) {
    case kEnabled:
      if (role == Qt::CheckStateRole) return streamEnabled(s) ? Qt::Checked : Qt::Unchecked;
      if (role == Qt::ToolTipRole) return streamEnabled(s) ? tr("enabled: sent when the port starts") : tr("disabled");
      return {};
    case kName:
      if (role == Qt::DisplayRole || role == Qt::EditRole) return QString::fromStdString(s.name());
      if (role == Qt::ToolTipRole) return tr("stream id %1").arg(s.id());
      return {};
    case kProtocols:
      if (role == Qt::DisplayRole) return rowText(index.row()).protocols;
      if (role == Qt::ToolTipRole) return protocolsToolTip(s);
      return {};
    case kFrameLength:
      if (role == Qt::DisplayRole) return rowText(index.row()).frameLength;
      if (role == Qt::ToolTipRole) return frameLengthToolTip(s.frame_length());
      return {};
    case kRate:
      if (role == Qt::DisplayRole) return rowText(index.row()).rate;
      if (role == Qt::ToolTipRole) return rateToolTip(s.rate());
      return {};
    case kControl:
      if (role == Qt::DisplayRole) return rowText(index.row()).control;
      if (role == Qt::ToolTipRole) return controlToolTip(s.control());
      return {};
    default: return {};
  }
}

QVariant StreamListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= kColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char* const kTitles[kColumnCount] = {"", "Name", "Protocols", "Frame length", "Rate", "Control"};
  if (role == Qt::DisplayRole) return QString::fromLatin1(kTitles[section]);
  if (role == Qt::ToolTipRole && section == kEnabled) return tr("Enabled");
  if (role == Qt::ToolTipRole && section == kFrameLength) return tr("FCS included");
  return {};
}

Qt::ItemFlags StreamListModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::ItemIsDropEnabled;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled | Qt::ItemIsDropEnabled;
  if (index.column() == kEnabled) f |= Qt::ItemIsUserCheckable;
  if (index.column() == kName) f |= Qt::ItemIsEditable;
  return f;
}

bool StreamListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  // Invalid values come from views "clearing" cells after a move drag; they are not edits.
  if (!value.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return false;
  if (index.column() == kEnabled && role == Qt::CheckStateRole) {
    setEnabled({index.row()}, value.toInt() == Qt::Checked);
    return true;
  }
  if (index.column() == kName && role == Qt::EditRole) {
    renameStream(index.row(), value.toString());
    return true;
  }
  return false;
}

QStringList StreamListModel::mimeTypes() const {
  return {QString::fromLatin1(kStreamsMimeType), QStringLiteral("text/plain")};
}

QMimeData* StreamListModel::mimeData(const QModelIndexList& indexes) const {
  QList<int> rows;
  rows.reserve(indexes.size());
  for (const QModelIndex& i : indexes)
    if (i.isValid()) rows << i.row();
  if (rows.isEmpty()) return nullptr;
  return mimeDataForRows(std::move(rows));
}

bool StreamListModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                      const QModelIndex&) const {
  return (action == Qt::CopyAction || action == Qt::MoveAction) && mayHoldStreams(data);
}

bool StreamListModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                                   const QModelIndex& parent) {
  if (action == Qt::IgnoreAction) return true;
  if (!canDropMimeData(data, action, row, column, parent)) return false;
  const int dest = row >= 0 ? row : (parent.isValid() ? parent.row() : rowCount());
  const auto* own = qobject_cast<const StreamsMimeData*>(data);
  if (action == Qt::MoveAction && own && own->source.data() == this) {
    moveStreams(own->rows, dest);
    return true;
  }
  auto streams = streamsFromMime(data);
  if (!streams) return false;
  insertDropped(dest, std::move(*streams));
  return true;
}

Qt::DropActions StreamListModel::supportedDropActions() const { return Qt::CopyAction | Qt::MoveAction; }

}  // namespace staccato::client
