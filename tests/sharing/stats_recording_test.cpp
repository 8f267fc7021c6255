// Stats recordings (client/core/files/stats_recording.h): what is written reads back whole, per
// drone and interval; a recording that lost or repeated an interval, a line that is not one, or
// a file that is not a recording is refused naming the line; CSV has a row per port and stream.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "client/core/files/stats_recording.h"

namespace staccato::client {
namespace {

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name)).string();
}

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

v1::StatsSnapshot snapshotAt(uint64_t seconds) {
  v1::StatsSnapshot s;
  s.set_timestamp_ns(seconds * 1'000'000'000);
  auto* p = s.add_ports();
  p->set_port("va");
  p->set_tx_packets(seconds * 1000);
  auto* r = s.add_streams();
  r->set_tx_port("va");
  r->set_rx_port("vb");
  r->set_stream_id(7);
  r->set_rx_packets(seconds * 999);
  return s;
}

TEST(StatsRecording, ReadsBackEveryIntervalOfEveryDrone) {
  const std::string path = tempPath("rec.jsonl");
  {
    auto r = StatsRecorder::open(path, 500);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    for (uint64_t t = 1; t <= 3; ++t) {
      ASSERT_TRUE((*r)->record("@lab-a", snapshotAt(t)).ok());
      ASSERT_TRUE((*r)->record("unix:/run/b.sock", snapshotAt(t + 100)).ok());
    }
    EXPECT_EQ((*r)->written(), 6u);
  }
  auto back = loadStatsRecording(path);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  EXPECT_EQ(back->header.format_version(), kStatsRecordingFormat);
  EXPECT_EQ(back->header.interval_ms(), 500u);
  EXPECT_TRUE(back->header.recorded_by().starts_with("staccato "));
  ASSERT_EQ(back->lines.size(), 6u);
  EXPECT_EQ(back->lines[4].drone(), "@lab-a");
  EXPECT_EQ(back->lines[4].interval(), 2u);
  EXPECT_EQ(back->lines[4].snapshot().streams(0).rx_packets(), 2997u);
  std::filesystem::remove(path);
}

TEST(StatsRecording, RefusesGapsStrangersAndWhatIsNotARecording) {
  const std::string header = R"({"format_version": 1, "interval_ms": 1000})";
  const auto line = [](uint64_t interval) {
    return R"({"drone": "d", "interval": ")" + std::to_string(interval) + R"(", "snapshot": {"timestamp_ns": "1"}})";
  };
  EXPECT_TRUE(parseStatsRecording(header + "\n" + line(0) + "\n" + line(1) + "\n").ok());
  auto gap = parseStatsRecording(header + "\n" + line(0) + "\n" + line(2) + "\n");
  ASSERT_FALSE(gap.ok());
  EXPECT_EQ(gap.error().toString(), "line 3: d: interval 2 where 1 was due (the recording lost or repeated some)");
  auto stranger = parseStatsRecording(header + "\n" + R"({"drone": "d", "interval": "0", "snapshot": {"bogus": 1}})");
  ASSERT_FALSE(stranger.ok());
  EXPECT_TRUE(stranger.error().toString().starts_with("line 2: snapshot.bogus")) << stranger.error().toString();
  auto future = parseStatsRecording(R"({"format_version": 9})");
  ASSERT_FALSE(future.ok());
  EXPECT_NE(future.error().toString().find("newer"), std::string::npos) << future.error().toString();
  EXPECT_FALSE(parseStatsRecording("").ok());
  EXPECT_FALSE(parseStatsRecording(header + "\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n").ok());
}

TEST(StatsRecording, CsvHasARowPerPortAndStreamAndInterval) {
  const std::string path = tempPath("rec.csv");
  {
    auto r = StatsRecorder::open(path, 1000);
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE((*r)->record("=cmd|calc", snapshotAt(1)).ok());
    ASSERT_TRUE((*r)->record("=cmd|calc", snapshotAt(2)).ok());
  }
  std::istringstream in(readAll(path));
  std::vector<std::string> rows;
  for (std::string l; std::getline(in, l);) rows.push_back(l);
  ASSERT_EQ(rows.size(), 5u) << "a header, then a port row and a stream row per interval";
  EXPECT_TRUE(rows[0].starts_with("interval,timestamp_ns,drone,row,port,stream,rx_port,tx_packets,rx_packets"));
  EXPECT_TRUE(rows[3].starts_with("1,2000000000,'=cmd|calc,port,va,,,2000,")) << rows[3] << " (formula-like text made inert)";
  EXPECT_TRUE(rows[4].starts_with("1,2000000000,'=cmd|calc,stream,va,7,vb,0,1998,")) << rows[4];
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace staccato::client
