#pragma once
/// Editors for LayerFieldsModel cells, chosen by the field's format from the registry: a line
/// edit checked live (red border + tooltip while invalid) for numbers, addresses and bytes, a
/// plain text edit of several lines for text, an editable combo of names for enums, a checkbox
/// for flags, and auto/override for the mode.
#include <QStyledItemDelegate>

namespace staccato::client {

class FieldValueDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  using QStyledItemDelegate::QStyledItemDelegate;

  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
  void setEditorData(QWidget* editor, const QModelIndex& index) const override;
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
  void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const override;

 private:
  static constexpr int kLinesShown = 6;  ///< height of the text editor, in lines
  QWidget* createModeEditor(QWidget* parent) const;
  QWidget* createEnumEditor(QWidget* parent, const QModelIndex& index) const;
  QWidget* createFlagEditor(QWidget* parent) const;
  QWidget* createLineEditor(QWidget* parent, const QModelIndex& index) const;
  QWidget* createLinesEditor(QWidget* parent) const;
  void commitAndClose(QWidget* editor) const;
};

}  // namespace staccato::client
