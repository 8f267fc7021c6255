#include "client/core/benchmark/y1564_verdict.h"

#include <algorithm>
#include <cstdio>

namespace staccato::bench {
namespace {

std::string format(const char* pattern, double a, double b) {
  char buf[160];
  std::snprintf(buf, sizeof buf, pattern, a, b);
  return buf;
}

bool committed(Y1564StepKind k) { return k == Y1564StepKind::kCir || k == Y1564StepKind::kCbs; }

}  // namespace

std::string_view verdictWord(const Y1564Verdict& v) { return v.incomplete ? "INCOMPLETE" : v.pass ? "PASS" : "FAIL"; }

Y1564Verdict judgeStep(const Y1564Config& c, const Y1564Step& step, const Y1564Measurement& m) {
  const Y1564Service& s = c.services.at(step.service);
  const double tol = c.rateTolerance;
  Y1564Verdict v;
  v.irMbps = m.seconds > 0 ? double(m.received) * s.frameSize.averageBytes() * 8 / m.seconds / 1e6 : 0;
  v.flr = m.sent ? double(m.sent > m.received ? m.sent - m.received : 0) / double(m.sent) : 0;
  auto miss = [&](std::string why) { v.failures.push_back(std::move(why)); };
  // Honest numbers: a rate the tester did not offer, or frames it did not see, say nothing of the device.
  const double offeredMbps = m.seconds > 0 ? double(m.sent) * s.frameSize.averageBytes() * 8 / m.seconds / 1e6 : 0;
  if (!m.testerNote.empty() || offeredMbps < step.rateMbps * (1 - tol)) {
    miss(!m.testerNote.empty() ? "not judged: " + m.testerNote
                               : format("not judged: the tester offered %.2f of the %.2f Mbit/s asked", offeredMbps, step.rateMbps));
    v.incomplete = true;
    v.pass = false;
    return v;
  }
  if (committed(step.kind)) {
    if (v.flr > s.sac.maxFlr) miss(format("FLR %.4g %% above the allowed %.4g %%", v.flr * 100, s.sac.maxFlr * 100));
    if (m.delayMeasured && s.sac.maxFtdMs > 0 && m.ftdMs > s.sac.maxFtdMs)
      miss(format("FTD %.3f ms above the allowed %.3f ms", m.ftdMs, s.sac.maxFtdMs));
    if (m.delayMeasured && s.sac.maxFdvMs > 0 && m.fdvMs > s.sac.maxFdvMs)
      miss(format("FDV %.3f ms above the allowed %.3f ms", m.fdvMs, s.sac.maxFdvMs));
    if (v.irMbps < step.rateMbps * (1 - tol))
      miss(format("IR %.2f Mbit/s below the %.2f Mbit/s sent", v.irMbps, step.rateMbps));
  } else {
    // The device may drop or delay what is above CIR: only CIR must get through.
    const double floor = std::min(s.cirMbps, step.rateMbps);
    if (v.irMbps < floor * (1 - tol)) miss(format("IR %.2f Mbit/s below CIR, %.2f Mbit/s", v.irMbps, floor));
  }
  if (step.kind == Y1564StepKind::kPolicing && v.irMbps > (s.cirMbps + s.eirMbps) * (1 + tol))
    miss(format("IR %.2f Mbit/s above CIR + EIR, %.2f Mbit/s: the excess is not policed", v.irMbps, s.cirMbps + s.eirMbps));
  v.pass = v.failures.empty();
  return v;
}

}  // namespace staccato::bench
