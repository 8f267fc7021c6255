// A capture's TCP session as a pcap template's turns (common/files/tcp_session.h), against
// captures scapy writes (tests/oracle/make_flow_captures.py): the turns are exactly the
// conversation the generator scripted, whatever retransmissions, reordering, VLAN tags, IPv6
// or interleaved sessions the capture shows; a capture that cannot give them is refused saying why.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/files/tcp_session.h"

namespace staccato {
namespace {

class FlowCaptures : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::filesystem::temp_directory_path() / ("staccato-flow-captures-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
    const std::string cmd =
        "/usr/bin/python3 " STACCATO_SOURCE_DIR "/tests/oracle/make_flow_captures.py " + dir_.string() + " >/dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static Result<TcpSessionTurns> turns(const std::string& name, uint32_t session = 0, size_t maxTurns = 1024) {
    auto packets = readCapture((dir_ / name).string());
    if (!packets) return packets.error();
    return tcpSessionTurns(*packets, session, name, {maxTurns, uint64_t{16} << 20});
  }
  /// What the generator scripted: "client HEX" / "server HEX" lines.
  static std::vector<TcpTurn> scripted(const std::string& name) {
    std::vector<TcpTurn> out;
    std::ifstream in(dir_ / (name + ".turns"));
    std::string side, hex;
    while (in >> side >> hex) {
      TcpTurn t{side == "server", {}};
      for (size_t i = 0; i + 1 < hex.size(); i += 2) t.payload.push_back(char(std::stoi(hex.substr(i, 2), nullptr, 16)));
      out.push_back(std::move(t));
    }
    EXPECT_FALSE(out.empty()) << name;
    return out;
  }
  static void expectScripted(const TcpSessionTurns& got, const std::vector<TcpTurn>& want) {
    ASSERT_EQ(got.turns.size(), want.size());
    uint64_t client = 0, server = 0;
    for (size_t i = 0; i < want.size(); ++i) {
      EXPECT_EQ(got.turns[i].fromServer, want[i].fromServer) << "turn " << i;
      EXPECT_EQ(got.turns[i].payload, want[i].payload) << "turn " << i << " (" << got.turns[i].payload.size() << " bytes, "
                                                       << want[i].payload.size() << " scripted)";
      (want[i].fromServer ? server : client) += want[i].payload.size();
    }
    EXPECT_EQ(got.clientBytes, client);
    EXPECT_EQ(got.serverBytes, server);
  }
  static inline std::filesystem::path dir_;
};

TEST_F(FlowCaptures, RetransmittedAndOverlappingSegmentsCountOnce) {
  auto t = turns("retransmitted.pcap");
  ASSERT_TRUE(t) << t.error().toString();
  expectScripted(*t, scripted("retransmitted.pcap"));
  EXPECT_EQ(t->client, "10.0.0.1:40000");
  EXPECT_EQ(t->server, "10.0.0.2:80");
  EXPECT_EQ(t->sessions, 1u);
}

TEST_F(FlowCaptures, OutOfOrderSegmentsTakeTheirPlaceOverIpv6InAVlan) {
  auto t = turns("out_of_order.pcapng");
  ASSERT_TRUE(t) << t.error().toString();
  expectScripted(*t, scripted("out_of_order.pcapng"));
  EXPECT_EQ(t->client, "[2001:db8::1]:50000");
}

TEST_F(FlowCaptures, AServerThatSpeaksFirstHasTheFirstTurn) {
  auto t = turns("server_first.pcap");
  ASSERT_TRUE(t) << t.error().toString();
  expectScripted(*t, scripted("server_first.pcap"));
  ASSERT_FALSE(t->turns.empty());
  EXPECT_TRUE(t->turns[0].fromServer);
  EXPECT_EQ(t->turns[0].payload, "220 mail.example ESMTP\r\n");
}

TEST_F(FlowCaptures, ASegmentComesAfterTheBytesItAcknowledges) {
  auto t = turns("acknowledged_first.pcap");  // the answer stamped before its request
  ASSERT_TRUE(t) << t.error().toString();
  expectScripted(*t, scripted("acknowledged_first.pcap"));
  ASSERT_EQ(t->turns.size(), 3u);
  EXPECT_EQ(t->turns[0].payload, "request");
}

TEST_F(FlowCaptures, SessionsAreCountedInTheOrderOfTheirSyn) {
  auto second = turns("two_sessions.pcapng", 1);
  ASSERT_TRUE(second) << second.error().toString();
  EXPECT_EQ(second->sessions, 2u);
  EXPECT_EQ(second->client, "10.1.0.1:41001");
  expectScripted(*second, scripted("two_sessions.pcapng.1"));  // its sequence numbers wrap past 2^32
  auto first = turns("two_sessions.pcapng", 0);
  ASSERT_TRUE(first) << first.error().toString();
  expectScripted(*first, scripted("two_sessions.pcapng.0"));
  auto none = turns("two_sessions.pcapng", 2);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().toString(), "session: 2 is out of range: two_sessions.pcapng holds 2 TCP sessions (allowed 0..1)");
}

TEST_F(FlowCaptures, WhatCannotBeReplayedIsRefusedSayingWhy) {
  auto noSyn = turns("no_syn.pcap");
  ASSERT_FALSE(noSyn);
  EXPECT_EQ(noSyn.error().toString(),
            "no_syn.pcap holds 2 TCP segments but no SYN: a session is replayed from its start, and its client is the side "
            "that sent the SYN; capture the session from its first packet");
  auto gap = turns("gap.pcap");
  ASSERT_FALSE(gap);
  EXPECT_EQ(gap.error().toString(),
            "the TCP session 0 of gap.pcap (10.0.0.1:40000 to 10.0.0.2:80): the server's bytes 1000..1999 are not in the "
            "capture (lost before the capture point, or dropped by the capture): capture the session again, whole");
  auto many = turns("many_turns.pcap");
  ASSERT_FALSE(many);
  EXPECT_NE(many.error().message.find("has more than 1024 turns"), std::string::npos) << many.error().toString();
  auto fits = turns("many_turns.pcap", 0, 1026);  // exactly 513 exchanges
  ASSERT_TRUE(fits) << fits.error().toString();
  EXPECT_EQ(fits->turns.size(), 1026u);
  auto bytes = readCapture((dir_ / "retransmitted.pcap").string());
  ASSERT_TRUE(bytes);
  auto big = tcpSessionTurns(*bytes, 0, "retransmitted.pcap", {1024, 2000});
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("more than the 2000 bytes of payload a pcap template replays"), std::string::npos)
      << big.error().toString();
  auto empty = turns("empty.pcap");
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().message.find("carries no payload either way"), std::string::npos) << empty.error().toString();
  auto udp = tcpSessionTurns({}, 0, "nothing.pcap", {1024, 1 << 20});
  ASSERT_FALSE(udp);
  EXPECT_NE(udp.error().message.find("holds no TCP segment"), std::string::npos);
}

}  // namespace
}  // namespace staccato
