// Hostile stream and session files: deeply nested JSON is refused by one linear pass before
// protobuf's parser (which is quadratic in the nesting depth) sees it.
#include <gtest/gtest.h>

#include <string>

#include "client/core/files/session_file.h"
#include "common/files/json_document.h"
#include "common/files/stream_file.h"

namespace staccato::test {
namespace {

std::string nested(size_t depth, char open = '[', char close = ']') {
  return std::string(depth, open) + std::string(depth, close);
}

TEST(HostileJson, DeeplyNestedArraysAreRefusedNamingTheLimitAndTheByte) {
  // 100,000 levels (200 KB) did not finish in 645 s before the check.
  auto r = parseStreamFile(nested(100'000));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(),
            "not a valid stream file: arrays and objects nest more than 32 levels deep at byte 32 "
            "(Staccato's files need about a dozen)");
}

TEST(HostileJson, DeepNestingInsideAMemberIsRefusedToo) {
  const std::string json = R"({"format_version": 1, "streams": )" + nested(5000) + "}";
  auto r = parseStreamFile(json);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("nest more than 32 levels"), std::string::npos) << r.error().toString();
}

TEST(HostileJson, BracketsInsideStringsDoNotCount) {
  const std::string name = std::string(500, '[') + "\\\"" + std::string(500, '{');
  const std::string json = R"({"format_version": 1, "streams": [{"name": ")" + name + R"(", "layers": [{"protocol": "eth"}]}]})";
  auto r = parseStreamFile(json);
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(r->streams(0).name(), std::string(500, '[') + "\"" + std::string(500, '{'));
}

TEST(HostileJson, ExactlyTheLimitStillParses) {
  auto ok = parseJsonValue(nested(kMaxJsonDepth), "test document");
  EXPECT_TRUE(ok.ok()) << ok.error().toString();
  EXPECT_FALSE(parseJsonValue(nested(kMaxJsonDepth + 1), "test document").ok());
  EXPECT_FALSE(parseJsonValue(nested(kMaxJsonDepth + 1, '{', '}'), "test document").ok());
}

TEST(HostileJson, SessionFilesAndTheirSnifferRefuseDeepNesting) {
  const std::string json = R"({"format_version": 1, "drones": )" + nested(100'000) + "}";
  EXPECT_FALSE(client::looksLikeSessionFile(json));
  auto r = client::parseSessionFile(json);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("nest more than 32 levels"), std::string::npos) << r.error().toString();
}

}  // namespace
}  // namespace staccato::test
