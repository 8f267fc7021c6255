#include "drone/flows/flow_plan.h"

#include <algorithm>
#include <limits>

namespace staccato::drone {

const char* flowPhaseName(FlowPhase phase) {
  switch (phase) {
    case FlowPhase::kRampUp: return "ramp-up";
    case FlowPhase::kSteady: return "steady";
    case FlowPhase::kRampDown: return "ramp-down";
  }
  return "?";
}

FlowPhase LoadPlan::phaseAt(double t) const {
  if (t < rampUp) return FlowPhase::kRampUp;
  if (t < rampUp + steady) return FlowPhase::kSteady;
  return FlowPhase::kRampDown;
}

double LoadPlan::targetAt(double t) const {
  if (t < 0 || t >= duration()) return 0;
  if (t < rampUp) return target * t / rampUp;
  if (t < rampUp + steady) return target;
  return target * (duration() - t) / rampDown;
}

double LoadPlan::startsDueBy(double t) const {
  t = std::clamp(t, 0.0, duration());
  const double up = std::min(t, rampUp);
  double due = target * up * up / (2 * (rampUp > 0 ? rampUp : 1));
  if (t > rampUp) due += target * std::min(t - rampUp, steady);
  if (t > rampUp + steady) {
    const double down = t - rampUp - steady;  // the falling line's area so far
    due += target * down - target * down * down / (2 * rampDown);
  }
  return due;
}

double LoadPlan::opensAllowedBy(double t) const {
  return openRate > 0 ? openRate * std::max(t, 0.0) + 1 : std::numeric_limits<double>::infinity();
}

namespace {

std::string requestHeadOf(const v1::HttpExchange& h) {
  const std::string method = h.method().empty() ? "GET" : h.method();
  std::string head = method + " " + (h.path().empty() ? "/" : h.path()) + " HTTP/1.1\r\nHost: staccato\r\n";
  if (h.request_body_bytes() || method == "POST" || method == "PUT")
    head += "Content-Length: " + std::to_string(h.request_body_bytes()) + "\r\n";
  if (!h.keep_alive()) head += "Connection: close\r\n";
  return head + "\r\n";
}

std::string reasonOf(uint32_t status) {
  switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "Status";
  }
}

TemplatePlan httpPlan(TemplatePlan p, const v1::HttpExchange& h) {
  p.kind = ExchangeKind::kHttp;
  p.requestBytes = h.request_body_bytes();
  p.responseBytes = h.response_body_bytes();
  p.rounds = std::max(1u, h.transactions());
  p.thinkMs = h.think_ms();
  p.keepAlive = h.keep_alive();
  p.headRequest = h.method() == "HEAD";
  p.status = h.status() ? h.status() : 200;
  p.requestHead = requestHeadOf(h);
  // Connection: close or keep-alive is the server's to add, from the request it answers.
  p.responseHead = "HTTP/1.1 " + std::to_string(p.status) + " " + reasonOf(p.status) + "\r\nServer: staccato\r\n" +
                   "Content-Type: application/octet-stream\r\nContent-Length: " + std::to_string(p.responseBytes) + "\r\n";
  return p;
}

/// Rounds from turns: each client turn and the server turn after it (a server speaking first
/// answers an empty round 0).
TemplatePlan replayPlan(TemplatePlan p, const v1::PcapExchange& x) {
  p.kind = ExchangeKind::kReplay;
  for (const v1::PcapTurn& turn : x.turns()) {
    // Turns alternate (checkFlowProfile): each client turn opens a round, the server's answers it.
    if (!turn.from_server()) {
      p.requests.push_back(turn.payload()), p.responses.emplace_back();
      continue;
    }
    if (p.requests.empty()) p.requests.emplace_back(), p.responses.emplace_back();  // the server spoke first
    p.responses.back() = turn.payload();
  }
  p.rounds = uint32_t(p.requests.size());
  return p;
}

}  // namespace

const std::string& TemplatePlan::requestPrefix(uint32_t round) const {
  static const std::string kNone;
  if (kind == ExchangeKind::kHttp) return requestHead;
  if (kind == ExchangeKind::kReplay) return requests[round];
  return kNone;
}

uint64_t TemplatePlan::answerBytes(uint32_t round) const {
  return kind == ExchangeKind::kReplay ? responses[round].size() : responseBytes;
}

Result<FlowPlan> planFlows(const v1::FlowProfile& profile) {
  FlowPlan plan;
  for (int i = 0; i < profile.templates_size(); ++i) {
    const v1::FlowTemplate& t = profile.templates(i);
    TemplatePlan p;
    p.name = t.name();
    p.weight = std::max(1u, t.weight());
    p.port = uint16_t(t.port());
    const std::string at = "templates[" + std::to_string(i) + "]";
    switch (t.exchange_case()) {
      case v1::FlowTemplate::kTcp:
        p.requestBytes = t.tcp().request_bytes();
        p.responseBytes = t.tcp().response_bytes();
        p.rounds = std::max(1u, t.tcp().rounds());
        p.thinkMs = t.tcp().think_ms();
        break;
      case v1::FlowTemplate::kHttp: p = httpPlan(p, t.http()); break;
      case v1::FlowTemplate::kUdp:
        p.kind = ExchangeKind::kUdp;
        p.requestBytes = t.udp().request_bytes();
        p.responseBytes = t.udp().response_bytes();
        p.rounds = std::max(1u, t.udp().rounds());
        p.timeoutMs = t.udp().timeout_ms() ? t.udp().timeout_ms() : 1000;
        break;
      case v1::FlowTemplate::kTls:
        p = httpPlan(p, t.tls().http());
        p.tls = true;
        p.tlsResume = t.tls().resume();
        p.certificatePem = t.tls().certificate_pem();
        p.keyPem = t.tls().key_pem();
        if (!t.tls().certificate().empty() && p.certificatePem.empty())
          return makeError(at + ".tls.certificate_pem",
                           "is empty: the client sends the certificate's content (a drone reads no file a profile names)");
        break;
      case v1::FlowTemplate::kPcap:
        if (t.pcap().turns().empty())
          return makeError(at + ".pcap.turns", "is empty: the client sends the session's payloads (a drone reads no capture)");
        p = replayPlan(p, t.pcap());
        break;
      case v1::FlowTemplate::EXCHANGE_NOT_SET: return makeError(at, "says nothing to exchange");
    }
    plan.templates.push_back(std::move(p));
  }
  const v1::FlowLoad& l = profile.load();
  plan.load.concurrent = l.target_case() == v1::FlowLoad::kConcurrent;
  plan.load.target = plan.load.concurrent ? double(l.concurrent()) : l.connections_per_second();
  plan.load.rampUp = l.ramp_up_seconds();
  plan.load.steady = l.steady_seconds();
  plan.load.rampDown = l.ramp_down_seconds();
  if (l.connect_timeout_seconds() > 0) plan.load.connectTimeout = l.connect_timeout_seconds();
  plan.load.openRate = l.open_rate();
  return plan;
}

FlowPlan loopShare(FlowPlan plan, size_t loop, size_t loops) {
  if (!plan.load.concurrent) {
    plan.load.target /= double(loops);
    return plan;
  }
  plan.load.openRate /= double(loops);
  const auto whole = uint64_t(plan.load.target);
  plan.load.target = double(whole / loops + (loop < whole % loops ? 1 : 0));
  return plan;
}

TemplatePicker::TemplatePicker(const std::vector<TemplatePlan>& templates) {
  for (const TemplatePlan& t : templates) {
    weight_.push_back(t.weight);
    total_ += t.weight;
  }
  current_.assign(weight_.size(), 0);
}

size_t TemplatePicker::next() {
  size_t best = 0;
  for (size_t i = 0; i < weight_.size(); ++i) {
    current_[i] += weight_[i];
    if (current_[i] > current_[best]) best = i;
  }
  current_[best] -= total_;
  return best;
}

}  // namespace staccato::drone
