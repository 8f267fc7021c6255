// LayerFieldsModel: rows from the registry, automatic values from the compiled packet,
// validated overrides, variant-dependent rows, error paths; checked by QAbstractItemModelTester.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>

#include "client/models/editor/layer_fields_model.h"
#include "common/packet/field.h"
#include "tests/client/editor/editor_test_util.h"
#include "tests/support/stacks.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;
using test::renderedBytes;

v1::Stream udpStream() {
  return S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 64);
}

class LayerFieldsModelTest : public ::testing::Test {
 protected:
  void load(const v1::Stream& stream) { model.setStream(stream); }
  QModelIndex field(const char* path, int column = LayerFieldsModel::kValueColumn) {
    const QModelIndex i = model.indexForPath(QString::fromLatin1(path));
    EXPECT_TRUE(i.isValid() && i.parent().isValid()) << path;
    return i.siblingAtColumn(column);
  }
  QString value(const char* path) { return field(path).data().toString(); }
  std::string override(int layer, const std::string& name) {
    const auto& fields = model.stream().layers(layer).fields();
    auto it = fields.find(name);
    return it == fields.end() ? "<auto>" : it->second;
  }

  LayerFieldsModel model;
  QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::Fatal};
};

TEST_F(LayerFieldsModelTest, LayersAndFieldsComeFromTheRegistry) {
  load(udpStream());
  ASSERT_EQ(model.rowCount(), 5);
  EXPECT_EQ(model.index(1, 0).data().toString(), "IPv4");
  EXPECT_EQ(model.index(1, 1).data().toString(), "ip");
  const QModelIndex ip = model.index(1, 0);
  EXPECT_EQ(model.rowCount(ip), 16);  // every IPv4 field, options included
  EXPECT_EQ(model.index(10, 0, ip).data().toString(), "Time to live");
  EXPECT_EQ(model.index(10, 0, ip).data(kFieldNameRole).toString(), "ip.ttl");
  EXPECT_TRUE(model.index(10, 0, ip).data(Qt::ToolTipRole).toString().contains("0..255"));
  EXPECT_EQ(model.headerData(2, Qt::Horizontal).toString(), "Mode");
}

TEST_F(LayerFieldsModelTest, AutomaticValuesAreWhatTheCompilerProduces) {
  load(udpStream());
  const QByteArray bytes = renderedBytes(model.stream());
  ASSERT_EQ(bytes.size(), 60);
  EXPECT_EQ(model.previewFrame(), bytes);
  EXPECT_EQ(value("layers[0].eth.type"), "0x0800 (auto)");
  EXPECT_EQ(value("layers[1].ip.proto"), "udp (auto)");
  EXPECT_EQ(value("layers[1].ip.len"), "46 (auto)");
  EXPECT_EQ(value("layers[2].udp.length"), "26 (auto)");
  const auto checksum = QStringLiteral("0x%1 (auto)").arg(QString::fromLatin1(bytes.mid(24, 2).toHex()));
  EXPECT_EQ(value("layers[1].ip.checksum"), checksum);
  EXPECT_EQ(value("layers[3].payload.pattern"), "increment (auto)");
  EXPECT_EQ(field("layers[1].ip.ttl", LayerFieldsModel::kModeColumn).data().toString(), "auto");
  EXPECT_TRUE(field("layers[1].ip.ttl").data(Qt::FontRole).value<QFont>().italic());
  EXPECT_EQ(field("layers[1].ip.ttl").data(Qt::EditRole).toString(), "64");
  EXPECT_EQ(field("layers[1].ip.ttl").data(kByteRangeRole).toPoint(), QPoint(22, 1));
  EXPECT_EQ(field("layers[1].ip.dst").data(kFormatRole).toInt(), static_cast<int>(FieldFormat::kIpv4));
  EXPECT_TRUE(field("layers[1].ip.proto").data(kEnumNamesRole).toStringList().contains("udp (17)"));
  EXPECT_TRUE(field("layers[0].eth.type").data(kEnumNamesRole).toStringList().contains("ipv4 (0x0800)"));
}

TEST_F(LayerFieldsModelTest, EditingSetsAValidatedOverride) {
  load(udpStream());
  const QString checksumBefore = value("layers[1].ip.checksum");
  QSignalSpy edited(&model, &LayerFieldsModel::streamEdited);
  ASSERT_TRUE(model.setData(field("layers[1].ip.ttl"), "0x20"));
  EXPECT_EQ(override(1, "ip.ttl"), "32");  // stored in the field's format
  EXPECT_EQ(edited.count(), 1);
  EXPECT_EQ(value("layers[1].ip.ttl"), "32");
  EXPECT_FALSE(field("layers[1].ip.ttl").data(Qt::FontRole).value<QFont>().italic());
  EXPECT_EQ(field("layers[1].ip.ttl", LayerFieldsModel::kModeColumn).data().toString(), "override");
  EXPECT_TRUE(field("layers[1].ip.ttl").data(kIsOverrideRole).toBool());
  EXPECT_NE(value("layers[1].ip.checksum"), checksumBefore);  // recomputed for the new TTL
  EXPECT_EQ(static_cast<uint8_t>(model.previewFrame()[22]), 32);
}

TEST_F(LayerFieldsModelTest, InvalidTextIsRejectedWithTheAllowedRange) {
  load(udpStream());
  QSignalSpy rejected(&model, &LayerFieldsModel::editRejected);
  QSignalSpy edited(&model, &LayerFieldsModel::streamEdited);
  EXPECT_FALSE(model.setData(field("layers[1].ip.ttl"), "300"));
  EXPECT_FALSE(model.setData(field("layers[1].ip.dst"), "10.0.0.300"));
  ASSERT_EQ(rejected.count(), 2);
  EXPECT_EQ(rejected[0][0].toString(), "layers[1].ip.ttl");
  EXPECT_TRUE(rejected[0][1].toString().contains("allowed 0..255")) << rejected[0][1].toString().toStdString();
  EXPECT_EQ(rejected[1][0].toString(), "layers[1].ip.dst");
  EXPECT_TRUE(rejected[1][1].toString().contains("IPv4 address")) << rejected[1][1].toString().toStdString();
  EXPECT_EQ(edited.count(), 0);
  EXPECT_EQ(override(1, "ip.ttl"), "<auto>");
  EXPECT_EQ(override(1, "ip.dst"), "<auto>");
}

TEST_F(LayerFieldsModelTest, TheDronesLinkWordsAreKeptAsTypedAndOffered) {
  load(udpStream());
  ASSERT_TRUE(model.setData(field("layers[0].eth.src"), " device "));
  ASSERT_TRUE(model.setData(field("layers[0].eth.dst"), "resolve"));
  EXPECT_EQ(override(0, "eth.src"), "device") << "not 00:00:00:00:00:00: the drone fills it at start";
  EXPECT_EQ(override(0, "eth.dst"), "resolve");
  EXPECT_EQ(value("layers[0].eth.src"), "device");
  EXPECT_EQ(field("layers[0].eth.src").data(Qt::EditRole).toString(), "device");
  EXPECT_TRUE(field("layers[0].eth.src").data(kEnumNamesRole).toStringList().join("|").startsWith("device ("));
  EXPECT_TRUE(field("layers[0].eth.dst").data(kEnumNamesRole).toStringList().join("|").startsWith("resolve ("));
  QSignalSpy rejected(&model, &LayerFieldsModel::editRejected);
  EXPECT_FALSE(model.setData(field("layers[0].eth.src"), "resolve")) << "each address has its own word";
  EXPECT_EQ(rejected.count(), 1);
  EXPECT_EQ(override(0, "eth.src"), "device");
  ASSERT_TRUE(model.setData(field("layers[0].eth.src"), "02:00:00:00:00:01"));
  EXPECT_EQ(override(0, "eth.src"), "02:00:00:00:00:01");
}

TEST_F(LayerFieldsModelTest, ClearingOrModeAutoRemovesTheOverride) {
  load(S({L("eth"), L("ip", {{"ip.ttl", "5"}, {"ip.id", "0x0001"}}), L("udp")}, 64));
  EXPECT_EQ(value("layers[1].ip.ttl"), "5");
  ASSERT_TRUE(model.setData(field("layers[1].ip.ttl"), "  "));
  EXPECT_EQ(override(1, "ip.ttl"), "<auto>");
  EXPECT_EQ(value("layers[1].ip.ttl"), "64 (auto)");
  ASSERT_TRUE(model.setData(field("layers[1].ip.id", LayerFieldsModel::kModeColumn), "auto"));
  EXPECT_EQ(override(1, "ip.id"), "<auto>");
  // Override pins the value shown, here a computed one.
  ASSERT_TRUE(model.setData(field("layers[1].ip.len", LayerFieldsModel::kModeColumn), "override"));
  EXPECT_EQ(override(1, "ip.len"), "28");
  EXPECT_FALSE(model.setData(field("layers[1].ip.len", LayerFieldsModel::kModeColumn), "sometimes"));
}

TEST_F(LayerFieldsModelTest, TypingTheAutomaticValueKeepsTheFieldAutomatic) {
  load(udpStream());
  QSignalSpy edited(&model, &LayerFieldsModel::streamEdited);
  ASSERT_TRUE(model.setData(field("layers[1].ip.ttl"), "64"));
  ASSERT_TRUE(model.setData(field("layers[1].ip.proto"), "udp"));
  EXPECT_EQ(edited.count(), 0);
  EXPECT_EQ(model.stream().layers(1).fields_size(), 0);
}

TEST_F(LayerFieldsModelTest, OptionalFieldsAreSentOnlyWhenSet) {
  load(S({L("eth"), L("ip"), L("tcp")}, 64));
  EXPECT_EQ(value("layers[2].tcp.options.mss_val"), "not sent");
  EXPECT_EQ(value("layers[2].tcp.hdr_len"), "5 (auto)");
  ASSERT_TRUE(model.setData(field("layers[2].tcp.options.mss_val"), "1460"));
  EXPECT_EQ(override(2, "tcp.options.mss_val"), "1460");
  EXPECT_EQ(value("layers[2].tcp.hdr_len"), "6 (auto)");
}

TEST_F(LayerFieldsModelTest, RowsFollowTheVariant) {
  load(S({L("eth"), L("ip"), L("icmp"), L("payload")}, 64));
  auto names = [&] {
    QStringList out;
    const QModelIndex icmp = model.index(2, 0);
    for (int r = 0; r < model.rowCount(icmp); ++r) out << model.index(r, 0, icmp).data(kFieldNameRole).toString();
    return out;
  };
  EXPECT_TRUE(names().contains("icmp.ident"));
  EXPECT_FALSE(names().contains("icmp.mtu"));
  ASSERT_TRUE(model.setData(field("layers[2].icmp.seq"), "7"));
  QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
  ASSERT_TRUE(model.setData(field("layers[2].icmp.type"), "destination-unreachable"));
  EXPECT_EQ(reset.count(), 0);  // rows inserted and removed, not a reset
  EXPECT_TRUE(names().contains("icmp.mtu"));
  EXPECT_FALSE(names().contains("icmp.ident"));
  EXPECT_TRUE(names().contains("icmp.seq"));  // an override stays visible so it can be cleared
  ASSERT_TRUE(model.setData(field("layers[2].icmp.seq"), ""));
  EXPECT_FALSE(names().contains("icmp.seq"));
}

TEST_F(LayerFieldsModelTest, ErrorPathsMapToRows) {
  load(udpStream());
  EXPECT_EQ(model.indexForPath("layers[1].ip.ttl").data(kFieldNameRole).toString(), "ip.ttl");
  EXPECT_EQ(model.indexForPath("streams[3].layers[2].udp.dstport").data(kFieldNameRole).toString(), "udp.dstport");
  const QModelIndex layer = model.indexForPath("layers[2]");
  EXPECT_TRUE(layer.isValid() && !layer.parent().isValid());
  EXPECT_EQ(layer.row(), 2);
  EXPECT_EQ(model.indexForPath("layers[1].ip.tll"), model.index(1, 0));  // unknown field: its layer
  EXPECT_FALSE(model.indexForPath("layers[9].ip.ttl").isValid());
  EXPECT_FALSE(model.indexForPath("frame_length.fixed").isValid());
  model.setErrorPath("layers[1].ip.ttl");
  EXPECT_TRUE(field("layers[1].ip.ttl").data(Qt::BackgroundRole).isValid());
  EXPECT_FALSE(field("layers[1].ip.dst").data(Qt::BackgroundRole).isValid());
  model.setErrorPath({});
  EXPECT_FALSE(field("layers[1].ip.ttl").data(Qt::BackgroundRole).isValid());
}

TEST_F(LayerFieldsModelTest, SetStreamKeepsRowsWhenTheLayersStay) {
  load(udpStream());
  QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
  v1::Stream longer = udpStream();
  longer.mutable_frame_length()->set_fixed(128);
  model.setStream(longer);
  EXPECT_EQ(reset.count(), 0);
  EXPECT_EQ(value("layers[1].ip.len"), "110 (auto)");
  v1::Stream tcp = S({L("eth"), L("ip"), L("tcp")}, 64);
  model.setStream(tcp);
  EXPECT_EQ(reset.count(), 1);
  EXPECT_EQ(model.index(2, 1).data().toString(), "tcp");
}

TEST_F(LayerFieldsModelTest, InvalidStreamsStillShowTheirFields) {
  load(S({L("eth"), L("udp"), L("nonsense")}, 64));
  ASSERT_EQ(model.rowCount(), 3);
  EXPECT_TRUE(model.previewFrame().isEmpty());
  EXPECT_EQ(value("layers[1].udp.dstport"), "49153 (auto)");
  EXPECT_EQ(model.rowCount(model.index(2, 0)), 0);
  EXPECT_TRUE(model.index(2, 1).data().toString().contains("unknown"));
}

}  // namespace
}  // namespace staccato::client
