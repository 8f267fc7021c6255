// The RFC 2889 page's partially meshed tests (one-to-many, many-to-one) and congestion control on
// the model switch: their ports in the order the probe takes them, the search or the one trial,
// the answer (congestion control: its verdicts) and the pairs; their settings and ports checked,
// naming the field.
#include <gtest/gtest.h>

#include <QLabel>
#include <QLineEdit>
#include <QTableView>

#include "tests/client/benchmark/rfc2889_page_lab.h"

namespace staccato::client {
namespace {

using Trials = Rfc2889TrialsModel;
using Pairs = Rfc2889PairsModel;
using Lab = test::Rfc2889PageLab;
using test::labPort;

std::string text(const QString& s) { return s.toStdString(); }

TEST(Rfc2889PatternsPage, ManyToOneFindsWhatTheReceivingPortForwards) {
  Lab lab;  // the receiving port sends out its line rate: three senders pass up to a third of it each
  lab.form()->setTest(Rfc2889Test::kManyToOne);
  ASSERT_TRUE(lab.form()->portsBox()->chooseReceiverPorts(labPort("eth1"), {labPort("eth2"), labPort("eth3"), labPort("eth4")}));
  ASSERT_TRUE(lab.type("Duration", "1"));
  ASSERT_TRUE(lab.page->run()) << text(lab.page->statusText());
  ASSERT_TRUE(lab.waitFinished());
  const Rfc2889Setup& s = lab.factory->lastSetup;
  EXPECT_EQ(s.pattern(), bench::TrafficPattern::kManyToOne);
  EXPECT_EQ(s.ports, (std::vector<PortRef>{labPort("eth1"), labPort("eth2"), labPort("eth3"), labPort("eth4")}))
      << "the receiver first";
  EXPECT_EQ(s.throughput.maxLoad, 1.0);
  const bench::Rfc2889TrafficResult& r = lab.page->rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.complete()) << r.answer();
  EXPECT_EQ(r.pattern, bench::TrafficPattern::kManyToOne);
  EXPECT_LE(r.search.throughput, 1.0 / 3);
  EXPECT_GT(r.search.throughput, 0.32);
  EXPECT_EQ(lab.cell(0, Trials::kLoad), "100");
  EXPECT_EQ(lab.cell(0, Trials::kTrafficVerdict), "FAIL");
  EXPECT_EQ(lab.cell(2, Trials::kLoad), "25");
  EXPECT_EQ(lab.cell(2, Trials::kTrafficVerdict), "PASS");
  EXPECT_TRUE(lab.page->answerText().startsWith("Many-to-one: throughput 3")) << text(lab.page->answerText());
  EXPECT_TRUE(lab.page->answerText().endsWith("the receiving port takes 3 times that")) << text(lab.page->answerText());
  ASSERT_EQ(lab.page->pairs()->rowCount(), 3) << "each sender to the receiver";
  for (int row = 0; row < 3; ++row) EXPECT_EQ(lab.pair(row, Pairs::kTo), "eth1");
  EXPECT_EQ(lab.pair(2, Pairs::kFrom), "eth4");
  EXPECT_NE(lab.page->rfc2889Run()->resultJson().find("\"test\": \"many_to_one\""), std::string::npos);
}

TEST(Rfc2889PatternsPage, OneToManySplitsTheSendersLoad) {
  Lab lab({.forwardShare = 0.4});
  lab.form()->setTest(Rfc2889Test::kOneToMany);
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth2"), {labPort("eth1"), labPort("eth3")}));
  ASSERT_TRUE(lab.type("Load", "50"));
  ASSERT_TRUE(lab.type("Duration", "2"));
  ASSERT_TRUE(lab.page->run()) << text(lab.page->statusText());
  ASSERT_TRUE(lab.waitFinished());
  EXPECT_EQ(lab.factory->lastSetup.pattern(), bench::TrafficPattern::kOneToMany);
  EXPECT_EQ(lab.factory->lastSetup.throughput.maxLoad, 0.5);
  const bench::Rfc2889TrafficResult& r = lab.page->rfc2889Run()->trafficResult();
  ASSERT_TRUE(r.complete()) << r.answer();
  EXPECT_LE(r.search.throughput, 0.4);
  EXPECT_GT(r.search.throughput, 0.39);
  EXPECT_TRUE(lab.page->answerText().startsWith("One-to-many: throughput 39.")) << text(lab.page->answerText());
  lab.page->trialsView()->setCurrentIndex(lab.page->trials()->index(0, 0));  // the 50 % trial
  ASSERT_EQ(lab.page->pairs()->rowCount(), 2);
  EXPECT_EQ(lab.pair(0, Pairs::kFrom), "eth2");
  EXPECT_EQ(lab.pair(1, Pairs::kTo), "eth3");
  EXPECT_EQ(lab.pair(1, Pairs::kSent), "744,047") << "744,048 fps at 50 %, half to each receiver, 2 s";
}

struct Congestion {
  explicit Congestion(test::SwitchModel device, const char* load = nullptr) : lab(device) {
    lab.form()->setTest(Rfc2889Test::kCongestion);
    EXPECT_TRUE(lab.form()->portsBox()->chooseCongestionPorts(labPort("eth1"), labPort("eth2"), labPort("eth3"),
                                                              labPort("eth4")));
    lab.type("Duration", "1");
    if (load) lab.type("Load", load);
    ran = lab.page->run() && lab.waitFinished();
  }
  QString detail() const { return lab.page->findChild<QLabel*>("rfc2889Detail")->text(); }
  Lab lab;
  bool ran = false;
};

TEST(Rfc2889PatternsPage, CongestionControlShowsHeadOfLineBlockingAndBackPressure) {
  Congestion paused({.flowControl = true});  // the congested port holds back both senders, all their frames
  ASSERT_TRUE(paused.ran) << text(paused.lab.page->statusText());
  const Rfc2889Setup& s = paused.lab.factory->lastSetup;
  EXPECT_EQ(s.pattern(), bench::TrafficPattern::kCongestion);
  EXPECT_EQ(s.ports, (std::vector<PortRef>{labPort("eth1"), labPort("eth2"), labPort("eth3"), labPort("eth4")}));
  EXPECT_EQ(s.trialLoad, 1.0) << "the CLI's default";
  ASSERT_EQ(paused.lab.page->trials()->rowCount(), 1);
  EXPECT_EQ(paused.lab.page->answerText(), "Congestion control: head-of-line blocking: yes, back pressure: yes");
  EXPECT_TRUE(paused.detail().startsWith("At 100 %: head-of-line blocking: yes (0 of ")) << text(paused.detail());
  EXPECT_TRUE(paused.detail().contains("its sender held back")) << text(paused.detail());
  EXPECT_EQ(paused.lab.page->pairsText(), "Pairs of the trial at 100 % (the congestion control trial)");
  ASSERT_EQ(paused.lab.page->pairs()->rowCount(), 3);
  EXPECT_EQ(paused.lab.pair(1, Pairs::kTo), "eth4");
  EXPECT_TRUE(paused.lab.pair(1, Pairs::kSent, Qt::ToolTipRole).startsWith("Its sender was held back"));
  const std::string json = paused.lab.page->rfc2889Run()->resultJson();
  EXPECT_NE(json.find("\"test\": \"congestion_control\""), std::string::npos);
  EXPECT_NE(json.find("\"back_pressure\": true"), std::string::npos);

  Congestion dropping({});  // the congested port loses its excess; the uncongested one gets everything
  ASSERT_TRUE(dropping.ran);
  EXPECT_EQ(dropping.lab.page->answerText(), "Congestion control: head-of-line blocking: no, back pressure: no");
  EXPECT_TRUE(dropping.detail().endsWith("the congested port lost 33.33 % of its frames; its line rate alone makes it "
                                         "lose 33.33 %).")) << text(dropping.detail());

  Congestion light({}, "50");  // 75 % offered to the congested port: not congested
  ASSERT_TRUE(light.ran);
  EXPECT_EQ(light.lab.factory->lastSetup.trialLoad, 0.5);
  EXPECT_EQ(light.lab.page->answerText(), "Congestion control: head-of-line blocking: no, back pressure: not judged");
  EXPECT_TRUE(light.detail().contains("not congested")) << text(light.detail());
}

TEST(Rfc2889PatternsPage, TheirPortsAndSettingsAreCheckedNamingTheField) {
  Lab lab;
  auto refused = [&](const char* field, const QString& value, const std::string& status) {
    if (field) lab.type(field, value);
    EXPECT_FALSE(lab.page->run()) << field;
    EXPECT_EQ(text(lab.page->statusText()), status);
  };
  lab.form()->setTest(Rfc2889Test::kManyToOne);
  ASSERT_TRUE(lab.form()->portsBox()->chooseReceiverPorts(labPort("eth1"), {labPort("eth1"), labPort("eth2")}));
  refused(nullptr, {}, "Senders: the receiver eth1@unix:/run/lab.sock cannot also send: untick it");
  ASSERT_TRUE(lab.form()->portsBox()->chooseReceiverPorts(labPort("eth1"), {}));
  refused(nullptr, {}, "Senders: tick 1..15 ports besides the receiver (0 ticked)");
  ASSERT_TRUE(lab.form()->portsBox()->chooseReceiverPorts(labPort("eth1"), {labPort("eth2")}));
  lab.type("Load", "20");
  refused("MinLoad", "30", "Min load (%): must be at most Load (20 %)");
  EXPECT_EQ(lab.page->findChild<QLineEdit*>("rfc2889MinLoad")->selectedText(), "30") << "the field is shown";

  lab.form()->setTest(Rfc2889Test::kOneToMany);
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth1"), {}));
  refused(nullptr, {}, "Receivers: tick 1..15 ports besides the sender (0 ticked)");
  ASSERT_TRUE(lab.form()->portsBox()->chooseSenderPorts(labPort("eth1"), {labPort("eth2")}));
  lab.type("MinLoad", "1");
  refused("LoadResolution", "60", "Resolution (%): must be 1..50");

  lab.form()->setTest(Rfc2889Test::kCongestion);
  EXPECT_TRUE(lab.page->findChild<QLineEdit*>("rfc2889MinLoad")->isHidden()) << "one trial: no search";
  ASSERT_TRUE(lab.form()->portsBox()->chooseCongestionPorts(labPort("eth1"), labPort("eth2"), labPort("eth3"), labPort("eth1")));
  refused(nullptr, {}, "Ports: Sender 1, Sender 2, the congested and the uncongested port must be four different ports");
  ASSERT_TRUE(lab.form()->portsBox()->chooseCongestionPorts(labPort("eth1"), labPort("eth2"), labPort("eth3"), labPort("eth4")));
  refused("Load", "0", "Load (%): must be above 0, at most 100");
  lab.type("Load", "100");
  refused("Duration", "5000", "Trial duration (s): must be 0.1..3600");
  EXPECT_EQ(lab.factory->created, 0);

  lab.type("Duration", "1");
  lab.type("MinLoad", "500");  // not congestion control's: not read
  ASSERT_TRUE(lab.page->run()) << text(lab.page->statusText());
  ASSERT_TRUE(lab.waitFinished());
  EXPECT_EQ(lab.factory->created, 1);
  Rfc2889Page again(&lab.tree);  // the test is remembered by its name
  EXPECT_EQ(again.form()->test(), Rfc2889Test::kCongestion);
}

}  // namespace
}  // namespace staccato::client
