#include "client/models/editor/layer_fields_model.h"

#include <QColor>
#include <QFont>
#include <QPoint>
#include <QRegularExpression>
#include <QStringList>

#include "client/models/editor/qt_text.h"
#include "client/models/editor/stream_preview.h"
#include "common/packet/builder.h"
#include "common/packet/field_text.h"
#include "common/packet/link_placeholder.h"
#include "common/packet/registry.h"

namespace staccato::client {
namespace {

// Layer rows have internal id 0; field rows carry their layer index + 1.
constexpr quintptr kLayerId = 0;

const QColor kAutoColor(0x80, 0x80, 0x80);
const QColor kErrorBackground(0xff, 0xd6, 0xd6);

/// A text field's line breaks shown as ⏎, so that its row stays one line high.
QString onOneLine(const FieldSpec& f, QString value) {
  return f.format == FieldFormat::kText ? value.replace(QLatin1Char('\n'), QStringLiteral("⏎")) : value;
}

QStringList enumNames(const FieldSpec& f) {
  QStringList out;
  // The drone's words for the outer Ethernet addresses, offered beside any MAC typed.
  if (const std::string_view word = linkPlaceholderOf(f.name); word == kDeviceMacWord)
    out << QStringLiteral("device (the MAC of the emulated host that owns the IP source, filled by the drone)");
  else if (word == kResolveMacWord)
    out << QStringLiteral("resolve (the MAC of the next hop: the gateway or the on-link destination, resolved by the drone)");
  for (const EnumName& e : fieldNames(f)) {
    const QString value = f.format == FieldFormat::kHex
                              ? QStringLiteral("0x%1").arg(e.value, (f.bits + 3) / 4, 16, QLatin1Char('0'))
                              : QString::number(e.value);
    out << QStringLiteral("%1 (%2)").arg(toQString(e.name), value);
  }
  return out;
}

QString tooltip(const FieldSpec& f) {
  QString tip = toQString(f.name) + QStringLiteral(" — ") + toQString(f.label);
  if (!f.help.empty()) tip += QLatin1Char('\n') + toQString(f.help);
  tip += QStringLiteral("\nAllowed: ") + QString::fromStdString(allowedRange(f));
  return tip;
}

}  // namespace

LayerFieldsModel::LayerFieldsModel(QObject* parent) : QAbstractItemModel(parent) {}

void LayerFieldsModel::setStream(const v1::Stream& stream) {
  bool sameLayers = stream.layers_size() == stream_.layers_size();
  for (int i = 0; sameLayers && i < stream.layers_size(); ++i)
    sameLayers = stream.layers(i).protocol() == stream_.layers(i).protocol();
  if (!sameLayers) {
    beginResetModel();
    stream_ = stream;
    rebuildRows();
    refreshPreview();
    errorIndex_ = QPersistentModelIndex();
    endResetModel();
    return;
  }
  stream_ = stream;
  for (int i = 0; i < static_cast<int>(layers_.size()); ++i) syncRows(i);
  refreshPreview();
  emitValuesChanged();
}

QModelIndex LayerFieldsModel::indexForPath(const QString& errorPath) const {
  static const QRegularExpression kLayerPath(QStringLiteral(R"(layers\[(\d+)\](?:\.(.+))?)"));
  const auto match = kLayerPath.match(errorPath);
  if (!match.hasMatch()) return {};
  const int layer = match.captured(1).toInt();
  if (layer < 0 || layer >= static_cast<int>(layers_.size())) return {};
  const QModelIndex layerIndex = index(layer, 0);
  const LayerRows& rows = layers_[static_cast<size_t>(layer)];
  const QString rest = match.captured(2);
  for (size_t r = 0; rows.spec && r < rows.fields.size(); ++r)
    if (toQString(rows.spec->fields[static_cast<size_t>(rows.fields[r])].name) == rest)
      return index(static_cast<int>(r), 0, layerIndex);
  return layerIndex;
}

void LayerFieldsModel::setErrorPath(const QString& errorPath) {
  const QModelIndex old = errorIndex_;
  const QModelIndex now = errorPath.isEmpty() ? QModelIndex() : indexForPath(errorPath);
  if (old == now) return;
  errorIndex_ = now;
  for (const QModelIndex& i : {old, now})
    if (i.isValid()) Q_EMIT dataChanged(i.siblingAtColumn(0), i.siblingAtColumn(kColumnCount - 1), {Qt::BackgroundRole});
}

QByteArray LayerFieldsModel::previewFrame() const {
  return QByteArray(reinterpret_cast<const char*>(frame_.data()), static_cast<qsizetype>(frame_.size()));
}

QModelIndex LayerFieldsModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= kColumnCount) return {};
  if (!parent.isValid())
    return row < static_cast<int>(layers_.size()) ? createIndex(row, column, kLayerId) : QModelIndex();
  if (isField(parent) || parent.column() != 0) return {};
  const auto& rows = layers_[static_cast<size_t>(parent.row())].fields;
  if (row >= static_cast<int>(rows.size())) return {};
  return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex LayerFieldsModel::parent(const QModelIndex& child) const {
  if (!isField(child)) return {};
  return createIndex(layerOf(child), 0, kLayerId);
}

int LayerFieldsModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(layers_.size());
  if (isField(parent) || parent.column() != 0) return 0;
  return static_cast<int>(layers_[static_cast<size_t>(parent.row())].fields.size());
}

int LayerFieldsModel::columnCount(const QModelIndex&) const { return kColumnCount; }

int LayerFieldsModel::layerOf(const QModelIndex& index) const {
  return isField(index) ? static_cast<int>(index.internalId() - 1) : index.row();
}

const FieldSpec& LayerFieldsModel::fieldAt(const QModelIndex& index) const {
  const LayerRows& rows = layers_[static_cast<size_t>(layerOf(index))];
  return rows.spec->fields[static_cast<size_t>(rows.fields[static_cast<size_t>(index.row())])];
}

const std::string* LayerFieldsModel::overrideText(int layer, const FieldSpec& field) const {
  const auto& fields = stream_.layers(layer).fields();
  auto it = fields.find(std::string(field.name));
  return it == fields.end() ? nullptr : &it->second;
}

QString LayerFieldsModel::fieldPath(int layer, const FieldSpec& field) const {
  return QStringLiteral("layers[%1].%2").arg(layer).arg(toQString(field.name));
}

QString LayerFieldsModel::displayValue(int layer, int field) const {
  const LayerRows& rows = layers_[static_cast<size_t>(layer)];
  const FieldSpec& f = rows.spec->fields[static_cast<size_t>(field)];
  if (const std::string* text = overrideText(layer, f)) return onOneLine(f, QString::fromStdString(*text));
  if (f.optional()) return QStringLiteral("not sent");
  const QString& value = rows.autoText[static_cast<size_t>(field)];
  return (value.isEmpty() ? QStringLiteral("(none)") : onOneLine(f, value)) + QStringLiteral(" (auto)");
}

QVariant LayerFieldsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  if (!isField(index)) return layerData(index.row(), index.column(), role);
  return fieldData(index, role);
}

QVariant LayerFieldsModel::layerData(int layer, int column, int role) const {
  const LayerRows& rows = layers_[static_cast<size_t>(layer)];
  const QString protocol = QString::fromStdString(stream_.layers(layer).protocol());
  switch (role) {
    case Qt::DisplayRole:
      if (column == kFieldColumn) return rows.spec ? toQString(rows.spec->displayName) : protocol;
      if (column == kValueColumn) return rows.spec ? protocol : protocol + QStringLiteral(" (unknown protocol)");
      return {};
    case Qt::ToolTipRole: return rows.spec ? toQString(rows.spec->summary) : QVariant();
    case Qt::FontRole:
      if (column == kFieldColumn) {
        QFont font;
        font.setBold(true);
        return font;
      }
      return {};
    case Qt::ForegroundRole: return column == kValueColumn ? QVariant(kAutoColor) : QVariant();
    case Qt::BackgroundRole:
      return errorIndex_.isValid() && !errorIndex_.parent().isValid() && errorIndex_.row() == layer
                 ? QVariant(kErrorBackground)
                 : QVariant();
    case kLayerIndexRole: return layer;
    default: return {};
  }
}

QVariant LayerFieldsModel::fieldData(const QModelIndex& index, int role) const {
  const int layer = layerOf(index);
  const LayerRows& rows = layers_[static_cast<size_t>(layer)];
  const int field = rows.fields[static_cast<size_t>(index.row())];
  const FieldSpec& f = rows.spec->fields[static_cast<size_t>(field)];
  const std::string* text = overrideText(layer, f);
  switch (role) {
    case Qt::DisplayRole:
      if (index.column() == kFieldColumn) return toQString(f.label);
      if (index.column() == kValueColumn) return displayValue(layer, field);
      return text ? QStringLiteral("override") : QStringLiteral("auto");
    case Qt::EditRole:
      if (index.column() == kFieldColumn) return toQString(f.label);
      if (index.column() == kValueColumn)
        return text ? QString::fromStdString(*text) : f.optional() ? QString() : rows.autoText[static_cast<size_t>(field)];
      return text ? QStringLiteral("override") : QStringLiteral("auto");
    case Qt::ToolTipRole: return tooltip(f);
    case Qt::ForegroundRole: return !text && index.column() != kFieldColumn ? QVariant(kAutoColor) : QVariant();
    case Qt::FontRole:
      if (!text && index.column() == kValueColumn) {
        QFont font;
        font.setItalic(true);
        return font;
      }
      return {};
    case Qt::BackgroundRole:
      return errorIndex_.isValid() && errorIndex_.parent().isValid() && errorIndex_.parent().row() == layer &&
                     errorIndex_.row() == index.row()
                 ? QVariant(kErrorBackground)
                 : QVariant();
    case kFormatRole: return static_cast<int>(f.format);
    case kEnumNamesRole: return enumNames(f);
    case kFieldNameRole: return toQString(f.name);
    case kLayerIndexRole: return layer;
    case kIsOverrideRole: return text != nullptr;
    case kAllowedRangeRole: return QString::fromStdString(allowedRange(f));
    case kByteRangeRole: {
      const ByteSpan span = rows.spans.empty() ? ByteSpan{} : rows.spans[static_cast<size_t>(field)];
      return span.offset < 0 ? QVariant() : QVariant(QPoint(span.offset, span.length));
    }
    default: return {};
  }
}

bool LayerFieldsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !isField(index) || role != Qt::EditRole) return false;
  const int layer = layerOf(index);
  if (index.column() == kValueColumn) return setValueText(layer, fieldAt(index), value.toString());
  if (index.column() == kModeColumn)
    return setMode(layer, layers_[static_cast<size_t>(layer)].fields[static_cast<size_t>(index.row())], value.toString());
  return false;
}

bool LayerFieldsModel::setValueText(int layer, const FieldSpec& field, const QString& text) {
  const std::string* current = overrideText(layer, field);
  // Text goes out exactly as typed (a header block ends with an empty line); the rest is trimmed.
  const QString asTyped = field.format == FieldFormat::kText ? text : text.trimmed();
  if (asTyped.isEmpty()) {
    if (current) setOverride(layer, field, std::nullopt);
    return true;
  }
  auto parsed = parseFieldText(field, asTyped.toStdString());
  if (!parsed) {
    Q_EMIT editRejected(fieldPath(layer, field), QString::fromStdString(parsed.error().message));
    return false;
  }
  // A word the drone fills at start stays as typed (parsing gives it the placeholder 0).
  const std::string typed = asTyped.toStdString();
  const std::string canonical = isLinkPlaceholder(field.name, typed) ? typed : formatFieldValue(field, *parsed);
  if (current && *current == canonical) return true;
  // Typing the value an automatic field already has keeps it automatic.
  const auto& rows = layers_[static_cast<size_t>(layer)];
  const size_t fi = static_cast<size_t>(rows.spec->fieldIndex(field.name));
  if (!current && !field.optional() && QString::fromStdString(canonical) == rows.autoText[fi]) return true;
  setOverride(layer, field, canonical);
  return true;
}

bool LayerFieldsModel::setMode(int layer, int field, const QString& mode) {
  const LayerRows& rows = layers_[static_cast<size_t>(layer)];
  const FieldSpec& f = rows.spec->fields[static_cast<size_t>(field)];
  const bool isOverride = overrideText(layer, f) != nullptr;
  if (mode == QLatin1String("auto")) {
    if (isOverride) setOverride(layer, f, std::nullopt);
    return true;
  }
  if (mode != QLatin1String("override")) return false;
  if (isOverride) return true;
  const std::string value =
      f.optional() ? std::string(f.defaultValue) : rows.autoText[static_cast<size_t>(field)].toStdString();
  auto parsed = parseFieldText(f, value);
  setOverride(layer, f, parsed ? formatFieldValue(f, *parsed) : value);
  return true;
}

void LayerFieldsModel::setOverride(int layer, const FieldSpec& field, std::optional<std::string> text) {
  auto& fields = *stream_.mutable_layers(layer)->mutable_fields();
  if (text)
    fields[std::string(field.name)] = *text;
  else
    fields.erase(std::string(field.name));
  syncRows(layer);
  refreshPreview();
  emitValuesChanged();
  Q_EMIT streamEdited();
}

Qt::ItemFlags LayerFieldsModel::flags(const QModelIndex& index) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return Qt::NoItemFlags;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (isField(index) && index.column() != kFieldColumn) f |= Qt::ItemIsEditable;
  if (isField(index)) f |= Qt::ItemNeverHasChildren;
  return f;
}

QVariant LayerFieldsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case kFieldColumn: return QStringLiteral("Field");
    case kValueColumn: return QStringLiteral("Value");
    case kModeColumn: return QStringLiteral("Mode");
    default: return {};
  }
}

std::vector<int> LayerFieldsModel::visibleFields(int layer) const {
  const ProtocolSpec* spec = layers_[static_cast<size_t>(layer)].spec;
  if (!spec) return {};
  const auto& overrides = stream_.layers(layer).fields();
  LayerState state(*spec);
  if (!spec->variantField.empty()) {
    const size_t vi = static_cast<size_t>(spec->fieldIndex(spec->variantField));
    if (auto it = overrides.find(std::string(spec->variantField)); it != overrides.end())
      if (auto v = parseFieldText(spec->fields[vi], it->second)) state.values[vi] = std::move(v).value();
  }
  const uint16_t mask = state.variantMask();
  std::vector<int> out;
  for (size_t i = 0; i < spec->fields.size(); ++i) {
    const FieldSpec& f = spec->fields[i];
    // Overrides stay visible even when the variant hides them, so they can be cleared.
    if (!f.variants || (f.variants & mask) || overrides.contains(std::string(f.name))) out.push_back(static_cast<int>(i));
  }
  return out;
}

void LayerFieldsModel::rebuildRows() {
  layers_.assign(static_cast<size_t>(stream_.layers_size()), {});
  for (int i = 0; i < stream_.layers_size(); ++i) {
    layers_[static_cast<size_t>(i)].spec = ProtocolRegistry::builtin().find(stream_.layers(i).protocol());
    layers_[static_cast<size_t>(i)].fields = visibleFields(i);
  }
}

void LayerFieldsModel::syncRows(int layer) {
  auto& rows = layers_[static_cast<size_t>(layer)].fields;
  const std::vector<int> target = visibleFields(layer);
  if (rows == target) return;
  const QModelIndex parent = index(layer, 0);
  for (int r = static_cast<int>(rows.size()) - 1; r >= 0; --r) {
    if (std::find(target.begin(), target.end(), rows[static_cast<size_t>(r)]) != target.end()) continue;
    beginRemoveRows(parent, r, r);
    rows.erase(rows.begin() + r);
    endRemoveRows();
  }
  // Both lists are in spec order, so what is left is a subsequence of the target.
  for (size_t t = 0; t < target.size(); ++t) {
    if (t < rows.size() && rows[t] == target[t]) continue;
    beginInsertRows(parent, static_cast<int>(t), static_cast<int>(t));
    rows.insert(rows.begin() + static_cast<long>(t), target[t]);
    endInsertRows();
  }
}

void LayerFieldsModel::refreshPreview() {
  frame_.clear();
  std::vector<ParsedLayer> decoded;
  std::vector<int> match;
  if (auto packet = renderPacket(stream_)) {
    frame_ = std::move(packet).value();
    decoded = parseFrame(frame_);
    match = matchDecodedLayers(stream_.layers(), decoded);
  }
  auto resolved = resolveLayers(stream_.layers());
  for (size_t li = 0; li < layers_.size(); ++li) {
    LayerRows& rows = layers_[li];
    if (!rows.spec) continue;
    const ParsedLayer* parsed = match.empty() || match[li] < 0 ? nullptr : &decoded[static_cast<size_t>(match[li])];
    const LayerState fallback = resolved ? resolved->at(li) : LayerState(*rows.spec);
    rows.spans = parsed ? fieldByteSpans(parsed->state, static_cast<int>(parsed->offset)) : std::vector<ByteSpan>{};
    rows.autoText.resize(rows.spec->fields.size());
    for (size_t fi = 0; fi < rows.spec->fields.size(); ++fi) {
      // Fixed fields come from the rendered packet; the rest (payload pattern, tails) from
      // the resolved layers.
      const bool onWire = parsed && parsed->state.fixedFieldPresent(fi);
      const FieldValue& value = onWire ? parsed->state.values[fi] : fallback.values[fi];
      rows.autoText[fi] = QString::fromStdString(formatFieldValue(rows.spec->fields[fi], value));
    }
  }
}

void LayerFieldsModel::emitValuesChanged() {
  for (int layer = 0; layer < static_cast<int>(layers_.size()); ++layer) {
    const QModelIndex parent = index(layer, 0);
    Q_EMIT dataChanged(parent, index(layer, kColumnCount - 1));
    if (const int n = rowCount(parent); n > 0)
      Q_EMIT dataChanged(index(0, 0, parent), index(n - 1, kColumnCount - 1, parent));
  }
}

}  // namespace staccato::client
