#include <gtest/gtest.h>

#include "common/stream/patch_program.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

v1::VariableField* vary(v1::Stream& s, const std::string& field, v1::VariableField::Mode mode) {
  auto* v = s.add_variable_fields();
  v->set_field(field);
  v->set_mode(mode);
  return v;
}

std::vector<std::string> column(const std::vector<std::map<std::string, std::string>>& rows, const std::string& f,
                                size_t n) {
  std::vector<std::string> out;
  for (size_t i = 0; i < n; ++i) out.push_back(rows[i].at(f));
  return out;
}

TEST(VariableFields, HostPartIncrementsWithPrefixAndCount) {
  v1::Stream s = S({L("eth"), L("ip", {{"ip.src", "10.0.0.254"}}), L("udp"), L("payload")});
  auto* v = vary(s, "ip.src", v1::VariableField::INCREMENT);
  v->set_prefix_length(24);
  v->set_count(4);
  auto rows = tsharkFields(buildFrames(s, 6), {"ip.src", "ip.checksum.status", "udp.checksum.status"});
  EXPECT_EQ(column(rows, "ip.src", 6),
            (std::vector<std::string>{"10.0.0.254", "10.0.0.255", "10.0.0.0", "10.0.0.1", "10.0.0.254", "10.0.0.255"}));
  for (auto& r : rows) EXPECT_EQ(r["ip.checksum.status"] + r["udp.checksum.status"], "11");
}

TEST(VariableFields, ThreeFieldsKeepEveryChecksumRight) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 128);
  vary(s, "ip.src", v1::VariableField::RANDOM);
  vary(s, "udp.srcport", v1::VariableField::INCREMENT)->set_step(7);
  vary(s, "ip.id", v1::VariableField::DECREMENT)->set_start("5");
  auto frames = buildFrames(s, 200);
  auto rows = tsharkFields(frames, {"ip.checksum.status", "udp.checksum.status", "udp.srcport", "ip.id"});
  for (size_t i = 0; i < frames.size(); ++i) {
    EXPECT_EQ(rows[i]["ip.checksum.status"], "1") << i;
    EXPECT_EQ(rows[i]["udp.checksum.status"], "1") << i;
    EXPECT_EQ(rows[i]["udp.srcport"], std::to_string((49152 + 7 * i) & 0xffff));
    EXPECT_EQ(std::stoul(rows[i]["ip.id"], nullptr, 16), (5 - i) & 0xffff);
  }
}

TEST(VariableFields, MasksListsAndUnalignedFields) {
  v1::Stream s = S({L("eth"), L("vlan", {{"vlan.id", "100"}}), L("ip"), L("udp", {{"udp.srcport", "0xab00"}}), L("payload")});
  vary(s, "vlan.id", v1::VariableField::INCREMENT)->set_count(3);
  vary(s, "udp.srcport", v1::VariableField::RANDOM)->set_mask("0x00ff");
  auto* list = vary(s, "eth.dst", v1::VariableField::LIST);
  list->add_values("02:00:00:00:00:0a");
  list->add_values("02:00:00:00:00:0b");
  auto rows = tsharkFields(buildFrames(s, 6), {"vlan.id", "udp.srcport", "eth.dst", "udp.checksum.status"});
  EXPECT_EQ(column(rows, "vlan.id", 6), (std::vector<std::string>{"100", "101", "102", "100", "101", "102"}));
  EXPECT_EQ(column(rows, "eth.dst", 3),
            (std::vector<std::string>{"02:00:00:00:00:0a", "02:00:00:00:00:0b", "02:00:00:00:00:0a"}));
  std::set<std::string> ports;
  for (auto& r : rows) {
    EXPECT_EQ(std::stoul(r["udp.srcport"]) & 0xff00, 0xab00u);
    EXPECT_EQ(r["udp.checksum.status"], "1");
    ports.insert(r["udp.srcport"]);
  }
  EXPECT_GT(ports.size(), 3u);
}

TEST(VariableFields, Ipv6AndMacAddresses) {
  v1::Stream s = S({L("eth", {{"eth.src", "02:00:00:00:00:ff"}}), L("ipv6", {{"ipv6.src", "2001:db8::ffff"}}), L("udp"),
                    L("payload")},
                   100);
  vary(s, "ipv6.src", v1::VariableField::INCREMENT)->set_prefix_length(112);
  vary(s, "eth.src", v1::VariableField::INCREMENT)->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 3), {"ipv6.src", "eth.src", "udp.checksum.status"});
  EXPECT_EQ(column(rows, "ipv6.src", 3), (std::vector<std::string>{"2001:db8::ffff", "2001:db8::", "2001:db8::1"}));
  EXPECT_EQ(column(rows, "eth.src", 3),
            (std::vector<std::string>{"02:00:00:00:00:ff", "02:00:00:00:01:00", "02:00:00:00:00:ff"}));
  for (auto& r : rows) EXPECT_EQ(r["udp.checksum.status"], "1");
}

TEST(VariableFields, BillionCombinationsCompileInConstantMemory) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload")});
  vary(s, "ip.src", v1::VariableField::INCREMENT)->set_count(1000);
  vary(s, "udp.srcport", v1::VariableField::INCREMENT)->set_count(1000);
  vary(s, "ip.id", v1::VariableField::INCREMENT)->set_count(1000);
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->frameTemplate.size(), 60u);
  EXPECT_LE(plan->ops.size(), 6u);
  EXPECT_TRUE(plan->listValues.empty());
  EXPECT_LE(plan->ranges.size(), 8u);
}

TEST(VariableFields, StridedWorkersProduceTheSinglePacketSequence) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 90);
  vary(s, "ip.src", v1::VariableField::INCREMENT)->set_count(5);
  vary(s, "udp.dstport", v1::VariableField::DECREMENT)->set_step(3);
  auto plan = compile(s);
  ASSERT_TRUE(plan.ok());
  std::vector<Frame> single = buildFrames(s, 12);
  for (uint64_t q = 0; q < 3; ++q) {
    PatchState st = makePatchState(*plan, q, 3);
    Frame f = plan->frameTemplate;
    for (uint64_t n = q; n < 12; n += 3) {
      uint16_t len = applyPatchProgram(*plan, st, f.data(), 1'000'000'000ull + n);
      EXPECT_EQ(Frame(f.begin(), f.begin() + len), single[n]) << "queue " << q << " packet " << n;
    }
  }
}

TEST(VariableFields, ErrorsNameTheDefinition) {
  auto err = [](const std::string& field, std::function<void(v1::VariableField*)> tweak = {}) {
    v1::Stream s = S({L("eth"), L("ipv6"), L("udp"), L("payload")}, 100);
    auto* v = s.add_variable_fields();
    v->set_field(field);
    if (tweak) tweak(v);
    return compileError(s);
  };
  EXPECT_EQ(err("udp.length"), "variable_fields[0].field: udp.length is computed automatically; give it a value in the layer to vary it");
  EXPECT_EQ(err("ip.src"), "variable_fields[0].field: no layer has a field ip.src (layers: eth, ipv6, udp, payload)");
  EXPECT_EQ(err("ipv6.src", [](auto* v) { v->set_prefix_length(32); }),
            "variable_fields[0].prefix_length: at most 64 bits can vary: use 64 or more");
  EXPECT_EQ(err("udp.srcport", [](auto* v) { v->set_mask("0"); }), "variable_fields[0].mask: no bits would vary");
  EXPECT_EQ(err("udp.srcport", [](auto* v) { v->set_layer(1); }), "variable_fields[0].field: layer 1 (ipv6) has no field udp.srcport");
  EXPECT_EQ(err("payload.pattern"), "variable_fields[0].field: payload.pattern cannot be a variable field (it sets the header's size or shape)");
  EXPECT_EQ(err("udp.srcport", [](auto* v) { v->set_start("70000"); }), "variable_fields[0].start: 70000 exceeds 16 bits (allowed 0..65535)");
  EXPECT_EQ(err(""), "variable_fields[0].field: name the field to vary, e.g. \"ip.src\"");
}

}  // namespace
}  // namespace staccato::test
