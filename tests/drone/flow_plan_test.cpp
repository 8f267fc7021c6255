// The flow engine's plan (load curve, phases, the weighted mix) and its HTTP heads.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "common/files/flow_profile.h"
#include "drone/flows/flow_plan.h"
#include "drone/flows/http_wire.h"

namespace staccato::drone {
namespace {

v1::FlowProfile profile(const std::string& templates, const std::string& load) {
  auto p = parseFlowProfile(R"({"format_version": 1, "templates": [)" + templates + R"(], "load": )" + load +
                            R"(, "clients": {"first_address": "10.1.0.10", "count": 4},
                                 "servers": {"first_address": "10.2.0.10"}})");
  EXPECT_TRUE(p) << p.error().toString();
  return *p;
}

const std::string kHttp = R"({"name": "web", "weight": 3, "port": 80, "http": {"path": "/x", "response_body_bytes": 100, "keep_alive": true, "transactions": 2}})";
const std::string kTcp = R"({"name": "raw", "port": 9000, "tcp": {"request_bytes": 10, "response_bytes": 20, "rounds": 4, "think_ms": 5}})";

TEST(FlowPlan, LoadCurveIntegratesToTheRequestedConnections) {
  auto plan = planFlows(profile(kTcp, R"({"connections_per_second": 100, "ramp_up_seconds": 2, "steady_seconds": 10, "ramp_down_seconds": 4})"));
  ASSERT_TRUE(plan) << plan.error().toString();
  const LoadPlan& l = plan->load;
  EXPECT_DOUBLE_EQ(l.duration(), 16);
  EXPECT_DOUBLE_EQ(l.targetAt(1), 50);
  EXPECT_DOUBLE_EQ(l.targetAt(5), 100);
  EXPECT_DOUBLE_EQ(l.targetAt(14), 50);
  EXPECT_DOUBLE_EQ(l.targetAt(16), 0);
  EXPECT_DOUBLE_EQ(l.startsDueBy(2), 100);        // half of 2 s at 100/s
  EXPECT_DOUBLE_EQ(l.startsDueBy(12), 1100);      // plus 10 s at 100/s
  EXPECT_DOUBLE_EQ(l.startsDueBy(14), 1100 + 150);  // the falling line's first half: 3/4 of 200
  EXPECT_DOUBLE_EQ(l.startsDueBy(99), 1300);
  EXPECT_EQ(l.phaseAt(1.9), FlowPhase::kRampUp);
  EXPECT_EQ(l.phaseAt(2), FlowPhase::kSteady);
  EXPECT_EQ(l.phaseAt(12), FlowPhase::kRampDown);
  EXPECT_DOUBLE_EQ(l.connectTimeout, 3);
}

TEST(FlowPlan, NoRampsMeansAFlatTarget) {
  auto plan = planFlows(profile(kTcp, R"({"concurrent": 500, "steady_seconds": 3, "connect_timeout_seconds": 0.5})"));
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->load.concurrent);
  EXPECT_DOUBLE_EQ(plan->load.targetAt(0), 500);
  EXPECT_DOUBLE_EQ(plan->load.targetAt(2.99), 500);
  EXPECT_DOUBLE_EQ(plan->load.startsDueBy(3), 1500);
  EXPECT_DOUBLE_EQ(plan->load.connectTimeout, 0.5);
}

TEST(FlowPlan, TemplatesGetTheirDefaultsAndHeads) {
  auto plan = planFlows(profile(kHttp + "," + kTcp, R"({"connections_per_second": 1, "steady_seconds": 1})"));
  ASSERT_TRUE(plan);
  const TemplatePlan& web = plan->templates[0];
  EXPECT_EQ(web.kind, ExchangeKind::kHttp);
  EXPECT_EQ(web.rounds, 2u);
  EXPECT_EQ(web.status, 200u);
  EXPECT_EQ(web.requestHead, "GET /x HTTP/1.1\r\nHost: staccato\r\n\r\n");
  EXPECT_NE(web.responseHead.find("Content-Length: 100\r\n"), std::string::npos);
  EXPECT_EQ(plan->templates[1].rounds, 4u);
  EXPECT_EQ(plan->templates[1].thinkMs, 5u);
}

TEST(FlowPlan, FilesTheClientDidNotSendAreRefusedByName) {
  const std::string load = R"({"concurrent": 1, "steady_seconds": 1})";
  auto tls = planFlows(profile(kTcp + R"(, {"name": "s", "port": 443, "tls": {"http": {}, "certificate": "lab.crt", "key": "lab.key"}})", load));
  ASSERT_FALSE(tls);
  EXPECT_EQ(tls.error().path, "templates[1].tls.certificate_pem");
  auto pcap = planFlows(profile(kTcp + R"(, {"name": "p", "port": 25, "pcap": {"file": "smtp.pcap"}})", load));
  ASSERT_FALSE(pcap);
  EXPECT_EQ(pcap.error().path, "templates[1].pcap.turns");
  auto own = planFlows(profile(R"({"name": "s", "port": 443, "tls": {"http": {"path": "/a"}, "resume": true}})", load));
  ASSERT_TRUE(own) << own.error().toString();  // no certificate: the server makes one
  EXPECT_TRUE(own->templates[0].tls);
  EXPECT_TRUE(own->templates[0].tlsResume);
  EXPECT_EQ(own->templates[0].kind, ExchangeKind::kHttp);
}

TEST(FlowPlan, ACapturedSessionBecomesRoundsOfRequestAndAnswer) {
  // base64: "ab", "c", "d": the last request unanswered.
  auto plan = planFlows(profile(R"({"name": "p", "port": 25, "pcap": {"file": "x.pcap", "turns": [
      {"payload": "YWI="}, {"from_server": true, "payload": "Yw=="}, {"payload": "ZA=="}]}})",
                                R"({"concurrent": 1, "steady_seconds": 1})"));
  ASSERT_TRUE(plan) << plan.error().toString();
  const TemplatePlan& p = plan->templates[0];
  EXPECT_EQ(p.kind, ExchangeKind::kReplay);
  EXPECT_EQ(p.requests, (std::vector<std::string>{"ab", "d"}));
  EXPECT_EQ(p.responses, (std::vector<std::string>{"c", ""}));
  EXPECT_EQ(p.rounds, 2u);
  EXPECT_EQ(p.requestPrefix(1), "d");
  EXPECT_EQ(p.answerBytes(0), 1u);
}

TEST(FlowPlan, LoopsShareTheLoadWhole) {
  auto held = planFlows(profile(kTcp, R"({"concurrent": 301, "steady_seconds": 1})"));
  ASSERT_TRUE(held);
  EXPECT_EQ(loopShare(*held, 0, 2).load.target, 151);  // whole connections, the remainder to the first
  EXPECT_EQ(loopShare(*held, 1, 2).load.target, 150);
  EXPECT_EQ(loopShare(*held, 0, 1).load.target, 301);
  auto rate = planFlows(profile(kTcp, R"({"connections_per_second": 300, "steady_seconds": 1})"));
  ASSERT_TRUE(rate);
  EXPECT_DOUBLE_EQ(loopShare(*rate, 1, 3).load.target, 100);
  EXPECT_DOUBLE_EQ(loopShare(*rate, 1, 3).load.startsDueBy(1) * 3, rate->load.startsDueBy(1));
  auto paced = planFlows(profile(kTcp, R"({"concurrent": 300, "open_rate": 200, "steady_seconds": 1})"));
  ASSERT_TRUE(paced);
  EXPECT_DOUBLE_EQ(paced->load.opensAllowedBy(0.5), 101);  // the first at once, then 200 a second
  EXPECT_DOUBLE_EQ(loopShare(*paced, 0, 2).load.openRate, 100);
  EXPECT_TRUE(std::isinf(held->load.opensAllowedBy(1)));
}

TEST(TemplatePicker, GivesEachItsShareSpreadOut) {
  auto plan = planFlows(profile(kHttp + "," + kTcp, R"({"concurrent": 1, "steady_seconds": 1})"));
  ASSERT_TRUE(plan);
  TemplatePicker picker(plan->templates);
  std::map<size_t, int> count;
  std::string order;
  for (int i = 0; i < 400; ++i) {
    const size_t t = picker.next();
    ++count[t];
    if (i < 8) order += char('0' + t);
  }
  EXPECT_EQ(count[0], 300);
  EXPECT_EQ(count[1], 100);
  EXPECT_EQ(order, "00100010");  // never the light one twice in a row
}

TEST(HttpWire, HeadsAreGatheredAcrossReads) {
  std::string head;
  const std::string wire = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello";
  HeadScan scan = scanHead(head, wire.data(), 30);
  EXPECT_FALSE(scan.complete);
  EXPECT_EQ(scan.consumed, 30u);
  scan = scanHead(head, wire.data() + 30, wire.size() - 30);
  ASSERT_TRUE(scan.complete);
  EXPECT_EQ(scan.consumed, wire.size() - 30 - 5);  // the body is not the head's
  auto r = parseResponseHead(head);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200u);
  EXPECT_TRUE(r->hasLength);
  EXPECT_EQ(r->contentLength, 5u);
  EXPECT_FALSE(r->close);
}

TEST(HttpWire, TheBlankLineMayStraddleReads) {
  std::string head;
  const std::string wire = "GET /a HTTP/1.0\r\nContent-Length: 3\r\n\r\nabc";
  const size_t split = wire.find("\r\n\r\n") + 2;
  EXPECT_FALSE(scanHead(head, wire.data(), split).complete);
  const HeadScan scan = scanHead(head, wire.data() + split, wire.size() - split);
  ASSERT_TRUE(scan.complete);
  EXPECT_EQ(scan.consumed, 2u);
  auto r = parseRequestHead(head);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->method, "GET");
  EXPECT_EQ(r->path, "/a");
  EXPECT_EQ(r->contentLength, 3u);
  EXPECT_TRUE(r->close);  // HTTP/1.0 without keep-alive
}

TEST(HttpWire, BadHeadsAreErrors) {
  EXPECT_FALSE(parseResponseHead("SSH-2.0-OpenSSH\r\n\r\n"));
  EXPECT_FALSE(parseResponseHead("HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n"));
  EXPECT_FALSE(parseRequestHead("GARBAGE\r\n\r\n"));
  EXPECT_FALSE(parseRequestHead("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"));
  auto chunked = parseResponseHead("HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\n\r\n");
  ASSERT_TRUE(chunked);
  EXPECT_TRUE(chunked->chunked);
  std::string head;
  const std::string endless(kMaxHttpHead + 10, 'x');
  EXPECT_TRUE(scanHead(head, endless.data(), endless.size()).tooLong);
  EXPECT_EQ(head.size(), kMaxHttpHead);
}

}  // namespace
}  // namespace staccato::drone
