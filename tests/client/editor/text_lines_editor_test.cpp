// The text layer's lines in the stream editor: a plain text edit of several lines where Return
// adds a line, Tab applies and Escape drops; the field's row shows line breaks as ⏎.
#include <gtest/gtest.h>

#include <QPlainTextEdit>
#include <QTest>

#include "tests/client/editor/editor_test_util.h"
#include "tests/client/editor/stream_editor_fixture.h"
#include "tests/support/stacks.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;

constexpr const char* kLines = "layers[3].text.lines";

TEST_F(StreamEditorDialogTest, TextIsTypedOverSeveralLines) {
  open(S({L("eth"), L("ip"), L("udp"), L("text")}, 128));
  auto* lines = qobject_cast<QPlainTextEdit*>(openEditor(kLines));
  ASSERT_NE(lines, nullptr) << "the text field has no multi-line editor";
  EXPECT_GE(lines->height(), lines->fontMetrics().lineSpacing() * 4);
  QTest::keyClicks(lines, "INVITE sip:bob@example.com SIP/2.0");  // replaces the selected default
  QTest::keyClick(lines, Qt::Key_Return);
  QTest::keyClicks(lines, "Max-Forwards: 70");
  QTest::keyClick(lines, Qt::Key_Return);
  EXPECT_EQ(openEditorWidget(), lines) << "Return closed the editor instead of adding a line";
  QTest::keyClick(lines, Qt::Key_Tab);
  if (QWidget* next = openEditorWidget()) QTest::keyClick(next, Qt::Key_Escape);  // Tab opened the next cell
  ASSERT_EQ(openEditorWidget(), nullptr);

  EXPECT_EQ(fieldOf(dialog->stream(), 3, "text.lines"), "INVITE sip:bob@example.com SIP/2.0\nMax-Forwards: 70\n");
  EXPECT_EQ(fields->indexForPath(kLines).siblingAtColumn(LayerFieldsModel::kValueColumn).data().toString(),
            QStringLiteral("INVITE sip:bob@example.com SIP/2.0⏎Max-Forwards: 70⏎"));

  // With CRLF chosen the packet carries the lines as SIP wants them.
  ASSERT_TRUE(fields->setData(
      fields->indexForPath("layers[3].text.eol").siblingAtColumn(LayerFieldsModel::kValueColumn), "crlf"));
  EXPECT_TRUE(test::renderedBytes(dialog->stream()).contains("SIP/2.0\r\nMax-Forwards: 70\r\n"));
}

TEST_F(StreamEditorDialogTest, EscapeLeavesTheTextAsItWas) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("text", {{"text.lines", "OPTIONS * SIP/2.0\n"}})}, 128);
  open(s);
  auto* lines = qobject_cast<QPlainTextEdit*>(openEditor(kLines));
  ASSERT_NE(lines, nullptr);
  EXPECT_EQ(lines->toPlainText(), "OPTIONS * SIP/2.0\n");
  QTest::keyClicks(lines, "something else");
  QTest::keyClick(lines, Qt::Key_Escape);
  EXPECT_EQ(openEditorWidget(), nullptr);
  EXPECT_EQ(fieldOf(dialog->stream(), 3, "text.lines"), "OPTIONS * SIP/2.0\n");
}

}  // namespace
}  // namespace staccato::client
