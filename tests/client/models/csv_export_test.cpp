#include <gtest/gtest.h>

#include <QStandardItemModel>

#include "client/models/csv_export.h"
#include "client/models/port_stats_model.h"
#include "tests/client/models/model_test_util.h"
#include "tests/client/models/stats_test_util.h"

namespace staccato::client::test {
namespace {

TEST(CsvExport, QuotesPerRfc4180) {
  QStandardItemModel model(2, 3);
  model.setHorizontalHeaderLabels({"Name", "Rate, pps", "Note"});
  model.setItem(0, 0, new QStandardItem("plain"));
  model.setItem(0, 1, new QStandardItem("1,000"));
  model.setItem(0, 2, new QStandardItem("say \"hi\""));
  model.setItem(1, 0, new QStandardItem("two\nlines"));
  model.setItem(1, 2, new QStandardItem("µs"));
  EXPECT_EQ(toCsv(model), "Name,\"Rate, pps\",Note\r\n"
                          "plain,\"1,000\",\"say \"\"hi\"\"\"\r\n"
                          "\"two\nlines\",,µs\r\n");
}

TEST(CsvExport, NamedRowsComeFirst) {
  PortStatsModel model;
  v1::StatsSnapshot snap;
  addPort(snap, "eth0", 1500);
  model.applySnapshot("d", "lab", snap);
  const QStringList lines = toCsv(model).split("\r\n");
  ASSERT_EQ(lines.size(), PortStatsModel::kRowCount + 2);  // header, rows, empty after the last CRLF
  EXPECT_EQ(lines[0], ",lab/eth0");
  EXPECT_EQ(lines[1 + PortStatsModel::kTxPackets], "Tx packets,\"1,500\"");
  EXPECT_EQ(lines.last(), "");
}

TEST(CsvExport, EmptyModelIsJustTheHeader) {
  QStandardItemModel model(0, 2);
  model.setHorizontalHeaderLabels({"a", "b"});
  EXPECT_EQ(toCsv(model), "a,b\r\n");
}

}  // namespace
}  // namespace staccato::client::test
