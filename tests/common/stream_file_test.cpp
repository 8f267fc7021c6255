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
  file.set_format_version(kStreamFileFormat);
  EXPECT_EQ(back->SerializeAsString(), file.SerializeAsString());
}

TEST(StreamFile, ClearErrors) {
  EXPECT_EQ(parseStreamFile(R"({"streams": []})").error().toString(),
            "format_version: missing; a stream file starts with {\"format_version\": 1, ...}");
  EXPECT_EQ(parseStreamFile(R"({"format_version": 9})").error().toString(),
            "format_version: the file is format 9, written by a newer Staccato; this version reads formats up to 1 "
            "(upgrade Staccato)");
  auto unknown = parseStreamFile(R"({"format_version": 1, "streams": [{"nmae": "x"}]})");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("nmae"), std::string::npos) << unknown.error().message;
  EXPECT_FALSE(parseStreamFile("{not json").ok());
  EXPECT_FALSE(parseStreamFile("").ok());
  auto missing = loadStreamFile("/nonexistent/x.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().toString(), "/nonexistent/x.json: cannot open: No such file or directory");
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

}  // namespace
}  // namespace staccato::test
