#include "client/models/editor/decode_model.h"

#include <QPoint>

#include "client/models/editor/qt_text.h"

#include "common/packet/builder.h"
#include "common/packet/field_text.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"

namespace staccato::client {
namespace {

constexpr int kMaxHexInText = 32;

/// The value as the field's format writes it, with the enum name or number alongside.
QString valueText(const FieldSpec& f, const FieldValue& v) {
  QString text = QString::fromStdString(formatFieldValue(f, v));
  for (const EnumName& e : fieldNames(f)) {
    if (e.value != v.num) continue;
    return f.format == FieldFormat::kEnum ? QStringLiteral("%1 (%2)").arg(text).arg(v.num)
                                          : QStringLiteral("%1 (%2)").arg(text, toQString(e.name));
  }
  return text;
}

QString hexPreview(const QByteArray& bytes) {
  QString hex = QString::fromLatin1(bytes.left(kMaxHexInText).toHex());
  return bytes.size() > kMaxHexInText ? hex + QStringLiteral("…") : hex;
}

}  // namespace

DecodeModel::DecodeModel(QObject* parent) : QAbstractItemModel(parent) {}

void DecodeModel::setFrame(const QByteArray& bytes) {
  beginResetModel();
  frame_ = bytes;
  decode();
  endResetModel();
}

int DecodeModel::addNode(int parent, Node node) {
  const int id = static_cast<int>(nodes_.size());
  auto& siblings = parent < 0 ? roots_ : nodes_[static_cast<size_t>(parent)].children;
  node.parent = parent;
  node.row = static_cast<int>(siblings.size());
  siblings.push_back(id);
  nodes_.push_back(std::move(node));
  return id;
}

void DecodeModel::decode() {
  nodes_.clear();
  roots_.clear();
  const auto* data = reinterpret_cast<const uint8_t*>(frame_.constData());
  const std::vector<ParsedLayer> layers = parseFrame({data, static_cast<size_t>(frame_.size())});
  int end = 0;
  for (size_t li = 0; li < layers.size(); ++li) {
    const ParsedLayer& layer = layers[li];
    const LayerState& state = layer.state;
    const ProtocolSpec& spec = *state.spec;
    const int offset = static_cast<int>(layer.offset), length = static_cast<int>(layer.length);
    end = std::max(end, offset + length);
    const QString title = QStringLiteral("%1 (%2), %3 bytes").arg(toQString(spec.displayName), toQString(spec.name));
    const int node = addNode(-1, {.text = title.arg(length),
                                  .tooltip = toQString(spec.summary),
                                  .layer = static_cast<int>(li),
                                  .bytes = {offset, length}});
    const std::vector<ByteSpan> spans = fieldByteSpans(state, offset);
    for (size_t fi = 0; fi < spec.fields.size(); ++fi) {
      if (spans[fi].offset < 0) continue;
      const FieldSpec& f = spec.fields[fi];
      addNode(node, {.text = toQString(f.label) + QStringLiteral(": ") + valueText(f, state.values[fi]),
                     .tooltip = toQString(f.name),
                     .fieldName = toQString(f.name),
                     .layer = static_cast<int>(li),
                     .bytes = spans[fi]});
    }
    // Options and other bytes after the fixed fields: one node, decoded values in its tooltip.
    const int fixedBytes = static_cast<int>(fixedHeaderBits(state) / 8);
    if (length > fixedBytes) {
      const QByteArray tail = frame_.mid(offset + fixedBytes, length - fixedBytes);
      QStringList decoded;
      for (size_t fi = 0; fi < spec.fields.size(); ++fi)
        if (spans[fi].offset < 0 && state.overridden[fi])
          decoded << toQString(spec.fields[fi].label) + QStringLiteral(": ") + valueText(spec.fields[fi], state.values[fi]);
      const QString name = spec.role == LayerRole::kHeader ? QStringLiteral("Options") : QStringLiteral("Data");
      addNode(node, {.text = QStringLiteral("%1 (%2 bytes): %3").arg(name).arg(tail.size()).arg(hexPreview(tail)),
                     .tooltip = decoded.join(QLatin1Char('\n')),
                     .layer = static_cast<int>(li),
                     .bytes = {offset + fixedBytes, length - fixedBytes}});
    }
  }
  if (end < frame_.size())
    addNode(-1, {.text = QStringLiteral("Padding (%1 bytes)").arg(frame_.size() - end),
                 .tooltip = QStringLiteral("Ethernet padding up to the frame length"),
                 .bytes = {end, static_cast<int>(frame_.size()) - end}});
}

QModelIndex DecodeModel::indexForByte(int offset) const {
  QModelIndex found;
  const std::vector<int>* level = &roots_;
  for (bool descended = true; descended;) {
    descended = false;
    for (int id : *level) {
      const Node& n = nodes_[static_cast<size_t>(id)];
      if (!n.bytes.contains(offset)) continue;
      found = createIndex(n.row, 0, static_cast<quintptr>(id));
      level = &n.children;
      descended = true;
      break;
    }
  }
  return found;
}

const std::vector<int>& DecodeModel::childrenOf(const QModelIndex& parent) const {
  return parent.isValid() ? nodes_[parent.internalId()].children : roots_;
}

QModelIndex DecodeModel::index(int row, int column, const QModelIndex& parent) const {
  if (column != 0 || row < 0 || (parent.isValid() && parent.column() != 0)) return {};
  const auto& children = childrenOf(parent);
  if (row >= static_cast<int>(children.size())) return {};
  return createIndex(row, 0, static_cast<quintptr>(children[static_cast<size_t>(row)]));
}

QModelIndex DecodeModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  const int p = nodes_[child.internalId()].parent;
  if (p < 0) return {};
  return createIndex(nodes_[static_cast<size_t>(p)].row, 0, static_cast<quintptr>(p));
}

int DecodeModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return 0;
  return static_cast<int>(childrenOf(parent).size());
}

int DecodeModel::columnCount(const QModelIndex&) const { return 1; }

QVariant DecodeModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const Node& n = nodes_[index.internalId()];
  switch (role) {
    case Qt::DisplayRole: return n.text;
    case Qt::ToolTipRole: return n.tooltip.isEmpty() ? QVariant() : QVariant(n.tooltip);
    case kByteRangeRole: return QPoint(n.bytes.offset, n.bytes.length);
    case kFieldNameRole: return n.fieldName;
    case kLayerIndexRole: return n.layer;
    default: return {};
  }
}

QVariant DecodeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (section == 0 && orientation == Qt::Horizontal && role == Qt::DisplayRole) return QStringLiteral("Packet");
  return {};
}

}  // namespace staccato::client
