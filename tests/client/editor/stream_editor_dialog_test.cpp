// StreamEditorDialog driven by simulated input: quick choices, typing into the field tree's
// delegate editors, the packet view against PacketRenderer, selections both ways, validation.
#include <gtest/gtest.h>
#include <google/protobuf/util/message_differencer.h>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QTemporaryDir>
#include <QImage>
#include <QTreeView>
#include <filesystem>

#include "client/models/editor/decode_model.h"
#include "client/models/editor/layer_fields_model.h"
#include "client/widgets/editor/hex_view.h"
#include "client/widgets/editor/stream_editor_dialog.h"
#include "common/files/stream_file.h"
#include "tests/client/editor/editor_test_util.h"
#include "tests/client/editor/stream_editor_fixture.h"
#include "tests/support/stacks.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;
using test::child;
using test::findIndex;
using test::renderedBytes;


TEST_F(StreamEditorDialogTest, BuildsAStreamThroughInput) {
  chooseIpv4UdpSignature();
  typeField("layers[1].ip.ttl", "32");
  typeField("layers[1].ip.dst", "10.1.2.3");
  typeField("layers[2].udp.dstport", "5001");
  QTest::keyClicks(child<QLineEdit>(*dialog, "nameEdit"), " 2");

  const v1::Stream s = dialog->stream();
  ASSERT_EQ(s.layers_size(), 4);
  EXPECT_EQ(s.layers(1).protocol(), "ip");
  EXPECT_EQ(s.layers(2).protocol(), "udp");
  EXPECT_EQ(s.layers(3).protocol(), "signature");
  EXPECT_EQ(fieldOf(s, 1, "ip.ttl"), "32");
  EXPECT_EQ(fieldOf(s, 1, "ip.dst"), "10.1.2.3");
  EXPECT_EQ(fieldOf(s, 2, "udp.dstport"), "5001");
  EXPECT_EQ(s.layers(1).fields_size(), 2);  // nothing else became an override
  EXPECT_EQ(s.name(), "test stream 2");
  EXPECT_EQ(s.id(), 7u);
  EXPECT_TRUE(okEnabled());
  EXPECT_TRUE(dialog->errorText().isEmpty());
}

TEST_F(StreamEditorDialogTest, PacketViewShowsExactlyTheRenderedBytes) {
  chooseIpv4UdpSignature();
  typeField("layers[1].ip.ttl", "32");
  typeField("layers[1].ip.dst", "10.1.2.3");
  typeField("layers[2].udp.dstport", "5001");
  showTab("Packet");

  const QByteArray expected = renderedBytes(dialog->stream());
  ASSERT_EQ(expected.size(), 60);
  EXPECT_EQ(static_cast<uint8_t>(expected[22]), 32);
  EXPECT_EQ(expected.mid(30, 4), QByteArray::fromHex("0a010203"));
  EXPECT_EQ(expected.mid(36, 2), QByteArray::fromHex("1389"));
  auto* hex = child<HexView>(*dialog, "hexView");
  EXPECT_EQ(hex->hexText(), QString::fromLatin1(expected.toHex(' ')));

  auto* decode = child<QTreeView>(*dialog, "decodeTree");
  auto* model = qobject_cast<DecodeModel*>(decode->model());
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->frame(), expected);
  QStringList layers;
  for (int r = 0; r < model->rowCount(); ++r) layers << model->index(r, 0).data().toString().section(',', 0, 0);
  EXPECT_EQ(layers, (QStringList{"Ethernet II (eth)", "IPv4 (ip)", "UDP (udp)", "Raw bytes (raw)",
                                 "Staccato signature (signature)"}));
  EXPECT_EQ(findIndex(*model, kFieldNameRole, "ip.ttl").data().toString(), "Time to live: 32");
  EXPECT_EQ(findIndex(*model, kFieldNameRole, "ip.dst").data().toString(), "Destination address: 10.1.2.3");
  EXPECT_EQ(findIndex(*model, kFieldNameRole, "udp.dstport").data().toString(), "Destination port: 5001");
  EXPECT_TRUE(child<QLabel>(*dialog, "frameLengthLabel")->text().contains("64-byte frame"));
}

TEST_F(StreamEditorDialogTest, SelectionsLinkTreeAndHexBothWays) {
  chooseIpv4UdpSignature();
  showTab("Packet");
  auto* decode = child<QTreeView>(*dialog, "decodeTree");
  auto* hex = child<HexView>(*dialog, "hexView");
  const QModelIndex ttl = findIndex(*decode->model(), kFieldNameRole, "ip.ttl");
  ASSERT_TRUE(ttl.isValid());
  decode->scrollTo(ttl);
  click(decode->viewport(), decode->visualRect(ttl).center());
  EXPECT_EQ(decode->currentIndex(), ttl);
  EXPECT_EQ(hex->highlightOffset(), 22);
  EXPECT_EQ(hex->highlightLength(), 1);

  click(hex->viewport(), hex->byteRect(36).center());  // udp.dstport's first byte
  EXPECT_EQ(decode->currentIndex().data(kFieldNameRole).toString(), "udp.dstport");
  EXPECT_EQ(hex->highlightOffset(), 36);
  EXPECT_EQ(hex->highlightLength(), 2);

  // The Protocols tab's preview highlights the field selected in the field tree.
  showTab("Protocols");
  auto* preview = child<HexView>(*dialog, "previewHexView");
  const QModelIndex dst = fields->indexForPath("layers[1].ip.dst");
  tree->scrollTo(dst);
  click(tree->viewport(), tree->visualRect(dst).center());
  EXPECT_EQ(preview->highlightOffset(), 30);
  EXPECT_EQ(preview->highlightLength(), 4);
}

TEST_F(StreamEditorDialogTest, InvalidInputIsRejectedWithTheAllowedRange) {
  chooseIpv4UdpSignature();
  typeField("layers[1].ip.ttl", "32");

  auto* edit = qobject_cast<QLineEdit*>(openEditor("layers[1].ip.ttl"));
  ASSERT_NE(edit, nullptr);
  edit->selectAll();
  QTest::keyClicks(edit, "300");
  EXPECT_TRUE(edit->property("invalid").toBool());  // live check while typing
  EXPECT_TRUE(edit->toolTip().contains("0..255")) << edit->toolTip().toStdString();
  QTest::keyClick(edit, Qt::Key_Return);
  EXPECT_EQ(openEditorWidget(), nullptr);
  EXPECT_EQ(fieldOf(dialog->stream(), 1, "ip.ttl"), "32");
  EXPECT_TRUE(errorText().contains("ip.ttl")) << errorText().toStdString();
  EXPECT_TRUE(errorText().contains("allowed 0..255")) << errorText().toStdString();

  typeField("layers[1].ip.dst", "10.0.0.300");
  EXPECT_EQ(fieldOf(dialog->stream(), 1, "ip.dst"), "<auto>");
  EXPECT_TRUE(errorText().contains("ip.dst")) << errorText().toStdString();
  EXPECT_TRUE(errorText().contains("an IPv4 address like")) << errorText().toStdString();
  EXPECT_TRUE(fields->indexForPath("layers[1].ip.dst").data(Qt::BackgroundRole).isValid());
}

TEST_F(StreamEditorDialogTest, OkStaysDisabledWhileTheStreamIsInvalid) {
  chooseIpv4UdpSignature();
  EXPECT_TRUE(okEnabled());
  showTab("Length");
  auto* fixed = child<QSpinBox>(*dialog, "lengthFixed");
  fixed->selectAll();
  QTest::keyClicks(fixed, "50");
  EXPECT_EQ(dialog->stream().frame_length().fixed(), 50u);
  EXPECT_FALSE(okEnabled());
  EXPECT_TRUE(errorText().contains("frame_length.fixed")) << errorText().toStdString();
  EXPECT_TRUE(errorText().contains("the layers need 62")) << errorText().toStdString();
  EXPECT_TRUE(fixed->property("invalid").toBool());
  fixed->selectAll();
  QTest::keyClicks(fixed, "128");
  EXPECT_TRUE(okEnabled()) << errorText().toStdString();
  EXPECT_FALSE(fixed->property("invalid").toBool());

  // A stack the registry does not allow: UDP moved under IPv4 in the free stack.
  showTab("Protocols");
  auto* list = child<QListWidget>(*dialog, "stackList");
  list->setCurrentRow(2);
  click(child<QPushButton>(*dialog, "upLayerButton"));
  EXPECT_EQ(dialog->stream().layers(1).protocol(), "udp");
  EXPECT_FALSE(okEnabled());
  EXPECT_TRUE(errorText().contains("layers[1]: udp cannot sit on eth")) << errorText().toStdString();
  EXPECT_TRUE(fields->index(1, 0).data(Qt::BackgroundRole).isValid());
  click(child<QPushButton>(*dialog, "downLayerButton"));
  EXPECT_TRUE(okEnabled()) << errorText().toStdString();
}

TEST_F(StreamEditorDialogTest, SwitchingL4KeepsTheIpv4Overrides) {
  choose("l3Combo", "IPv4");
  choose("l4Combo", "UDP");
  typeField("layers[1].ip.ttl", "32");
  typeField("layers[1].ip.dst", "10.1.2.3");
  choose("l4Combo", "TCP");
  const v1::Stream s = dialog->stream();
  ASSERT_EQ(s.layers_size(), 3);
  EXPECT_EQ(s.layers(2).protocol(), "tcp");
  EXPECT_EQ(fieldOf(s, 1, "ip.ttl"), "32");
  EXPECT_EQ(fieldOf(s, 1, "ip.dst"), "10.1.2.3");
  EXPECT_EQ(fields->indexForPath("layers[1].ip.ttl").siblingAtColumn(1).data().toString(), "32");
  EXPECT_EQ(fields->indexForPath("layers[1].ip.proto").siblingAtColumn(1).data().toString(), "tcp (auto)");
  EXPECT_EQ(child<HexView>(*dialog, "hexView")->hexText(), QString::fromLatin1(renderedBytes(s).toHex(' ')));
  // UDP is not offered without an IP layer.
  choose("l3Combo", "ARP");
  auto* l4 = child<QComboBox>(*dialog, "l4Combo");
  EXPECT_EQ(l4->currentText(), "None");
  EXPECT_FALSE(l4->model()->flags(l4->model()->index(l4->findText("UDP"), 0)).testFlag(Qt::ItemIsEnabled));
}

TEST_F(StreamEditorDialogTest, EnumAndFlagEditors) {
  choose("l3Combo", "IPv4");
  choose("l4Combo", "ICMP");
  auto* combo = qobject_cast<QComboBox*>(openEditor("layers[2].icmp.type"));
  ASSERT_NE(combo, nullptr);
  EXPECT_GE(combo->findText("destination-unreachable (3)"), 0);
  combo->lineEdit()->selectAll();
  QTest::keyClicks(combo->lineEdit(), "destination-unreachable");
  QTest::keyClick(combo->lineEdit(), Qt::Key_Return);
  EXPECT_EQ(openEditorWidget(), nullptr);
  EXPECT_EQ(fieldOf(dialog->stream(), 2, "icmp.type"), "destination-unreachable");
  EXPECT_TRUE(fields->indexForPath("layers[2].icmp.mtu").parent().isValid());  // the variant's fields

  // The drone's words for the outer MACs are offered; a MAC can still be typed.
  auto* mac = qobject_cast<QComboBox*>(openEditor("layers[0].eth.src"));
  ASSERT_NE(mac, nullptr);
  ASSERT_EQ(mac->count(), 1);
  mac->setCurrentIndex(0);
  emit mac->activated(0);
  EXPECT_EQ(fieldOf(dialog->stream(), 0, "eth.src"), "device");
  typeField("layers[0].eth.dst", "02:00:00:00:00:09");
  EXPECT_EQ(fieldOf(dialog->stream(), 0, "eth.dst"), "02:00:00:00:00:09");

  auto* check = qobject_cast<QCheckBox*>(openEditor("layers[1].ip.flags.df"));
  ASSERT_NE(check, nullptr);
  click(check, QPoint(8, check->height() / 2));
  EXPECT_EQ(fieldOf(dialog->stream(), 1, "ip.flags.df"), "1");
}

TEST_F(StreamEditorDialogTest, AddLayerMenuOffersOnlyWhatTheRegistryAllows) {
  choose("l3Combo", "IPv4");
  auto* list = child<QListWidget>(*dialog, "stackList");
  list->setCurrentRow(1);  // above ip
  QMenu* menu = child<QToolButton>(*dialog, "addLayerButton")->menu();
  QStringList offered;
  for (QAction* a : menu->actions()) offered << a->data().toString();
  EXPECT_TRUE(offered.contains("udp"));
  EXPECT_TRUE(offered.contains("icmp"));
  EXPECT_FALSE(offered.contains("icmpv6"));
  EXPECT_FALSE(offered.contains("arp"));
  for (QAction* a : menu->actions())
    if (a->data() == "udp") {
      a->trigger();  // rebuilds the menu, deleting these actions
      break;
    }
  ASSERT_EQ(dialog->stream().layers_size(), 3);
  EXPECT_EQ(dialog->stream().layers(2).protocol(), "udp");
  EXPECT_EQ(child<QComboBox>(*dialog, "l4Combo")->currentText(), "UDP");
  click(child<QPushButton>(*dialog, "removeLayerButton"));
  EXPECT_EQ(dialog->stream().layers_size(), 2);
}

TEST_F(StreamEditorDialogTest, VariableFieldsChangeLaterPackets) {
  chooseIpv4UdpSignature();
  showTab("Variable fields");
  click(child<QPushButton>(*dialog, "addVariableButton"));
  ASSERT_EQ(dialog->stream().variable_fields_size(), 1);
  EXPECT_EQ(dialog->stream().variable_fields(0).field(), "ip.src");
  QTest::keyClicks(child<QLineEdit>(*dialog, "varStep_0"), "5");
  EXPECT_EQ(dialog->stream().variable_fields(0).step(), 5u);
  EXPECT_TRUE(okEnabled()) << errorText().toStdString();

  showTab("Packet");
  auto* number = child<QSpinBox>(*dialog, "packetNumber");
  number->selectAll();
  QTest::keyClicks(number, "3");
  const QByteArray third = renderedBytes(dialog->stream(), 3);
  EXPECT_EQ(static_cast<uint8_t>(third[29]), 1 + 2 * 5);  // 192.0.2.1 + 2 steps of 5
  EXPECT_EQ(child<HexView>(*dialog, "hexView")->hexText(), QString::fromLatin1(third.toHex(' ')));
}

TEST_F(StreamEditorDialogTest, RateAndControlWidgetsWriteTheStream) {
  showTab("Rate & control");
  choose("rateUnit", "Load % of line rate");
  auto* value = child<QDoubleSpinBox>(*dialog, "rateValue");
  value->selectAll();
  QTest::keyClicks(value, "150");
  EXPECT_FALSE(okEnabled());
  EXPECT_TRUE(errorText().contains("rate.value")) << errorText().toStdString();
  value->selectAll();
  QTest::keyClicks(value, "25");
  EXPECT_TRUE(okEnabled()) << errorText().toStdString();
  choose("controlMode", "Continuous");
  choose("afterStream", "Go to stream #");
  const v1::Stream s = dialog->stream();
  EXPECT_EQ(s.rate().unit(), v1::Rate::LOAD_PERCENT);
  EXPECT_DOUBLE_EQ(s.rate().value(), 25);
  EXPECT_EQ(s.control().mode(), v1::Control::CONTINUOUS);
  EXPECT_EQ(s.control().after(), v1::Control::GOTO_STREAM);
  EXPECT_FALSE(child<QDoubleSpinBox>(*dialog, "controlCount")->isEnabled());
  EXPECT_TRUE(child<QSpinBox>(*dialog, "gotoStream")->isEnabled());
}

TEST(StreamEditorDialogRoundTrip, OpeningTheExamplesChangesNothing) {
  const std::filesystem::path examples = std::filesystem::path(STACCATO_SOURCE_DIR) / "docs" / "examples";
  int streams = 0;
  for (const auto& entry : std::filesystem::directory_iterator(examples)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;  // stream files (benchmark configs are in folders)
    auto file = loadStreamFile(entry.path().string());
    ASSERT_TRUE(file.ok()) << file.error().toString();
    for (const v1::Stream& s : file->streams()) {
      StreamEditorDialog dialog(s);
      std::string diff;
      google::protobuf::util::MessageDifferencer differ;
      differ.ReportDifferencesToString(&diff);
      EXPECT_TRUE(differ.Compare(s, dialog.stream())) << entry.path() << ": " << diff;
      EXPECT_TRUE(dialog.errorText().isEmpty()) << dialog.errorText().toStdString();
      ++streams;
    }
  }
  EXPECT_GE(streams, 6);
}

// Every page renders to an image (STACCATO_SCREENSHOT_DIR keeps them; else a temporary folder).
TEST(StreamEditorDialogScreenshot, EveryPageRenders) {
  QTemporaryDir temp;
  const QByteArray dir = qEnvironmentVariableIsSet("STACCATO_SCREENSHOT_DIR") ? qgetenv("STACCATO_SCREENSHOT_DIR")
                                                                              : temp.path().toLocal8Bit();
  auto file = loadStreamFile(std::string(STACCATO_SOURCE_DIR) + "/docs/examples/udp-64.json");
  ASSERT_TRUE(file.ok());
  v1::Stream s = file->streams(0);
  *s.add_layers() = L("signature");
  auto* src = s.add_variable_fields();
  src->set_field("ip.src");
  src->set_prefix_length(24);
  src->set_count(100);
  StreamEditorDialog dialog(s);
  dialog.resize(1000, 700);
  dialog.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
  auto* tree = dialog.findChild<QTreeView*>("fieldTree");
  auto* fields = qobject_cast<LayerFieldsModel*>(tree->model());
  tree->setCurrentIndex(fields->indexForPath("layers[1].ip.ttl"));
  auto* tabs = dialog.findChild<QTabWidget*>("tabs");
  const char* names[] = {"protocols", "variables", "length", "rate", "packet"};
  for (int i = 0; i < tabs->count(); ++i) {
    tabs->setCurrentIndex(i);
    if (i == 4) {
      auto* decode = dialog.findChild<QTreeView*>("decodeTree");
      decode->setCurrentIndex(findIndex(*decode->model(), kFieldNameRole, "ip.ttl"));
    }
    QCoreApplication::processEvents();
    const QString path = QString::fromLocal8Bit(dir) + QStringLiteral("/stream-editor-%1.png").arg(names[i]);
    EXPECT_TRUE(dialog.grab().save(path)) << path.toStdString();
    const QImage saved(path);
    EXPECT_EQ(saved.size(), dialog.size()) << path.toStdString();
  }
  // The red message bar: a rejected TTL.
  tabs->setCurrentIndex(0);
  fields->setData(fields->indexForPath("layers[1].ip.ttl").siblingAtColumn(LayerFieldsModel::kValueColumn), "300");
  QCoreApplication::processEvents();
  EXPECT_TRUE(dialog.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/stream-editor-error.png")));
}

}  // namespace
}  // namespace staccato::client
