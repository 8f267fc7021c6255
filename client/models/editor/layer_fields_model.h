#pragma once
/// The stream editor's field tree, generated from the protocol registry: layers (top level) and
/// their fields. Shows each field's override, or the value the compiler actually produces for
/// automatic fields (lengths, checksums, demux types), and edits overrides after validation.
#include <QAbstractItemModel>
#include <QPersistentModelIndex>
#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "client/models/editor/editor_roles.h"
#include "client/models/editor/field_layout.h"
#include "staccato/v1/stream.pb.h"

namespace staccato::client {

class LayerFieldsModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { kFieldColumn, kValueColumn, kModeColumn, kColumnCount };

  explicit LayerFieldsModel(QObject* parent = nullptr);

  /// Shows a stream. Keeps rows (and views' expansion) when the layer list is unchanged.
  void setStream(const v1::Stream& stream);
  const v1::Stream& stream() const { return stream_; }

  /// The field (column 0) or layer a compiler error path such as "layers[1].ip.ttl" or
  /// "streams[0].layers[2]" points at; invalid when the path is not about a layer.
  QModelIndex indexForPath(const QString& errorPath) const;
  /// Marks the row of an error path (red background); empty clears it.
  void setErrorPath(const QString& errorPath);

  /// The first packet as rendered for the automatic values (empty when the stream is invalid).
  QByteArray previewFrame() const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 Q_SIGNALS:
  /// An edit changed the stream's layers.
  void streamEdited();
  /// An edit was refused; `message` says what is allowed.
  void editRejected(const QString& fieldPath, const QString& message);

 private:
  struct LayerRows {
    const ProtocolSpec* spec = nullptr;  ///< nullptr: unknown protocol
    std::vector<int> fields;             ///< visible rows: indices into spec->fields
    std::vector<QString> autoText;       ///< per spec field: the value when automatic
    std::vector<ByteSpan> spans;         ///< per spec field: bytes in previewFrame()
  };

  bool isField(const QModelIndex& index) const { return index.isValid() && index.internalId() != 0; }
  int layerOf(const QModelIndex& index) const;
  const FieldSpec& fieldAt(const QModelIndex& index) const;
  const std::string* overrideText(int layer, const FieldSpec& field) const;
  QString fieldPath(int layer, const FieldSpec& field) const;
  QString displayValue(int layer, int field) const;
  QVariant layerData(int layer, int column, int role) const;
  QVariant fieldData(const QModelIndex& index, int role) const;

  bool setValueText(int layer, const FieldSpec& field, const QString& text);
  bool setMode(int layer, int field, const QString& mode);
  void setOverride(int layer, const FieldSpec& field, std::optional<std::string> text);

  std::vector<int> visibleFields(int layer) const;
  void rebuildRows();
  void syncRows(int layer);
  void refreshPreview();
  void emitValuesChanged();

  v1::Stream stream_;
  std::vector<LayerRows> layers_;
  std::vector<uint8_t> frame_;
  QPersistentModelIndex errorIndex_;
};

}  // namespace staccato::client
