#pragma once
/// The stream editor's "Protocols" tab: quick per-layer choices, the free stack (add / remove /
/// move layers the registry allows), the field tree generated from the registry, and a hex
/// preview of the first packet that highlights the selected field's bytes.
#include <QWidget>

#include "staccato/v1/stream.pb.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QToolButton;
class QTreeView;

namespace staccato::client {

class HexView;
class LayerFieldsModel;

class ProtocolsPage : public QWidget {
  Q_OBJECT
 public:
  explicit ProtocolsPage(QWidget* parent = nullptr);

  /// Shows a stream: its layers, and the rest of it for the automatic values.
  void setStream(const v1::Stream& stream);
  /// The layers as edited.
  const google::protobuf::RepeatedPtrField<v1::Layer>& layers() const;
  LayerFieldsModel* fieldsModel() const { return fields_; }
  QTreeView* fieldTree() const { return tree_; }

 Q_SIGNALS:
  void layersChanged();

 private:
  QWidget* createQuickChoices();
  QWidget* createFreeStack();
  QWidget* createFieldArea();

  void setLayers(const google::protobuf::RepeatedPtrField<v1::Layer>& layers);
  void applyQuickChoice();
  void addLayer(const QString& protocol);
  void removeLayer();
  void moveLayer(int delta);
  void syncStackWidgets();
  void rebuildAddMenu();
  void updatePreview();
  void onFieldsEdited();

  LayerFieldsModel* fields_;
  QComboBox* l2_;
  QComboBox* l3_;
  QComboBox* l4_;
  QCheckBox* payload_;
  QCheckBox* signature_;
  QLabel* customNote_;
  QListWidget* stackList_;
  QToolButton* addButton_;
  QPushButton* removeButton_;
  QPushButton* upButton_;
  QPushButton* downButton_;
  QTreeView* tree_;
  HexView* previewHex_;
};

}  // namespace staccato::client
