// Flow profile files (common/files/flow_profile.h): the shipped examples load; every hostile or
// mistaken value is refused with the member's path and what it allows; nothing half-parsed.
#include <gtest/gtest.h>

#include "common/files/flow_profile.h"

namespace staccato {
namespace {

constexpr const char* kGood = R"({
  "format_version": 1,
  "templates": [
    {"name": "get", "port": 80, "http": {"response_body_bytes": 1024}},
    {"name": "raw", "weight": 3, "port": 5001, "tcp": {"request_bytes": 100, "response_bytes": 1000, "rounds": 5}}
  ],
  "load": {"connections_per_second": 500, "steady_seconds": 10},
  "clients": {"first_address": "10.0.0.10", "count": 100, "gateway": "10.0.0.1"},
  "servers": {"first_address": "10.1.0.10", "gateway": "10.1.0.1"}
})";

/// kGood with `from` replaced by `to` (which must be there).
std::string with(const std::string& from, const std::string& to) {
  std::string text = kGood;
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

std::string error(const std::string& json) {
  auto p = parseFlowProfile(json);
  return p ? "" : p.error().toString();
}

TEST(FlowProfile, AGoodOneLoadsAndSaysWhatItRuns) {
  auto p = parseFlowProfile(kGood);
  ASSERT_TRUE(p) << p.error().toString();
  ASSERT_EQ(p->templates_size(), 2);
  const std::string text = flowProfileText(*p);
  EXPECT_NE(text.find("25 % get: HTTP/1.1 GET / (0 B up, 1024 B down, status 200), 1 a connection, close, to port 80"),
            std::string::npos) << text;
  EXPECT_NE(text.find("75 % raw: TCP, 100 B up and 1000 B down x 5, to port 5001"), std::string::npos) << text;
  EXPECT_NE(text.find("load: 500 connections/s; ramp up 0 s, steady 10 s"), std::string::npos) << text;
  EXPECT_NE(text.find("clients: 100 from 10.0.0.10/24, via 10.0.0.1"), std::string::npos) << text;
}

TEST(FlowProfile, TheShippedExamplesLoad) {
  for (const char* name : {"web-through-nat.json", "dns-like.json"}) {
    auto p = loadFlowProfile(std::string(STACCATO_SOURCE_DIR) + "/docs/examples/flows/" + name);
    EXPECT_TRUE(p) << name << ": " << p.error().toString();
  }
}

TEST(FlowProfile, ValuesOutOfRangeNameTheMember) {
  EXPECT_EQ(error(with("\"port\": 80", "\"port\": 0")), "templates[0].port: 0 is out of range (allowed 1..65535)");
  EXPECT_EQ(error(with("\"weight\": 3", "\"weight\": 1001")), "templates[1].weight: 1001 is out of range (allowed 0..1000)");
  EXPECT_NE(error(with("\"response_body_bytes\": 1024", "\"response_body_bytes\": 2000000000")).find("templates[0].http.response_body_bytes"),
            std::string::npos);
  EXPECT_NE(error(with("\"rounds\": 5", "\"rounds\": 5000000")).find("templates[1].tcp.rounds"), std::string::npos);
  EXPECT_NE(error(with("\"connections_per_second\": 500", "\"connections_per_second\": 0")).find("load.connections_per_second"),
            std::string::npos);
  EXPECT_NE(error(with("\"connections_per_second\": 500", "\"connections_per_second\": \"NaN\"")).find("load.connections_per_second"),
            std::string::npos);
  EXPECT_NE(error(with("\"steady_seconds\": 10", "\"steady_seconds\": -1")).find("load.steady_seconds"), std::string::npos);
  EXPECT_NE(error(with("\"steady_seconds\": 10", "\"steady_seconds\": 0")).find("load.steady_seconds: must be above 0"),
            std::string::npos);
  EXPECT_NE(error(with("\"count\": 100", "\"count\": 70000")).find("clients.count"), std::string::npos);
  const std::string held = "\"concurrent\": 400";
  EXPECT_EQ(error(with("\"connections_per_second\": 500", held + ", \"open_rate\": -1")),
            "load.open_rate: must be 0..10000000 connections/s (0: as fast as the client can)");
  EXPECT_EQ(error(with("\"connections_per_second\": 500", held + ", \"open_rate\": \"Infinity\"")),
            "load.open_rate: must be 0..10000000 connections/s (0: as fast as the client can)");
  EXPECT_EQ(error(with("\"steady_seconds\": 10", "\"steady_seconds\": 10, \"open_rate\": 100")),
            "load.open_rate: paces a concurrent target: connections_per_second is a rate already");
  auto paced = parseFlowProfile(with("\"connections_per_second\": 500", held + ", \"open_rate\": 200"));
  ASSERT_TRUE(paced) << paced.error().toString();
  EXPECT_NE(flowProfileText(*paced).find("load: 400 concurrent connections, opened at most 200/s;"), std::string::npos);
  EXPECT_NE(error(with("\"count\": 100", "\"count\": 300")).find("clients.count: 300 hosts from 10.0.0.10 do not fit in its /24"),
            std::string::npos);
}

TEST(FlowProfile, MistakesSayWhatToFix) {
  EXPECT_EQ(error(with("\"http\": {\"response_body_bytes\": 1024}", "\"http\": {\"method\": \"GET\", \"request_body_bytes\": 5}")),
            "templates[0].http.request_body_bytes: a GET request has no body: use POST or PUT");
  EXPECT_NE(error(with("\"http\": {\"response_body_bytes\": 1024}", "\"http\": {\"method\": \"BREW\"}")).find("templates[0].http.method"),
            std::string::npos);
  EXPECT_NE(error(with("\"http\": {\"response_body_bytes\": 1024}", "\"http\": {\"path\": \"/a b\"}")).find("templates[0].http.path"),
            std::string::npos);
  EXPECT_NE(error(with("\"http\": {\"response_body_bytes\": 1024}", "\"http\": {\"transactions\": 3}")).find("keep_alive"),
            std::string::npos);
  EXPECT_NE(error(with("\"http\": {\"response_body_bytes\": 1024}", "\"tls\": {\"certificate\": \"c.pem\"}")).find("templates[0].tls.key"),
            std::string::npos);
  EXPECT_EQ(error(with("\"name\": \"raw\"", "\"name\": \"get\"")), "templates[1].name: 'get' is the name of an earlier template");
  EXPECT_EQ(error(with(", \"tcp\": {\"request_bytes\": 100, \"response_bytes\": 1000, \"rounds\": 5}", "")),
            "templates[1]: say what it exchanges: one of tcp, http, tls, udp, pcap");
  EXPECT_NE(error(with("{\"first_address\": \"10.1.0.10\", \"gateway\": \"10.1.0.1\"}", "{\"first_address\": \"10.0.0.50\"}")).find("servers: their addresses overlap"),
            std::string::npos);
  EXPECT_NE(error(with("\"first_address\": \"10.0.0.10\"", "\"first_address\": \"10.0.0.999\"")).find("clients.first_address"),
            std::string::npos);
  EXPECT_NE(error(with("\"gateway\": \"10.0.0.1\"", "\"gateway\": \"10.0.0.20\"")).find("clients.gateway: 10.0.0.20 is one of the hosts"),
            std::string::npos);
  EXPECT_NE(error(with("\"load\": {\"connections_per_second\": 500, ", "\"load\": {")).find("load: give its target"), std::string::npos);
}

TEST(FlowProfile, UnknownMembersVersionsAndDepthAreRefused) {
  EXPECT_NE(error(with("\"port\": 80", "\"port\": 80, \"colour\": 1")).find("colour"), std::string::npos);
  EXPECT_NE(error(with("\"format_version\": 1", "\"format_version\": 2")).find("newer"), std::string::npos);
  EXPECT_NE(error(std::string(100, '[') + std::string(100, ']')).find("32 levels"), std::string::npos);
  EXPECT_FALSE(error("{\"format_version\": 1}").empty());
}

}  // namespace
}  // namespace staccato
