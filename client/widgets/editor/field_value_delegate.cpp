#include "client/widgets/editor/field_value_delegate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>

#include <algorithm>

#include "client/models/editor/editor_roles.h"
#include "client/models/editor/layer_fields_model.h"
#include "common/packet/field.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"

namespace staccato::client {
namespace {

const QString kEditorName = QStringLiteral("fieldValueEditor");
const QString kInvalidStyle = QStringLiteral("QLineEdit { border: 1px solid #d9534f; background: #fff4f4; }");

/// Splits a combo item "echo-request (8)" into name and value; other text is a name as typed.
std::pair<QString, QString> enumParts(const QString& text) {
  static const QRegularExpression kNameWithValue(QStringLiteral(R"(^(.*\S)\s+\(([^()]*)\)$)"));
  const auto match = kNameWithValue.match(text.trimmed());
  return match.hasMatch() ? std::pair{match.captured(1), match.captured(2)} : std::pair{text.trimmed(), QString()};
}

/// Red border and the parser's message while the text is not a valid value of the field.
void checkLive(QLineEdit* edit, const FieldSpec* field, const QString& text) {
  const auto result = field && !text.trimmed().isEmpty() ? parseFieldText(*field, text.toStdString())
                                                         : Result<FieldValue>(FieldValue{});
  edit->setStyleSheet(result ? QString() : kInvalidStyle);
  edit->setToolTip(result ? edit->placeholderText() : QString::fromStdString(result.error().message));
  edit->setProperty("invalid", !result.ok());
}

}  // namespace

QWidget* FieldValueDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                          const QModelIndex& index) const {
  QWidget* editor = nullptr;
  const int format = index.data(kFormatRole).toInt();
  if (index.column() == LayerFieldsModel::kModeColumn) {
    editor = createModeEditor(parent);
  } else if (index.column() != LayerFieldsModel::kValueColumn) {
    return QStyledItemDelegate::createEditor(parent, option, index);
  } else if (!index.data(kEnumNamesRole).toStringList().isEmpty()) {
    editor = createEnumEditor(parent, index);
  } else if (format == static_cast<int>(FieldFormat::kFlag)) {
    editor = createFlagEditor(parent);
  } else if (format == static_cast<int>(FieldFormat::kText)) {
    editor = createLinesEditor(parent);
  } else {
    editor = createLineEditor(parent, index);
  }
  editor->setObjectName(kEditorName);
  return editor;
}

QWidget* FieldValueDelegate::createModeEditor(QWidget* parent) const {
  auto* combo = new QComboBox(parent);
  combo->addItems({QStringLiteral("auto"), QStringLiteral("override")});
  connect(combo, &QComboBox::activated, this, [this, combo] { commitAndClose(combo); });
  return combo;
}

QWidget* FieldValueDelegate::createEnumEditor(QWidget* parent, const QModelIndex& index) const {
  auto* combo = new QComboBox(parent);
  combo->setEditable(true);
  combo->setInsertPolicy(QComboBox::NoInsert);
  combo->addItems(index.data(kEnumNamesRole).toStringList());
  combo->setToolTip(tr("Allowed: %1").arg(index.data(kAllowedRangeRole).toString()));
  connect(combo, &QComboBox::activated, this, [this, combo] { commitAndClose(combo); });
  return combo;
}

QWidget* FieldValueDelegate::createFlagEditor(QWidget* parent) const {
  auto* check = new QCheckBox(tr("set"), parent);
  check->setAutoFillBackground(true);
  connect(check, &QCheckBox::toggled, this,
          [this, check] { Q_EMIT const_cast<FieldValueDelegate*>(this)->commitData(check); });
  return check;
}

QWidget* FieldValueDelegate::createLineEditor(QWidget* parent, const QModelIndex& index) const {
  auto* edit = new QLineEdit(parent);
  const FieldSpec* field = ProtocolRegistry::builtin().findField(index.data(kFieldNameRole).toString().toStdString());
  edit->setPlaceholderText(index.data(kAllowedRangeRole).toString());
  if (index.data(kFormatRole).toInt() != static_cast<int>(FieldFormat::kBytes))
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  connect(edit, &QLineEdit::textChanged, edit, [edit, field](const QString& text) { checkLive(edit, field, text); });
  return edit;
}

// Return adds a line (the delegate passes Return on to a plain text edit); Tab or leaving the
// editor applies the text, Escape drops it.
QWidget* FieldValueDelegate::createLinesEditor(QWidget* parent) const {
  auto* edit = new QPlainTextEdit(parent);
  edit->setTabChangesFocus(true);
  edit->setPlaceholderText(tr("Lines of text: Return adds a line; Tab or a click elsewhere applies"));
  edit->setToolTip(edit->placeholderText());
  return edit;
}

void FieldValueDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                                              const QModelIndex& index) const {
  QStyledItemDelegate::updateEditorGeometry(editor, option, index);
  if (!qobject_cast<QPlainTextEdit*>(editor)) return;
  // Room for a few lines over the rows below, or above when the row is near the view's bottom.
  QRect area = editor->geometry();
  area.setHeight(std::max(area.height(), editor->fontMetrics().lineSpacing() * kLinesShown + 12));
  if (const QWidget* view = editor->parentWidget(); view && area.bottom() >= view->height())
    area.moveBottom(std::max(area.height() - 1, view->height() - 1));
  editor->setGeometry(area);
}

void FieldValueDelegate::commitAndClose(QWidget* editor) const {
  auto* self = const_cast<FieldValueDelegate*>(this);
  Q_EMIT self->commitData(editor);
  Q_EMIT self->closeEditor(editor);
}

void FieldValueDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
  const QString text = index.data(Qt::EditRole).toString();
  if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
    edit->setText(text);
    edit->selectAll();
  } else if (auto* lines = qobject_cast<QPlainTextEdit*>(editor)) {
    lines->setPlainText(text);
    lines->selectAll();
  } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
    int row = -1;
    for (int i = 0; i < combo->count() && row < 0; ++i)
      if (const auto [name, value] = enumParts(combo->itemText(i)); name == text || value == text) row = i;
    if (row >= 0) combo->setCurrentIndex(row);
    if (combo->isEditable() && row < 0) combo->setEditText(text);
  } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
    const QSignalBlocker block(check);
    check->setChecked(text == QLatin1String("1"));
  } else {
    QStyledItemDelegate::setEditorData(editor, index);
  }
}

void FieldValueDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const {
  if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
    model->setData(index, edit->text());
  } else if (auto* lines = qobject_cast<QPlainTextEdit*>(editor)) {
    model->setData(index, lines->toPlainText());
  } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
    model->setData(index, combo->isEditable() ? enumParts(combo->currentText()).first : combo->currentText());
  } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
    model->setData(index, check->isChecked() ? QStringLiteral("1") : QStringLiteral("0"));
  } else {
    QStyledItemDelegate::setModelData(editor, model, index);
  }
}

}  // namespace staccato::client
