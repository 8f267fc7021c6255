// DecodeModel: the decoded tree of a rendered frame with each node's byte range.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

#include "client/models/editor/decode_model.h"
#include "tests/client/editor/editor_test_util.h"
#include "tests/support/stacks.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;
using test::findIndex;
using test::renderedBytes;

class DecodeModelTest : public ::testing::Test {
 protected:
  QModelIndex fieldNode(const char* name) {
    const QModelIndex i = findIndex(model, kFieldNameRole, QString::fromLatin1(name));
    EXPECT_TRUE(i.isValid()) << name;
    return i;
  }
  QPoint range(const QModelIndex& i) { return i.data(kByteRangeRole).toPoint(); }

  DecodeModel model;
  QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::Fatal};
};

TEST_F(DecodeModelTest, LayersAndFieldsWithTheirBytes) {
  model.setFrame(renderedBytes(S({L("eth"), L("ip", {{"ip.ttl", "32"}}), L("udp"), L("payload"), L("signature")}, 64)));
  ASSERT_EQ(model.rowCount(), 5);  // the 2 payload bytes decode as raw bytes
  EXPECT_EQ(model.index(0, 0).data().toString(), "Ethernet II (eth), 14 bytes");
  EXPECT_EQ(model.index(1, 0).data().toString(), "IPv4 (ip), 20 bytes");
  EXPECT_EQ(model.index(3, 0).data().toString(), "Raw bytes (raw), 2 bytes");
  EXPECT_EQ(model.index(4, 0).data().toString(), "Staccato signature (signature), 16 bytes");
  EXPECT_EQ(range(model.index(1, 0)), QPoint(14, 20));
  EXPECT_EQ(range(model.index(4, 0)), QPoint(44, 16));

  EXPECT_EQ(fieldNode("ip.ttl").data().toString(), "Time to live: 32");
  EXPECT_EQ(fieldNode("ip.proto").data().toString(), "Protocol: udp (17)");
  EXPECT_EQ(fieldNode("eth.type").data().toString(), "Type: 0x0800 (ipv4)");
  EXPECT_EQ(range(fieldNode("ip.ttl")), QPoint(22, 1));
  EXPECT_EQ(range(fieldNode("ip.version")), QPoint(14, 1));  // sub-byte: the containing byte
  EXPECT_EQ(range(fieldNode("ip.hdr_len")), QPoint(14, 1));
  EXPECT_EQ(range(fieldNode("ip.flags.df")), QPoint(20, 1));
  EXPECT_EQ(range(fieldNode("ip.frag_offset")), QPoint(20, 2));
  EXPECT_EQ(range(fieldNode("ip.dst")), QPoint(30, 4));
  EXPECT_EQ(range(fieldNode("udp.dstport")), QPoint(36, 2));
  EXPECT_EQ(range(fieldNode("signature.timestamp")), QPoint(52, 8));
}

TEST_F(DecodeModelTest, IndexForByteFindsTheDeepestNode) {
  model.setFrame(renderedBytes(S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 64)));
  EXPECT_EQ(model.indexForByte(22).data(kFieldNameRole).toString(), "ip.ttl");
  EXPECT_EQ(model.indexForByte(0).data(kFieldNameRole).toString(), "eth.dst");
  EXPECT_EQ(model.indexForByte(37).data(kFieldNameRole).toString(), "udp.dstport");
  EXPECT_EQ(model.indexForByte(59).data(kFieldNameRole).toString(), "signature.timestamp");
  const QModelIndex raw = model.indexForByte(42);  // payload bytes: the raw layer's data node
  EXPECT_TRUE(raw.data().toString().startsWith("Data (2 bytes)")) << raw.data().toString().toStdString();
  EXPECT_FALSE(model.indexForByte(60).isValid());
  EXPECT_FALSE(model.indexForByte(-1).isValid());
}

TEST_F(DecodeModelTest, OptionsAndPaddingAreNodes) {
  model.setFrame(renderedBytes(S({L("eth"), L("ip", {{"ip.options", "94040000"}})}, 64)));
  ASSERT_EQ(model.rowCount(), 3);
  const QModelIndex ip = model.index(1, 0);
  const QModelIndex options = model.index(model.rowCount(ip) - 1, 0, ip);
  EXPECT_EQ(options.data().toString(), "Options (4 bytes): 94040000");
  EXPECT_EQ(range(options), QPoint(34, 4));
  EXPECT_TRUE(options.data(Qt::ToolTipRole).toString().contains("94040000"));
  EXPECT_EQ(model.index(2, 0).data().toString(), "Padding (22 bytes)");
  EXPECT_EQ(range(model.index(2, 0)), QPoint(38, 22));
  EXPECT_EQ(model.indexForByte(50), model.index(2, 0));
}

TEST_F(DecodeModelTest, EmptyAndTruncatedFrames) {
  model.setFrame({});
  EXPECT_EQ(model.rowCount(), 0);
  model.setFrame(QByteArray::fromHex("020000000002020000000001"));  // 12 bytes: not even an Ethernet header
  ASSERT_EQ(model.rowCount(), 1);
  EXPECT_EQ(range(model.index(0, 0)), QPoint(0, 12));
}

}  // namespace
}  // namespace staccato::client
