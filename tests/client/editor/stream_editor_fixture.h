#pragma once
// A StreamEditorDialog shown for a test, and simulated input into it: quick choices, opening and
// typing into the field tree's delegate editors.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>
#include <memory>
#include <string>

#include "client/models/editor/layer_fields_model.h"
#include "client/widgets/editor/stream_editor_dialog.h"
#include "tests/client/editor/editor_test_util.h"
#include "tests/support/stacks.h"

namespace staccato::client {

/// A layer's field as the stream holds it, "<auto>" when not overridden.
inline std::string fieldOf(const v1::Stream& s, int layer, const std::string& name) {
  if (layer >= s.layers_size()) return "<no layer>";
  const auto& fields = s.layers(layer).fields();
  auto it = fields.find(name);
  return it == fields.end() ? "<auto>" : it->second;
}

class StreamEditorDialogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::Stream stream = staccato::test::S({staccato::test::L("eth")}, 64);
    stream.set_id(7);
    stream.set_name("test stream");
    open(stream);
  }

  void open(const v1::Stream& stream) {
    dialog = std::make_unique<StreamEditorDialog>(stream);
    dialog->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog.get()));
    tree = test::child<QTreeView>(*dialog, "fieldTree");
    fields = qobject_cast<LayerFieldsModel*>(tree->model());
    ASSERT_NE(fields, nullptr);
  }

  void choose(const char* comboName, const QString& text) {
    auto* combo = test::child<QComboBox>(*dialog, comboName);
    const int i = combo->findText(text);
    ASSERT_GE(i, 0) << text.toStdString();
    combo->setCurrentIndex(i);
  }

  void click(QWidget* w, QPoint at = {}) {
    QTest::mouseClick(w, Qt::LeftButton, {}, at.isNull() ? w->rect().center() : at);
  }

  void chooseIpv4UdpSignature() {
    choose("l3Combo", "IPv4");
    choose("l4Combo", "UDP");
    auto* signature = test::child<QCheckBox>(*dialog, "signatureCheck");
    click(signature, QPoint(8, signature->height() / 2));  // the indicator
    ASSERT_TRUE(signature->isChecked());
  }

  /// Double-clicks the value cell of a field and returns the delegate's editor.
  QWidget* openEditor(const char* path) {
    const QModelIndex index =
        fields->indexForPath(QString::fromLatin1(path)).siblingAtColumn(LayerFieldsModel::kValueColumn);
    EXPECT_TRUE(index.isValid()) << path;
    tree->scrollTo(index);
    // QTest's widget double click is the second click only: press and release first.
    const QPoint at = tree->visualRect(index).center();
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, at);
    QWidget* editor = openEditorWidget();
    EXPECT_NE(editor, nullptr) << "no editor for " << path;
    return editor;
  }

  /// Types into a field's line edit (an editable list of names has one too) and presses Return.
  void typeField(const char* path, const QString& text) {
    QWidget* editor = openEditor(path);
    auto* names = qobject_cast<QComboBox*>(editor);
    auto* edit = names ? names->lineEdit() : qobject_cast<QLineEdit*>(editor);
    ASSERT_NE(edit, nullptr) << path;
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
    EXPECT_EQ(openEditorWidget(), nullptr) << "editor still open for " << path;
  }

  /// The field tree's open editor. Delegates commit on Return through a queued call, and closed
  /// editors are deleted later: run both first.
  QWidget* openEditorWidget() {
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    return tree->viewport()->findChild<QWidget*>(QStringLiteral("fieldValueEditor"));
  }

  void showTab(const QString& title) {
    auto* tabs = test::child<QTabWidget>(*dialog, "tabs");
    for (int i = 0; i < tabs->count(); ++i)
      if (tabs->tabText(i).remove('&') == title) tabs->setCurrentIndex(i);
  }

  QString errorText() { return test::child<QLabel>(*dialog, "errorLabel")->text(); }
  bool okEnabled() { return test::child<QPushButton>(*dialog, "okButton")->isEnabled(); }

  std::unique_ptr<StreamEditorDialog> dialog;
  QTreeView* tree = nullptr;
  LayerFieldsModel* fields = nullptr;
};

}  // namespace staccato::client
