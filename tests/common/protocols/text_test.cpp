#include <gtest/gtest.h>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"
#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: CRLF line breaks read back as text.eol crlf.
const RegisterFieldCaseRules kFieldCases({.protocol = "text", .values = {{"text.eol", "crlf"}}});

const std::string kInvite =
    "INVITE sip:bob@example.com SIP/2.0\n"
    "Via: SIP/2.0/UDP 192.0.2.1:5060;branch=z9hG4bK776asdhds\n"
    "Max-Forwards: 70\n"
    "To: Bob <sip:bob@example.com>\n"
    "From: Alice <sip:alice@example.com>;tag=1928301774\n"
    "Call-ID: a84b4c76e66710@192.0.2.1\n"
    "CSeq: 314159 INVITE\n"
    "Contact: <sip:alice@192.0.2.1>\n"
    "Subject: caf\u00e9\n"
    "Content-Length: 0\n"
    "\n";

// Frame length (with the FCS) that ends the frame with the text: no Ethernet trailer.
uint32_t lengthFor(size_t headers, size_t textBytes) { return static_cast<uint32_t>(14 + headers + textBytes + 4); }

// The layer model read back from a frame: the text layer is Staccato's own, so it is put back by hand.
v1::Stream readBack(const Frame& f, const v1::Layer& text) {
  v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
  for (const ParsedLayer& p : parseFrame(f)) {
    if (p.state.spec->name == "raw") break;
    *again.add_layers() = toModelLayer(p.state);
  }
  *again.add_layers() = text;
  return again;
}

TEST(Text, SipInviteOverUdp) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp", {{"udp.srcport", "5060"}, {"udp.dstport", "5060"}}),
                    L("text", {{"text.lines", kInvite}, {"text.eol", "crlf"}})},
                   lengthFor(28, kInvite.size() + 11));
  Frame f = buildFrame(s);
  auto row = tsharkFields({f}, {"udp.length", "udp.checksum.status", "sip.Method", "sip.r-uri", "sip.Call-ID",
                                "sip.CSeq.seq", "sip.Content-Length", "frame.protocols"})[0];
  EXPECT_EQ(row["udp.checksum.status"], "1");
  EXPECT_EQ(row["udp.length"], std::to_string(8 + kInvite.size() + 11));  // 11 LFs sent as CRLF
  EXPECT_EQ(f.size(), 14 + 28 + kInvite.size() + 11);
  EXPECT_EQ(row["sip.Method"], "INVITE");
  EXPECT_EQ(row["sip.r-uri"], "sip:bob@example.com");
  EXPECT_EQ(row["sip.Call-ID"], "a84b4c76e66710@192.0.2.1");
  EXPECT_EQ(row["sip.CSeq.seq"], "314159");
  EXPECT_EQ(row["sip.Content-Length"], "0");
  EXPECT_EQ(row["frame.protocols"], "eth:ethertype:ip:udp:sip");
  EXPECT_EQ(tsharkProblems({f}), std::vector<std::string>{});

  // parse(build(x)) == x: the bytes after UDP decode as these lines with CRLF ends.
  std::vector<ParsedLayer> parsed = parseFrame(f);
  ASSERT_EQ(parsed.size(), 4u);
  const std::span<const uint8_t> tail(f.data() + parsed[3].offset, parsed[3].length);
  LayerState text(*ProtocolRegistry::builtin().find("text"));
  text.spec->tail->decode(tail, text);
  v1::Layer layer = toModelLayer(text);
  EXPECT_EQ(layer.fields().at("text.lines"), kInvite);
  EXPECT_EQ(layer.fields().at("text.eol"), "crlf");
  EXPECT_EQ(buildFrame(readBack(f, layer)), f);
}

TEST(Text, HttpRequestOverTcpWithLfOrAsTyped) {
  const std::string get = "GET /index.html HTTP/1.1\nHost: example.com\nUser-Agent: staccato\n\n";
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), L("ip"), L("tcp", {{"tcp.dstport", "80"}}),
                    L("text", {{"text.lines", get}, {"text.eol", "crlf"}})},
                   lengthFor(40, get.size() + 4))),
      buildFrame(S({L("eth"), L("ip"), L("tcp", {{"tcp.dstport", "80"}}), L("text", {{"text.lines", get}})},
                   lengthFor(40, get.size()))),
  };
  auto rows = tsharkFields(frames, {"http.request.method", "http.host", "tcp.len", "tcp.checksum.status"});
  EXPECT_EQ(rows[0]["http.request.method"], "GET");
  EXPECT_EQ(rows[0]["http.host"], "example.com");
  EXPECT_EQ(rows[0]["tcp.len"], std::to_string(get.size() + 4));
  EXPECT_EQ(rows[0]["tcp.checksum.status"], "1");
  EXPECT_EQ(rows[1]["tcp.len"], std::to_string(get.size()));  // as typed: LF
}

TEST(Text, MustBeUtf8) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("udp"), L("text", {{"text.lines", "caf\xe9"}})})),
            "layers[3].text.lines: not valid UTF-8 text");
}

TEST(Text, SourcePortVariesUnderIt) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp", {{"udp.srcport", "5060"}, {"udp.dstport", "5060"}}),
                    L("text", {{"text.lines", kInvite}, {"text.eol", "crlf"}})},
                   lengthFor(28, kInvite.size() + 11));
  auto* v = s.add_variable_fields();
  v->set_field("udp.srcport");
  v->set_count(2);
  auto rows = tsharkFields(buildFrames(s, 2), {"udp.srcport", "udp.checksum.status", "sip.Method"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1]["udp.srcport"], "5061");
  EXPECT_EQ(rows[1]["udp.checksum.status"], "1");
  EXPECT_EQ(rows[1]["sip.Method"], "INVITE");
}

}  // namespace
}  // namespace staccato::test
