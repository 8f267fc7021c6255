#pragma once
// A drone session for the Flows page's tests, no drone behind it: connected at once to the
// ports it is given, it answers the flow calls from a script. StartFlows makes a run on a port
// (or fails with the message asked for); each FlowStats of a client run advances it one second
// of the profile (100 connections a second begun, 98 completed, one refused, latencies in
// buckets) until the profile's phases are over; StopFlows ends it. Every call is recorded
// ("StartFlows server b", "StopFlows b", ...) and answered on the event loop, as a real
// session does. Other calls are refused. A client run's refusals and tester-limited connections
// may follow its profile's load (refusedFor, testerFor): a device, or a tester, with a limit.
#include <QMetaObject>
#include <QStringList>

#include <functional>
#include <map>

#include "client/core/session/drone_session.h"
#include "rpc/stats/latency_bucket_bounds.h"
#include "rpc/stats/latency_buckets.h"

namespace staccato::client::test {

class FakeFlowSession final : public DroneSession {
 public:
  FakeFlowSession(QString name, const std::vector<std::string>& ports) : name_(std::move(name)) {
    address_.target = "fake:" + name_.toStdString();
    for (const auto& p : ports) ports_.emplace_back().set_name(p);
  }
  QString displayName() const override { return name_; }
  const DroneAddress& address() const override { return address_; }
  SessionState state() const override { return state_; }
  QString stateDetail() const override { return {}; }
  const std::vector<v1::Port>& ports() const override { return ports_; }
  const v1::GetVersionReply& version() const override { return version_; }
  void connectToDrone(unsigned) override {
    state_ = SessionState::kConnected;
    later([this] { emit stateChanged(), emit portsChanged(); });
  }
  void disconnectFromDrone() override { state_ = SessionState::kDisconnected; }
  void refreshPorts() override {}
  void getStreams(const std::string&, StreamsDone done) override { later([done] { done(std::vector<v1::Stream>{}); }); }
  void setStreams(const std::string&, std::vector<v1::Stream>, Done done) override { refuse(done); }
  void configurePort(const std::string&, const v1::PortConfig&, Done done) override { refuse(done); }
  void startTx(std::vector<std::string>, Done done) override { refuse(done); }
  void stopTx(std::vector<std::string>, Done done) override { refuse(done); }
  void scaleRate(const std::string&, double, Done done) override { refuse(done); }
  void clearStats(std::vector<std::string>, Done done) override { refuse(done); }
  void reservePort(const std::string&, Done done) override { refuse(done); }
  void releasePort(const std::string&, bool, Done done) override { refuse(done); }
  void startCapture(v1::StartCaptureRequest, Done done) override { refuse(done); }
  void stopCapture(const std::string&, bool, Done done) override { refuse(done); }
  void fetchCapture(const std::string&, const std::string&, FetchDone done) override { later([done] { done(refused()); }); }
  void neighbors(const std::string&, bool, NeighborsDone done) override { later([done] { done(std::vector<v1::Neighbor>{}); }); }

  void startFlows(v1::StartFlowsRequest request, FlowsStarted done) override {
    const bool server = request.role() == v1::FLOW_SERVER;
    calls << QString("StartFlows %1 %2").arg(server ? "server" : "client", QString::fromStdString(request.port()));
    if (!failStart.empty() && request.role() == failRole) {
      const Error e = makeError("", failStart, ErrorKind::kInvalid);
      return later([done, e] { done(e); });
    }
    const v1::FlowProfile& p = request.profile();
    if (!server) clientLoads.push_back(p.load());
    scripts_[request.port()] = {refusedFor ? refusedFor(p.load()) : refusedPerSecond,
                                testerFor ? testerFor(p.load()) : testerPerSecond};
    v1::PortFlows& run = runs_[request.port()];
    run.Clear();
    run.set_port(request.port());
    run.set_role(request.role());
    run.set_running(true);
    run.set_hosts(server ? p.servers().count() : p.clients().count());
    const double seconds = p.load().ramp_up_seconds() + p.load().steady_seconds() + p.load().ramp_down_seconds();
    run.set_duration_ns(uint64_t(seconds * 1e9));
    for (const v1::FlowTemplate& t : p.templates()) {
      v1::FlowTemplateStats* s = run.add_templates();
      s->set_name(t.name());
      s->add_phases()->set_phase("steady");
    }
    v1::StartFlowsReply reply;
    reply.set_hosts(run.hosts());
    reply.set_setup_ns(12'000'000);
    later([done, reply] { done(reply); });
  }
  void stopFlows(const std::string& port, Done done) override {
    calls << "StopFlows " + QString::fromStdString(port);
    if (auto it = runs_.find(port); it != runs_.end() && it->second.running()) {
      it->second.set_running(false);
      for (auto& t : *it->second.mutable_templates()) t.set_cut_at_end(t.open()), t.set_open(0);
    }
    later([done] { done(Ok{}); });
  }
  void flowStats(std::vector<std::string> ports, bool, FlowStatsDone done) override {
    std::vector<v1::PortFlows> out;
    for (const auto& port : ports) {
      auto it = runs_.find(port);
      if (it == runs_.end()) continue;
      if (it->second.running()) advance(it->second);
      out.push_back(it->second);
    }
    later([done, out] { done(out); });
  }

  QStringList calls;           ///< the flow calls made, in order
  std::string failStart;       ///< StartFlows of failRole fails with this message
  v1::FlowRole failRole = v1::FLOW_CLIENT;
  uint64_t refusedPerSecond = 1;
  uint64_t testerPerSecond = 0;  ///< connections a second the tester "could not open" (its own limits)
  /// When set, a client run's refusals (or tester-limited connections) a second from its
  /// profile's load, instead of refusedPerSecond (testerPerSecond).
  std::function<uint64_t(const v1::FlowLoad&)> refusedFor, testerFor;
  std::vector<v1::FlowLoad> clientLoads;  ///< the load of every client run started, in order

 private:
  /// One second more of a run: each template's numbers grow; past its duration it ends.
  void advance(v1::PortFlows& run) {
    run.set_elapsed_ns(run.elapsed_ns() + 1'000'000'000);
    const bool client = run.role() == v1::FLOW_CLIENT;
    const Script script = scripts_[run.port()];
    for (auto& t : *run.mutable_templates()) {
      v1::FlowPhaseStats& s = *t.mutable_phases(0);
      s.set_attempted(s.attempted() + 100);
      s.set_established(s.established() + 100 - (client ? script.refused : 0));
      s.set_completed(s.completed() + 98 - (client ? script.refused : 0));
      if (client) s.set_failed_refused(s.failed_refused() + script.refused);
      if (client) s.set_failed_tester(s.failed_tester() + script.tester);
      s.set_transactions(s.transactions() + 98);
      s.set_bytes_sent(s.bytes_sent() + (client ? 10'000 : 1'000'000));
      s.set_bytes_received(s.bytes_received() + (client ? 1'000'000 : 10'000));
      t.set_open(2);
      if (client) {
        addLatency(*s.mutable_connect_time(), 150'000 + run.elapsed_ns() / 100'000);  // 0.16 ms, 0.17 ms, ...
        addLatency(*s.mutable_first_byte_time(), 400'000);
        addLatency(*s.mutable_last_byte_time(), 900'000);
      }
    }
    if (run.elapsed_ns() >= run.duration_ns()) {
      run.set_running(false);
      for (auto& t : *run.mutable_templates()) t.set_open(0);
    }
  }
  /// 100 samples of `ns` more in `l`'s buckets.
  static void addLatency(v1::LatencyStats& l, uint64_t ns) {
    v1::LatencyStats more;
    more.set_samples(100);
    more.set_min_ns(ns);
    more.set_max_ns(ns);
    more.set_avg_ns(ns);
    more.set_sub_bucket_bits(rpc::kLatencySubBucketBits);
    more.add_bucket_index(uint32_t(rpc::latencyBucketOf(ns, rpc::kLatencySubBucketBits)));
    more.add_bucket_count(100);
    (void)rpc::mergeLatency(l, more);
  }
  static Error refused() { return makeError("", "the flow test's drone takes no such call", ErrorKind::kUnavailable); }
  template <typename F>
  void later(F f) {
    QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection);
  }
  void refuse(const Done& done) { later([done] { done(refused()); }); }

  QString name_;
  DroneAddress address_;
  std::vector<v1::Port> ports_;
  v1::GetVersionReply version_;
  SessionState state_ = SessionState::kDisconnected;
  std::map<std::string, v1::PortFlows> runs_;
  struct Script {
    uint64_t refused = 0, tester = 0;  ///< a second, a template
  };
  std::map<std::string, Script> scripts_;  ///< each port's run's, fixed at its start
};

}  // namespace staccato::client::test
