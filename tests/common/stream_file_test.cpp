#include <gtest/gtest.h>

#include <cstdio>

#include "common/files/stream_file.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(StreamFile, JsonRoundTripIsLossless) {
  v1::StreamFile file;
  *file.add_streams() = S({L("eth"), L("ip", {{"ip.src", "10.0.0.1"}}), L("udp"), L("payload")}, 128);
  auto* v = file.mutable_streams(0)->add_variable_fields();
  v->set_field("ip.src");
  v->set_count(10);
  file.mutable_streams(0)->mutable_rate()->set_unit(v1::Rate::BPS_L1);
  file.mutable_streams(0)->mutable_rate()->set_value(1e8);
  const std::string json = streamFileToJson(file);
  EXPECT_NE(json.find("\"ip.src\": \"10.0.0.1\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"format_version\": 1"), std::string::npos);
  auto back = parseStreamFile(json);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  file.set_format_version(requiredStreamFileFormat(file));
  EXPECT_EQ(back->SerializeAsString(), file.SerializeAsString());
}

TEST(StreamFile, ClearErrors) {
  EXPECT_EQ(parseStreamFile(R"({"streams": []})").error().toString(),
            "format_version: missing; a stream file starts with {\"format_version\": 1, ...} (2 only when a stream is a replay)");
  EXPECT_EQ(parseStreamFile(R"({"streams": [{"id": 1}, {"replay": {}}]})").error().toString(),
            "format_version: missing; a stream file with replay streams starts with {\"format_version\": 2, ...}");
  EXPECT_EQ(parseStreamFile(R"({"format_version": "1", "streams": []})").error().toString(),
            "format_version: expected a whole number from 1; a stream file starts with {\"format_version\": 1, ...} (2 "
            "only when a stream is a replay)");
  EXPECT_EQ(parseStreamFile(R"({"id": 1, "layers": [{"protocol": "eth"}]})").error().toString(),
            "format_version: missing; this looks like one stream, not a stream file: a stream file is "
            "{\"format_version\": 1, \"streams\": [STREAM, ...]}");
  EXPECT_EQ(parseStreamFile(R"({"format_version": 9})").error().toString(),
            "format_version: the file is format 9, written by a newer Staccato; this version reads formats up to 2 "
            "(upgrade Staccato)");
  auto unknown = parseStreamFile(R"({"format_version": 1, "streams": [{"nmae": "x"}]})");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().path, "streams[0].nmae") << unknown.error().toString();
  EXPECT_FALSE(parseStreamFile("{not json").ok());
  EXPECT_FALSE(parseStreamFile("").ok());
  const std::string bad = ::testing::TempDir() + "bad-member.json";
  ASSERT_TRUE(writeFileAtomically(bad, R"({"format_version": 1, "streams": [{"idd": 1}]})").ok());
  EXPECT_TRUE(loadStreamFile(bad).error().toString().starts_with(bad + ": streams[0].idd: unknown member"))
      << "the file, then the JSON path (as docs/sharing.md shows): " << loadStreamFile(bad).error().toString();
  auto missing = loadStreamFile("/nonexistent/x.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().toString(), "/nonexistent/x.json: cannot open: No such file or directory");
}

TEST(StreamFile, ErrorsNameTheJsonPath) {
  auto error = [](const char* json) { return parseStreamFile(json).error().toString(); };
  EXPECT_EQ(error(R"({"format_version": 1, "streams": [{}, {"layers": [{"protocol": "ip", "fieldz": {}}]}]})"),
            "streams[1].layers[0].fieldz: unknown member; Layer has: protocol, fields");
  EXPECT_EQ(error(R"({"format_version": 1, "streams": [{"rate": {"unit": "PPSS"}}]})"),
            "streams[0].rate.unit: 'PPSS' is not one of UNIT_UNSPECIFIED, PPS, BPS_L1, BPS_L2, LOAD_PERCENT, "
            "BURSTS_PER_SECOND, FASTEST");
  EXPECT_EQ(error(R"({"format_version": 1, "streams": [{"id": -1}]})"),
            "streams[0].id: expected a whole number in 0..4294967295");
  EXPECT_EQ(error(R"({"format_version": 1, "streams": [{"control": {"count": "ten"}}]})"),
            "streams[0].control.count: 'ten' is not a whole number");
  EXPECT_EQ(error(R"({"format_version": 1, "streams": {"id": 1}})"), "streams: expected a list, got an object");
  EXPECT_EQ(error(R"({"format_version": 1, "streams": [{"layers": [{"fields": {"ip.ttl": 64}}]}]})"),
            "streams[0].layers[0].fields[\"ip.ttl\"]: expected a string, got a number");
  EXPECT_EQ(error(R"({"format_version": 1, "streams": [{"enabled": "yes"}]})"),
            "streams[0].enabled: expected true or false, got a string");
  EXPECT_EQ(error(R"({"format_version": 2, "streams": [{"replay": {"frames": ["not base64!"]}}]})"),
            "streams[0].replay.frames[0]: not base64 text");
  EXPECT_EQ(error("[1, 2]"), "not a valid stream file: expected a JSON object {\"format_version\": ...}");
  EXPECT_EQ(error("{\"format_version\": 1,\n \"streams\": [}"), "not a valid stream file: Unexpected token. (near: })");
  // A newer file's members are newer, not unknown: the version error comes first.
  EXPECT_EQ(parseStreamFile(R"({"format_version": 3, "streams": [{"hologram": true}]})").error().path, "format_version");
  // camelCase member names (protobuf's JSON mapping) are accepted as well as the proto names.
  auto camel = parseStreamFile(R"({"format_version": 1, "streams": [{"frameLength": {"fixed": 70}}]})");
  ASSERT_TRUE(camel.ok()) << camel.error().toString();
  EXPECT_EQ(camel->streams(0).frame_length().fixed(), 70u);
}

TEST(StreamFile, WrittenInTheOldestFormatThatHoldsIt) {
  v1::StreamFile file;
  *file.add_streams() = S({L("eth"), L("ip"), L("udp")});
  EXPECT_NE(streamFileToJson(file).find("\"format_version\": 1"), std::string::npos);
  file.add_streams()->mutable_replay()->add_frames(std::string(60, '\x01'));
  EXPECT_NE(streamFileToJson(file).find("\"format_version\": 2"), std::string::npos);
  auto back = parseStreamFile(streamFileToJson(file));
  ASSERT_TRUE(back.ok()) << back.error().toString();
  EXPECT_EQ(back->streams(1).replay().frames(0), std::string(60, '\x01'));
}

TEST(StreamFile, SaveIsAtomicAndLoadsBack) {
  char path[] = "/tmp/staccato-streams-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  v1::StreamFile file;
  *file.add_streams() = S({L("eth"), L("arp")});
  ASSERT_TRUE(saveStreamFile(path, file).ok());
  auto back = loadStreamFile(path);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->streams(0).layers(1).protocol(), "arp");
  EXPECT_FALSE(saveStreamFile("/nonexistent-dir/x.json", file).ok());
  std::remove(path);
}

TEST(StreamFile, ExamplesInDocsAllCompile) {
  for (const char* name : {"udp-64", "tcp-syn-flood", "ipv6-udp-qinq", "imix", "arp-request", "icmp-echo-signature"}) {
    auto file = loadStreamFile(std::string(STACCATO_SOURCE_DIR) + "/docs/examples/" + name + ".json");
    ASSERT_TRUE(file.ok()) << file.error().toString();
    auto plans = compileAll(file->streams());
    EXPECT_TRUE(plans.ok()) << name << ": " << plans.error().toString();
  }
}

// Files may name EtherTypes and IP protocols Staccato has no protocol for yet (mpls, lldp, gre,
// sctp): they load whether or not a protocol claims the name.
TEST(StreamFile, NamesOfProtocolsWithoutALayerStillLoad) {
  auto file = parseStreamFile(R"({"format_version": 1, "streams": [
    {"layers": [{"protocol": "eth", "fields": {"eth.type": "mpls"}}, {"protocol": "raw"}]},
    {"layers": [{"protocol": "eth"}, {"protocol": "vlan", "fields": {"vlan.etype": "lldp"}}, {"protocol": "raw"}]},
    {"layers": [{"protocol": "eth"}, {"protocol": "ip", "fields": {"ip.proto": "gre"}}, {"protocol": "raw"}]},
    {"layers": [{"protocol": "eth"}, {"protocol": "ipv6", "fields": {"ipv6.nxt": "sctp"}}, {"protocol": "raw"}]}
  ]})");
  ASSERT_TRUE(file.ok()) << file.error().toString();
  std::vector<Frame> frames;
  for (v1::Stream s : file->streams()) {
    s.mutable_frame_length()->set_fixed(128);
    frames.push_back(buildFrame(s));
  }
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[0][12] << 8 | frames[0][13], 0x8847);
  EXPECT_EQ(frames[1][16] << 8 | frames[1][17], 0x88cc);
  EXPECT_EQ(frames[2][14 + 9], 47);
  EXPECT_EQ(frames[3][14 + 6], 132);
}

}  // namespace
}  // namespace staccato::test
