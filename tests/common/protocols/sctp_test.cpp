#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

constexpr char kInit[] = "1";

// The registry's per-field cases: Wireshark reads whatever follows an INIT chunk's fields as its
// parameters, so an INIT case carries nothing.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "sctp",
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      const auto& fields = layers[c.layer].fields();
      if (fields.contains("sctp.chunk_type") && fields.at("sctp.chunk_type") == kInit) layers.pop_back();
    },
});

v1::Layer data() {
  return L("sctp", {{"sctp.srcport", "5000"},
                    {"sctp.dstport", "6000"},
                    {"sctp.verification_tag", "0xcafe0001"},
                    {"sctp.data_tsn_raw", "4000000000"},
                    {"sctp.data_sid", "0x0007"},
                    {"sctp.data_ssn", "9"},
                    {"sctp.data_payload_proto_id", "46"},
                    {"sctp.data_u_bit", "1"}});
}

TEST(Sctp, DataChunkOverIpv4AndIpv6) {
  // 128-byte frames: 14 + 20 + 12 + 16 + 62 and 14 + 40 + 12 + 16 + 42 bytes.
  std::vector<Frame> frames = {buildFrame(S({L("eth"), L("ip"), data(), L("payload")}, 128)),
                               buildFrame(S({L("eth"), L("ipv6"), data(), L("payload")}, 128))};
  auto rows = tsharkFields(frames, {"ip.proto", "ipv6.nxt", "sctp.srcport", "sctp.dstport", "sctp.verification_tag",
                                    "sctp.checksum.status", "sctp.chunk_type", "sctp.chunk_flags", "sctp.chunk_length",
                                    "sctp.data_tsn_raw", "sctp.data_sid", "sctp.data_ssn", "sctp.data_payload_proto_id",
                                    "sctp.data_u_bit", "sctp.data_b_bit", "sctp.data_e_bit", "frame.protocols"});
  EXPECT_EQ(rows[0]["ip.proto"], "132");
  EXPECT_EQ(rows[1]["ipv6.nxt"], "132");
  for (auto& row : rows) {
    EXPECT_EQ(row["sctp.srcport"], "5000");
    EXPECT_EQ(row["sctp.dstport"], "6000");
    EXPECT_EQ(row["sctp.verification_tag"], "0xcafe0001");
    EXPECT_EQ(row["sctp.checksum.status"], "1");
    EXPECT_EQ(row["sctp.chunk_type"], "0");
    EXPECT_EQ(row["sctp.chunk_flags"], "0x07");  // U, B and E
    EXPECT_EQ(row["sctp.data_tsn_raw"], "4000000000");
    EXPECT_EQ(row["sctp.data_sid"], "0x0007");
    EXPECT_EQ(row["sctp.data_ssn"], "9");
    EXPECT_EQ(row["sctp.data_payload_proto_id"], "46");
    EXPECT_EQ(row["sctp.data_u_bit"] + row["sctp.data_b_bit"] + row["sctp.data_e_bit"], "111");
  }
  EXPECT_EQ(rows[0]["sctp.chunk_length"], "78");
  EXPECT_EQ(rows[1]["sctp.chunk_length"], "58");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
  for (const Frame& f : frames) expectRebuildsTheSame(f);
}

TEST(Sctp, InitChunk) {
  Frame f = buildFrame(S({L("eth"), L("ip"),
                          L("sctp", {{"sctp.chunk_type", "init"},
                                     {"sctp.verification_tag", "0x00000000"},
                                     {"sctp.init_initiate_tag", "0x1234abcd"},
                                     {"sctp.init_credit", "106496"},
                                     {"sctp.init_nr_out_streams", "5"},
                                     {"sctp.init_nr_in_streams", "65535"},
                                     {"sctp.init_initial_tsn", "3000000000"}})},
                         70));
  auto row = tsharkFields({f}, {"sctp.verification_tag", "sctp.checksum.status", "sctp.chunk_type", "sctp.chunk_flags",
                                "sctp.chunk_length", "sctp.init_initiate_tag", "sctp.init_credit",
                                "sctp.init_nr_out_streams", "sctp.init_nr_in_streams", "sctp.init_initial_tsn"})[0];
  EXPECT_EQ(row["sctp.verification_tag"], "0x00000000");
  EXPECT_EQ(row["sctp.checksum.status"], "1");
  EXPECT_EQ(row["sctp.chunk_type"], "1");
  EXPECT_EQ(row["sctp.chunk_flags"], "0x00");
  EXPECT_EQ(row["sctp.chunk_length"], "20");
  EXPECT_EQ(row["sctp.init_initiate_tag"], "0x1234abcd");
  EXPECT_EQ(row["sctp.init_credit"], "106496");
  EXPECT_EQ(row["sctp.init_nr_out_streams"], "5");
  EXPECT_EQ(row["sctp.init_nr_in_streams"], "65535");
  EXPECT_EQ(row["sctp.init_initial_tsn"], "3000000000");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Sctp, AnotherChunkTypeCarriesItsValueAbove) {
  // HEARTBEAT with its heartbeat-info parameter (type 1, length 8, 4 bytes) as raw bytes.
  Frame f = buildFrame(S({L("eth"), L("ipv6"), L("sctp", {{"sctp.chunk_type", "heartbeat"}}),
                          L("raw", {{"raw.data", "00010008deadbeef"}})},
                         90));
  auto row = tsharkFields({f}, {"sctp.chunk_type", "sctp.chunk_length", "sctp.parameter_heartbeat_information",
                                "sctp.checksum.status"})[0];
  EXPECT_EQ(row["sctp.chunk_type"], "4");
  EXPECT_EQ(row["sctp.chunk_length"], "12");
  EXPECT_EQ(row["sctp.parameter_heartbeat_information"], "deadbeef");
  EXPECT_EQ(row["sctp.checksum.status"], "1");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});
  expectRebuildsTheSame(f);
}

TEST(Sctp, DstportVariesAndTheCrc32cFollows) {
  v1::Stream s = S({L("eth"), L("ip"), data(), L("payload")}, 128);
  auto* v = s.add_variable_fields();
  v->set_field("sctp.dstport");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_count(3);
  auto rows = tsharkFields(buildFrames(s, 4), {"sctp.dstport", "sctp.checksum", "sctp.checksum.status"});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["sctp.dstport"], "6000");
  EXPECT_EQ(rows[1]["sctp.dstport"], "6001");
  EXPECT_EQ(rows[2]["sctp.dstport"], "6002");
  EXPECT_EQ(rows[3]["sctp.dstport"], "6000");
  EXPECT_NE(rows[0]["sctp.checksum"], rows[1]["sctp.checksum"]);
  EXPECT_EQ(rows[0]["sctp.checksum"], rows[3]["sctp.checksum"]);
  for (auto& row : rows) EXPECT_EQ(row["sctp.checksum.status"], "1");
}

TEST(Sctp, LengthAndTsnVaryAndTheChunkFollows) {
  v1::Stream s = S({L("eth"), L("ipv6"), data(), L("payload"), L("signature")});
  s.mutable_frame_length()->set_mode(v1::FrameLength::RANDOM);
  s.mutable_frame_length()->set_min(110);
  s.mutable_frame_length()->set_max(1518);
  auto* v = s.add_variable_fields();
  v->set_field("sctp.data_tsn_raw");
  auto frames = buildFrames(s, 40);
  auto rows = tsharkFields(frames, {"sctp.chunk_length", "sctp.data_tsn_raw", "sctp.checksum.status"});
  ASSERT_EQ(rows.size(), frames.size());
  for (size_t i = 0; i < frames.size(); ++i) {
    EXPECT_EQ(rows[i]["sctp.chunk_length"], std::to_string(frames[i].size() - 14 - 40 - 12)) << i;
    EXPECT_EQ(rows[i]["sctp.data_tsn_raw"], std::to_string(4000000000u + i)) << i;
    EXPECT_EQ(rows[i]["sctp.checksum.status"], "1") << i;
  }
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
}

TEST(Sctp, AWrongChecksumIsSentAsSet) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("sctp", {{"sctp.checksum", "0x01020304"}}), L("payload")}, 80));
  EXPECT_EQ(Frame(f.begin() + 42, f.begin() + 46), (Frame{1, 2, 3, 4}));
  auto row = tsharkFields({f}, {"sctp.checksum", "sctp.checksum.status"})[0];
  EXPECT_EQ(row["sctp.checksum"], "0x01020304");
  EXPECT_EQ(row["sctp.checksum.status"], "0");
  expectRebuildsTheSame(f);
}

}  // namespace
}  // namespace staccato::test
