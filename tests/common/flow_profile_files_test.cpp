// The files a flow profile names, read on the client's side (common/files/flow_profile_files.h):
// relative to the profile's folder, bounded, checked for what they must hold; and the checks a
// drone makes of what a client sends instead (certificate_pem, key_pem, turns; a port TLS and
// plain templates share), each naming the member and what it allows.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/files/flow_profile.h"
#include "common/files/flow_profile_files.h"

namespace staccato {
namespace {

constexpr const char* kCertificate = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n";
constexpr const char* kKey = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEfake\n-----END EC PRIVATE KEY-----\n";

std::string profile(const std::string& templates) {
  return R"({"format_version": 1, "templates": [)" + templates +
         R"(], "load": {"connections_per_second": 10, "steady_seconds": 1},
             "clients": {"first_address": "10.0.0.10"}, "servers": {"first_address": "10.1.0.10"}})";
}

class FlowProfileFiles : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::filesystem::temp_directory_path() / ("staccato-flow-files-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_ / "lab" / "tls");
    std::filesystem::create_directories(dir_ / "lab" / "captures");
    write("lab/tls/server.pem", kCertificate);
    write("lab/tls/server.key", kKey);
    const std::string cmd = "/usr/bin/python3 " STACCATO_SOURCE_DIR "/tests/oracle/make_flow_captures.py " +
                            (dir_ / "lab" / "captures").string() + " >/dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }
  static void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name) << text; }
  /// loadFlowProfile of a profile file in lab/ holding `templates`; its error, or "".
  Result<v1::FlowProfile> load(const std::string& templates) {
    write("lab/profile.json", profile(templates));
    return loadFlowProfile((dir_ / "lab" / "profile.json").string());
  }
  std::string loadError(const std::string& templates) {
    auto p = load(templates);
    return p ? "" : p.error().toString();
  }
  static inline std::filesystem::path dir_;
};

TEST_F(FlowProfileFiles, RelativeNamesAreReadFromTheProfilesFolder) {
  auto p = load(R"({"name": "secure", "port": 443, "tls": {"certificate": "tls/server.pem", "key": "tls/server.key"}},
                   {"name": "mail", "port": 25, "pcap": {"file": "captures/server_first.pcap"}},
                   {"name": "second", "port": 8080, "pcap": {"file": "captures/two_sessions.pcapng", "session": 1}})");
  ASSERT_TRUE(p) << p.error().toString();
  EXPECT_EQ(p->templates(0).tls().certificate_pem(), kCertificate);
  EXPECT_EQ(p->templates(0).tls().key_pem(), kKey);
  const v1::PcapExchange& mail = p->templates(1).pcap();
  ASSERT_EQ(mail.turns_size(), 5);
  EXPECT_TRUE(mail.turns(0).from_server());
  EXPECT_EQ(mail.turns(0).payload(), "220 mail.example ESMTP\r\n");
  EXPECT_EQ(mail.turns(4).payload(), "221 bye\r\n");
  EXPECT_EQ(p->templates(2).pcap().turns_size(), 3);
  const std::string text = flowProfileText(*p);
  EXPECT_NE(text.find("mail: the TCP session 0 of captures/server_first.pcap: 5 turns, client 27 B, server 69 B, to port 25"),
            std::string::npos) << text;
  EXPECT_NE(text.find("second: the TCP session 1 of captures/two_sessions.pcapng: 3 turns, client 45 B, server 2.9 KiB"),
            std::string::npos) << text;
  EXPECT_NE(text.find("HTTPS (TLS 1.3, certificate tls/server.pem)"), std::string::npos) << text;
}

TEST_F(FlowProfileFiles, ContentsGivenAreKeptAndTheirFilesNotRead) {
  auto p = load(R"({"name": "s", "port": 443, "tls": {"certificate": "gone.pem", "key": "gone.key",
                     "certificate_pem": "LS0tLS1CRUdJTg==", "key_pem": "LS0tLS1CRUdJTg=="}},
                   {"name": "r", "port": 80, "pcap": {"file": "gone.pcap", "turns": [{"payload": "aGk="}]}})");
  ASSERT_TRUE(p) << p.error().toString();
  EXPECT_EQ(p->templates(0).tls().certificate_pem(), "-----BEGIN");
  EXPECT_EQ(p->templates(1).pcap().turns(0).payload(), "hi");
  p->mutable_templates(1)->mutable_pcap()->clear_file();
  EXPECT_EQ(flowTemplateText(p->templates(1)), "r: a captured TCP session: 1 turn, client 2 B, server 0 B, to port 80");
}

TEST_F(FlowProfileFiles, AFileThatCannotBeUsedIsNamedWithTheMember) {
  const std::string lab = (dir_ / "lab").string();
  EXPECT_EQ(loadError(R"({"name": "s", "port": 443, "tls": {"certificate": "tls/missing.pem", "key": "tls/server.key"}})"),
            lab + "/profile.json: templates[0].tls.certificate: cannot read " + lab +
                "/tls/missing.pem: cannot open: No such file or directory; name a PEM file of at most 65536 bytes "
                "(a relative name is from the profile file's folder)");
  EXPECT_EQ(loadError(R"({"name": "s", "port": 443, "tls": {"certificate": "tls/server.key", "key": "tls/server.key"}})"),
            lab + "/profile.json: templates[0].tls.certificate: " + lab +
                "/tls/server.key holds no PEM certificate (-----BEGIN CERTIFICATE-----): name the server's certificate");
  EXPECT_NE(loadError(R"({"name": "s", "port": 443, "tls": {"certificate": "tls/server.pem", "key": "tls/server.pem"}})")
                .find("templates[0].tls.key: " + lab + "/tls/server.pem holds no PEM private key"),
            std::string::npos);
  write("lab/tls/locked.key", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nxx\n-----END ENCRYPTED PRIVATE KEY-----\n");
  EXPECT_NE(loadError(R"({"name": "s", "port": 443, "tls": {"certificate": "tls/server.pem", "key": "tls/locked.key"}})")
                .find("templates[0].tls.key: " + lab + "/tls/locked.key holds an encrypted key"),
            std::string::npos);
  write("lab/tls/huge.pem", std::string(kCertificate) + std::string(70000, 'A'));
  const std::string huge = loadError(R"({"name": "s", "port": 443, "tls": {"certificate": "tls/huge.pem", "key": "tls/server.key"}})");
  EXPECT_NE(huge.find("templates[0].tls.certificate: cannot read " + lab + "/tls/huge.pem: is 70063 bytes, larger than the 65536"),
            std::string::npos) << huge;
  EXPECT_EQ(loadError(R"({"name": "s", "port": 443, "tls": {"key": "tls/server.key"}})"),
            lab + "/profile.json: templates[0].tls.certificate: give the certificate and its key together (or neither: "
                  "one is made for the run)");
  EXPECT_EQ(loadError(R"({"name": "r", "port": 80, "pcap": {"file": "captures/none.pcap"}})"),
            lab + "/profile.json: templates[0].pcap.file: cannot read " + lab +
                "/captures/none.pcap: cannot open: No such file or directory; name a pcap or pcapng file (a relative name "
                "is from the profile file's folder)");
  EXPECT_EQ(loadError(R"({"name": "r", "port": 80, "pcap": {"file": "captures/two_sessions.pcapng", "session": 5}})"),
            lab + "/profile.json: templates[0].pcap.session: 5 is out of range: captures/two_sessions.pcapng holds 2 TCP "
                  "sessions (allowed 0..1)");
  EXPECT_NE(loadError(R"({"name": "r", "port": 80, "pcap": {"file": "captures/gap.pcap"}})")
                .find("profile.json: templates[0].pcap: the TCP session 0 of captures/gap.pcap (10.0.0.1:40000 to "
                      "10.0.0.2:80): the server's bytes 1000..1999 are not in the capture"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"name": "r", "port": 80, "pcap": {"file": "captures/no_syn.pcap"}})")
                .find("templates[0].pcap: captures/no_syn.pcap holds 2 TCP segments but no SYN"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"name": "r", "port": 80, "pcap": {"file": "captures/many_turns.pcap"}})")
                .find("has more than 1024 turns"),
            std::string::npos);
}

std::string checkError(const std::string& templates) {
  auto p = parseFlowProfile(profile(templates));
  return p ? "" : p.error().toString();
}

TEST(FlowProfileContents, WhatAClientSendsIsCheckedAsHostile) {
  EXPECT_EQ(checkError(R"({"name": "s", "port": 443, "tls": {"key_pem": "LS0t"}})"),
            "templates[0].tls.certificate_pem: empty while its pair is not: give the certificate's and its key's PEM "
            "together (or neither: one is made for the run)");
  const std::string big = "\"" + std::string(87384, 'A') + "\"";  // base64 of 65538 bytes
  EXPECT_EQ(checkError(R"({"name": "s", "port": 443, "tls": {"certificate_pem": )" + big + R"(, "key_pem": "LS0t"}})"),
            "templates[0].tls.certificate_pem: 65538 is out of range (allowed 0..65536 bytes)");
  EXPECT_EQ(checkError(R"({"name": "r", "port": 80, "pcap": {"turns": [{"payload": "aGk="}, {"payload": ""}]}})"),
            "templates[0].pcap.turns[1].payload: is empty (allowed 1..3145728 bytes): drop the turn");
  EXPECT_EQ(checkError(R"({"name": "r", "port": 80, "pcap": {"turns": [{"payload": "aGk="}, {"payload": "aGk="}]}})"),
            "templates[0].pcap.turns[1].from_server: the same side as the turn before: join the two turns' payloads into one");
  std::string turns;
  for (int i = 0; i < 1025; ++i) turns += std::string(i ? "," : "") + R"({"from_server": )" + (i % 2 ? "true" : "false") + R"(, "payload": "aGk="})";
  EXPECT_EQ(checkError(R"({"name": "r", "port": 80, "pcap": {"turns": [)" + turns + "]}}"),
            "templates[0].pcap.turns: 1025 is out of range (allowed 0..1024 turns)");
  v1::FlowProfile large = *parseFlowProfile(profile(R"({"name": "r", "port": 80, "pcap": {"file": "x.pcap"}})"));
  for (int i = 0; i < 3; ++i) {
    v1::PcapTurn& t = *large.mutable_templates(0)->mutable_pcap()->add_turns();
    t.set_from_server(i % 2);
    t.set_payload(std::string(3 << 19, 'x'));
  }
  EXPECT_EQ(checkFlowProfile(large).error().toString(),
            "templates[0].pcap.turns: carry 4718592 payload bytes, more than the 3145728 allowed: choose a shorter session");
  large.mutable_templates(0)->mutable_pcap()->mutable_turns()->RemoveLast();
  EXPECT_TRUE(checkFlowProfile(large).ok());
  // Two such templates are twice what one request to a drone may carry.
  *large.add_templates() = large.templates(0);
  large.mutable_templates(1)->set_name("r2");
  large.mutable_templates(1)->set_port(81);
  EXPECT_EQ(checkFlowProfile(large).error().toString(),
            "templates: carry 6291456 bytes of certificates, keys and captured sessions together, more than the 3145728 a "
            "profile may (it travels to the drone in one request): use shorter sessions or fewer templates carrying them");
}

TEST(FlowProfileContents, TlsAndPlainTemplatesNeverShareAPort) {
  EXPECT_EQ(checkError(R"({"name": "web", "port": 8443, "http": {}}, {"name": "dns", "port": 8443, "udp": {"request_bytes": 40}},
                        {"name": "secure", "port": 8443, "tls": {}})"),
            "templates[2].port: 8443 is also the port of templates[0] ('web', http): a server cannot tell TLS connections "
            "from plain ones on one port; give 'secure' (tls) or 'web' a port of its own");
  EXPECT_NE(checkError(R"({"name": "secure", "port": 443, "tls": {}}, {"name": "replay", "port": 443, "pcap": {"file": "x.pcap"}})")
                .find("templates[1].port: 443 is also the port of templates[0] ('secure', tls)"),
            std::string::npos);
  EXPECT_EQ(checkError(R"({"name": "a", "port": 443, "tls": {}}, {"name": "b", "port": 443, "tls": {"resume": true}},
                        {"name": "dns", "port": 443, "udp": {"request_bytes": 40}})"),
            "");
}

}  // namespace
}  // namespace staccato
