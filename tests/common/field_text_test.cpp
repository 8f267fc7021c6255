#include <gtest/gtest.h>

#include "common/packet/field_text.h"

namespace staccato {
namespace {

constexpr EnumName kNames[] = {{1, "one"}, {2, "two"}};

TEST(FieldText, NumbersInDecimalAndHexWithinWidth) {
  FieldSpec f{"x.ttl", "TTL", 8, FieldFormat::kDec, "0"};
  EXPECT_EQ(parseFieldText(f, "255")->num, 255u);
  EXPECT_EQ(parseFieldText(f, " 0x7f ")->num, 0x7fu);
  EXPECT_EQ(parseFieldText(f, "256").error().message, "256 exceeds 8 bits (allowed 0..255)");
  EXPECT_FALSE(parseFieldText(f, "-1").ok());
  EXPECT_FALSE(parseFieldText(f, "12abc").ok());
  EXPECT_FALSE(parseFieldText(f, "").ok());
}

TEST(FieldText, EnumsByNameOrNumber) {
  FieldSpec f{"x.op", "Op", 16, FieldFormat::kEnum, "1", kFieldNone, kNames};
  EXPECT_EQ(parseFieldText(f, "two")->num, 2u);
  EXPECT_EQ(parseFieldText(f, "7")->num, 7u);
  EXPECT_EQ(formatFieldValue(f, {2, {}}), "two");
  EXPECT_EQ(formatFieldValue(f, {7, {}}), "7");
  EXPECT_EQ(parseFieldText(f, "three").error().message, "'three' is not a valid Op (allowed 0..65535 or one of one two)");
}

TEST(FieldText, Addresses) {
  FieldSpec mac{"x.mac", "MAC", 48, FieldFormat::kMac, ""};
  FieldSpec v4{"x.v4", "IPv4", 32, FieldFormat::kIpv4, ""};
  FieldSpec v6{"x.v6", "IPv6", 128, FieldFormat::kIpv6, ""};
  EXPECT_EQ(parseFieldText(mac, "00:1B:21:aa:bb:cc")->num, 0x001b21aabbccull);
  EXPECT_EQ(parseFieldText(mac, "001b.21aa.bbcc").ok(), false);
  EXPECT_EQ(parseFieldText(mac, "00-1b-21-aa-bb-cc")->num, 0x001b21aabbccull);
  EXPECT_EQ(formatFieldValue(mac, {0x001b21aabbccull, {}}), "00:1b:21:aa:bb:cc");
  EXPECT_EQ(parseFieldText(v4, "10.1.2.3")->num, 0x0a010203u);
  EXPECT_FALSE(parseFieldText(v4, "10.1.2.256").ok());
  EXPECT_EQ(formatFieldValue(v4, {0x0a010203u, {}}), "10.1.2.3");
  auto a = parseFieldText(v6, "2001:db8::1");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->bytes.size(), 16u);
  EXPECT_EQ(formatFieldValue(v6, *a), "2001:db8::1");
}

TEST(FieldText, BytesAndFlags) {
  FieldSpec bytes{"x.b", "Bytes", 0, FieldFormat::kBytes, ""};
  FieldSpec flag{"x.f", "Flag", 1, FieldFormat::kFlag, "0"};
  EXPECT_EQ(parseFieldText(bytes, "de ad:be-ef")->bytes, (std::vector<uint8_t>{0xde, 0xad, 0xbe, 0xef}));
  EXPECT_FALSE(parseFieldText(bytes, "abc").ok());
  EXPECT_EQ(formatFieldValue(bytes, {0, {0xca, 0xfe}}), "cafe");
  EXPECT_EQ(parseFieldText(flag, "true")->num, 1u);
  EXPECT_EQ(parseFieldText(flag, "0")->num, 0u);
  EXPECT_FALSE(parseFieldText(flag, "2").ok());
}

TEST(FieldText, TextIsKeptExactlyAndMustBeUtf8) {
  FieldSpec text{"x.t", "Text", 0, FieldFormat::kText, ""};
  auto v = parseFieldText(text, "  INVITE sip:bob@example.com SIP/2.0\nVia: caf\u00e9\n\n");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(std::string(v->bytes.begin(), v->bytes.end()), "  INVITE sip:bob@example.com SIP/2.0\nVia: caf\u00e9\n\n");
  EXPECT_EQ(formatFieldValue(text, *v), "  INVITE sip:bob@example.com SIP/2.0\nVia: caf\u00e9\n\n");
  EXPECT_EQ(parseFieldText(text, "")->bytes.size(), 0u);
  EXPECT_FALSE(parseFieldText(text, "caf\xe9").ok());      // Latin-1, not UTF-8
  EXPECT_FALSE(parseFieldText(text, "\xc0\xaf").ok());    // overlong
  EXPECT_FALSE(parseFieldText(text, "\xed\xa0\x80").ok());  // surrogate
  EXPECT_FALSE(parseFieldText(text, "\xe2\x82").ok());    // cut short
  EXPECT_TRUE(parseFieldText(text, "\xf0\x9f\x8e\xb5").ok());  // U+1F3B5
  EXPECT_EQ(allowedRange(text), "UTF-8 text");
}

}  // namespace
}  // namespace staccato
