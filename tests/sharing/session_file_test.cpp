#include <gtest/gtest.h>

#include "client/core/files/session_file.h"
#include "common/files/stream_file.h"

namespace staccato::test {
namespace {

const std::string kData = std::string(STACCATO_SOURCE_DIR) + "/tests/data/files/";

TEST(SessionFile, FormatOneFilesLoad) {
  auto s = client::loadSessionFile(kData + "session-v1/two-drones.json");
  ASSERT_TRUE(s.ok()) << s.error().toString();
  ASSERT_EQ(s->drones_size(), 2);
  EXPECT_EQ(s->drones(0).address(), "lab-a:7878");
  EXPECT_EQ(s->drones(0).ports(0).config().tx_mode(), v1::PortConfig::INTERLEAVED);
  EXPECT_EQ(s->drones(0).ports(0).config().tx_queues(), 2u);
  EXPECT_EQ(s->drones(0).ports(0).streams(0).variable_fields(0).field(), "udp.srcport");
  EXPECT_EQ(s->drones(1).ports(0).streams(0).layers(1).protocol(), "arp");
}

TEST(SessionFile, RoundTripIsLosslessAndHasNoSecrets) {
  auto s = client::loadSessionFile(kData + "session-v1/two-drones.json");
  ASSERT_TRUE(s.ok());
  const std::string json = client::sessionFileToJson(*s);
  auto back = client::parseSessionFile(json);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  v1::SessionFile expected = *s;
  expected.set_saved_by(back->saved_by());
  EXPECT_EQ(back->SerializeAsString(), expected.SerializeAsString());
  // The schema has no member that could hold a token: a file naming one is refused.
  auto token = client::parseSessionFile(R"({"format_version": 1, "drones": [{"address": "a:1", "token": "s3cret"}]})");
  ASSERT_FALSE(token.ok());
  EXPECT_EQ(token.error().path, "drones[0].token");
}

TEST(SessionFile, ErrorsNameThePathAndLoadNothing) {
  auto error = [](const std::string& json) { return client::parseSessionFile(json).error().toString(); };
  EXPECT_EQ(error(R"({"format_version": 1, "drones": [{"address": "a:1", "ports": [{"name": "e", "config": {"tx_mode": "FAST"}}]}]})"),
            "drones[0].ports[0].config.tx_mode: 'FAST' is not one of TX_MODE_UNSPECIFIED, SEQUENTIAL, INTERLEAVED");
  EXPECT_EQ(error(R"({"format_version": 1, "drones": [{"address": "a:1", "ports": [{"name": "e", "streams": [
               {"layers": [{"protocol": "eth"}, {"protocol": "ip", "fields": {"ip.ttl": "300"}}]}]}]}]})"),
            "drones[0].ports[0].streams[0].layers[1].ip.ttl: 300 exceeds 8 bits (allowed 0..255)");
  EXPECT_EQ(error(R"({"format_version": 1, "drones": [{"address": "a:1"}, {"address": "a:1"}]})"),
            "drones[1].address: 'a:1' appears twice; list each drone once with all its ports");
  EXPECT_EQ(error(R"({"format_version": 1, "drones": [{"address": "a:1", "ports": [{"name": "e"}, {"name": "e"}]}]})"),
            "drones[0].ports[1].name: port 'e' appears twice on drone a:1");
  EXPECT_EQ(error(R"({"format_version": 1, "drones": [{"ports": []}]})").substr(0, 26), "drones[0].address: missing");
  EXPECT_EQ(error(R"({"format_version": 2, "drones": []})"),
            "format_version: the file is format 2, written by a newer Staccato; this version reads formats up to 1 "
            "(upgrade Staccato)");
  auto missing = client::loadSessionFile("/nonexistent/s.json");
  EXPECT_EQ(missing.error().toString(), "/nonexistent/s.json: cannot open: No such file or directory");
}

TEST(SessionFile, TellsSessionsFromStreamFiles) {
  EXPECT_TRUE(client::looksLikeSessionFile(R"({"format_version": 1, "drones": []})"));
  EXPECT_FALSE(client::looksLikeSessionFile(R"({"format_version": 1, "streams": [{"name": "drones"}]})"));
  EXPECT_FALSE(client::looksLikeSessionFile("not json"));
}

}  // namespace
}  // namespace staccato::test
