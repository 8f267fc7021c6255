// A run started with a lease stops when its client stops renewing it (before, a CLI killed
// mid-run left the port sending forever), and a GOTO_STREAM index counts the rows the user
// sees, disabled streams included (before, disabled streams shifted the target).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "drone/core/lease_book.h"
#include "drone/core/sendable_plans.h"
#include "rpc/message_limits.h"

namespace staccato::drone {
namespace {

using namespace std::chrono_literals;

struct Expired {
  std::atomic<uint64_t> lease{0};
  std::atomic<int> calls{0};
  std::string why;
};

LeaseBook::OnExpiry recordInto(Expired& e) {
  return [&e](uint64_t lease, const std::string& why) {
    e.why = why;
    e.lease = lease;
    ++e.calls;
  };
}

TEST(Leases, AnUnrenewedLeaseExpiresAndSaysWhose) {
  Expired e;
  LeaseBook book(recordInto(e));
  auto lease = book.open(1, "alice@lab");
  ASSERT_TRUE(lease.ok());
  EXPECT_NE(lease->first, 0u);
  EXPECT_EQ(lease->second.size(), 32u) << "128 random bits, not a counter";
  for (int i = 0; i < 40 && e.calls == 0; ++i) std::this_thread::sleep_for(100ms);
  EXPECT_EQ(e.calls, 1);
  EXPECT_EQ(e.lease, lease->first);
  EXPECT_NE(e.why.find("lease of alice@lab expired (not renewed for 1 s"), std::string::npos) << e.why;
  const Status again = book.renew(lease->second);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, ErrorKind::kNotFound);
}

TEST(Leases, RenewingKeepsALeaseAliveAndClosingForgetsIt) {
  Expired e;
  LeaseBook book(recordInto(e));
  auto lease = book.open(1, "bob");
  ASSERT_TRUE(lease.ok());
  for (int i = 0; i < 8; ++i) {  // 2 s, renewed every 250 ms
    std::this_thread::sleep_for(250ms);
    ASSERT_TRUE(book.renew(lease->second).ok());
  }
  EXPECT_EQ(e.calls, 0) << "a renewed lease expired";
  book.close(lease->first);
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(e.calls, 0) << "a closed lease still expired";
  EXPECT_FALSE(book.renew(lease->second).ok());
}

TEST(Leases, LengthAndCountAreBounded) {
  Expired e;
  LeaseBook book(recordInto(e));
  EXPECT_FALSE(book.open(0, "c").ok());
  auto tooLong = book.open(rpc::kMaxLeaseSeconds + 1, "c");
  ASSERT_FALSE(tooLong.ok());
  EXPECT_EQ(tooLong.error().toString(), "lease_seconds: 3601 is out of range (allowed 1..3600, or 0 for no lease)");
  for (size_t i = 0; i < kMaxLeases; ++i) ASSERT_TRUE(book.open(rpc::kMaxLeaseSeconds, "c").ok());
  auto full = book.open(60, "c");
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error().kind, ErrorKind::kExhausted);
  EXPECT_FALSE(book.renew("0123456789abcdef0123456789abcdef").ok()) << "a guessed id";
}

TxPlan planOf(uint32_t id, bool enabled, v1::Control::AfterStream after = v1::Control::NEXT, uint32_t gotoStream = 0) {
  TxPlan p;
  p.streamId = id;
  p.run.enabled = enabled;
  p.run.after = after;
  p.run.gotoStream = gotoStream;
  return p;
}

TEST(GotoStream, TheIndexCountsDisabledRowsToo) {
  // Rows: 0 on, 1 off, 2 on (goto row 2 = itself), 3 on (goto row 0), 4 on (goto row 1, off).
  const std::vector<TxPlan> all = {planOf(10, true), planOf(11, false), planOf(12, true, v1::Control::GOTO_STREAM, 2),
                                   planOf(13, true, v1::Control::GOTO_STREAM, 0),
                                   planOf(14, true, v1::Control::GOTO_STREAM, 1)};
  const auto sent = sendablePlans(all);
  ASSERT_EQ(sent.size(), 4u);
  EXPECT_EQ(sent[0].streamId, 10u);
  EXPECT_EQ(sent[1].run.gotoStream, 1u) << "row 2 is the second stream sent";
  EXPECT_EQ(sent[2].run.gotoStream, 0u);
  EXPECT_EQ(sent[3].run.gotoStream, 1u) << "a disabled target goes on with the next enabled row";
}

TEST(GotoStream, TargetsPastTheLastEnabledRowStopThePort) {
  const std::vector<TxPlan> all = {planOf(1, true, v1::Control::GOTO_STREAM, 1), planOf(2, false),
                                   planOf(3, true, v1::Control::GOTO_STREAM, 99)};
  const auto sent = sendablePlans(all);
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(sent[0].run.gotoStream, 1u) << "row 1 is off: row 2 is sent second";
  EXPECT_EQ(sent[1].run.gotoStream, 2u) << "no such stream: one past the sent ones";
}

}  // namespace
}  // namespace staccato::drone
