// A run started with a lease stops when its client stops renewing it (before, a CLI killed
// mid-run left the port sending forever); a lease ends with its run (before, StopTx left it
// open, and 1,024 start/stop cycles with one-hour leases locked every run out for an hour); and a
// GOTO_STREAM index counts the rows the user sees, disabled streams included (before, disabled
// streams shifted the target).
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "drone/app/in_process_drone.h"
#include "drone/core/lease_book.h"
#include "drone/core/sendable_plans.h"
#include "drone/service/drone_service.h"
#include "rpc/message_limits.h"
#include "tests/drone/drone_test_util.h"

namespace staccato::drone {
namespace {

using namespace std::chrono_literals;

struct Expired {
  std::atomic<uint64_t> lease{0};
  std::atomic<int> calls{0};
  std::string why;
};

/// Runs in progress, as the drone would answer LeaseBook's question.
struct Runs {
  std::mutex mu;
  std::set<uint64_t> sending;
  LeaseBook::Guards guards() {
    return [this](uint64_t lease) {
      std::lock_guard lock(mu);
      return sending.count(lease) > 0;
    };
  }
  void start(uint64_t lease) {
    std::lock_guard lock(mu);
    sending.insert(lease);
  }
  void stop(uint64_t lease) {
    std::lock_guard lock(mu);
    sending.erase(lease);
  }
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
  Runs runs;
  LeaseBook book(recordInto(e), runs.guards());
  auto lease = book.open(1, "alice@lab");
  runs.start(lease->first);
  book.started(lease->first);
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
  Runs runs;
  LeaseBook book(recordInto(e), runs.guards());
  auto lease = book.open(1, "bob");
  runs.start(lease->first);
  book.started(lease->first);
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

TEST(Leases, LengthAndCountAreBoundedPerClientAndInAll) {
  Expired e;
  Runs runs;
  LeaseBook book(recordInto(e), runs.guards());
  EXPECT_FALSE(book.open(0, "c").ok());
  auto tooLong = book.open(rpc::kMaxLeaseSeconds + 1, "c");
  ASSERT_FALSE(tooLong.ok());
  EXPECT_EQ(tooLong.error().toString(), "lease_seconds: 3601 is out of range (allowed 1..3600, or 0 for no lease)");
  auto openRunning = [&](const std::string& client) {
    auto l = book.open(rpc::kMaxLeaseSeconds, client);
    if (l) runs.start(l->first), book.started(l->first);
    return l;
  };
  for (size_t i = 0; i < kMaxLeasesPerClient; ++i) ASSERT_TRUE(openRunning("c").ok());
  auto mine = openRunning("c");
  ASSERT_FALSE(mine.ok());
  EXPECT_EQ(mine.error().kind, ErrorKind::kExhausted);
  EXPECT_NE(mine.error().message.find("c has 64 runs with leases in progress"), std::string::npos) << mine.error().message;
  for (size_t i = kMaxLeasesPerClient; i < kMaxLeases; ++i)
    ASSERT_TRUE(openRunning("c" + std::to_string(i / kMaxLeasesPerClient)).ok());
  auto full = openRunning("someone-else");
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error().kind, ErrorKind::kExhausted);
  EXPECT_FALSE(book.renew("0123456789abcdef0123456789abcdef").ok()) << "a guessed id";
}

TEST(Leases, ALeaseEndsWithItsRunAndStaysRenewableAsANoOp) {
  Expired e;
  Runs runs;
  LeaseBook book(recordInto(e), runs.guards());
  for (int cycle = 0; cycle < 10'000; ++cycle) {  // start, stop: more cycles than the book holds leases
    auto lease = book.open(rpc::kMaxLeaseSeconds, "ci");
    ASSERT_TRUE(lease.ok()) << "cycle " << cycle << ": " << lease.error().toString();
    runs.start(lease->first);
    book.started(lease->first);
    runs.stop(lease->first);
    book.closeEnded();
    EXPECT_EQ(book.open(), 0u);
    ASSERT_TRUE(book.renew(lease->second).ok()) << "renewing as the run ends is no error";
  }
  EXPECT_EQ(e.calls, 0) << "an ended lease expired";
}

TEST(Leases, ALeaseStillStartingIsNotEnded) {
  Expired e;
  Runs runs;
  LeaseBook book(recordInto(e), runs.guards());
  auto lease = book.open(60, "d");
  ASSERT_TRUE(lease.ok());
  book.closeEnded();  // its ports are not sending yet: the start is in progress
  EXPECT_EQ(book.open(), 1u);
}

TEST(Leases, ManyStartStopCyclesWithHourLongLeasesLeaveTheNextRunFree) {
  InProcessDroneOptions o;
  o.core.refreshEvery = 0ms;
  InProcessDrone drone(o);
  ASSERT_TRUE(drone.core().setStreams("a", test::streamList({test::udpStream(1, 0, 1000)}), "").ok());
  auto stub = v1::Drone::NewStub(grpc::CreateChannel(drone.target(), grpc::InsecureChannelCredentials()));
  auto call = [&](auto method, const auto& req, auto& rep) {
    grpc::ClientContext ctx;
    ctx.AddMetadata(kVersionHeader, std::to_string(kProtocolMajor) + "." + std::to_string(kProtocolMinor));
    return ((*stub).*method)(&ctx, req, &rep);
  };
  v1::StartTxRequest start;
  start.add_ports("a");
  start.set_client_id("ci@lab");
  start.set_lease_seconds(rpc::kMaxLeaseSeconds);
  v1::StopTxRequest stop;
  stop.add_ports("a");
  stop.set_client_id("ci@lab");
  for (size_t cycle = 0; cycle < kMaxLeases + 100; ++cycle) {  // more than the book ever held
    v1::StartTxReply started;
    v1::StopTxReply stopped;
    const grpc::Status s = call(&v1::Drone::Stub::StartTx, start, started);
    ASSERT_TRUE(s.ok()) << "cycle " << cycle << ": " << s.error_message();
    ASSERT_TRUE(call(&v1::Drone::Stub::StopTx, stop, stopped).ok());
  }
  v1::StartTxReply started;
  EXPECT_TRUE(call(&v1::Drone::Stub::StartTx, start, started).ok());
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
