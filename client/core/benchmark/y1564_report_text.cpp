#include "client/core/benchmark/y1564_report_text.h"

#include <algorithm>

#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {

std::vector<Y1564Row> y1564Rows(const Y1564Result& r, size_t service) {
  std::vector<Y1564Row> rows;
  for (const Y1564StepResult& s : r.configuration)
    if (s.step.service == service) rows.push_back({s.step, &s.measured, &s.verdict, nullptr});
  if (service < r.performance.size()) {
    const Y1564ServicePerformance& p = r.performance[service];
    rows.push_back({performanceStep(r.config, service, r.lineRateBps), &p.measured, &p.verdict, &p.availability});
  }
  return rows;
}

std::string y1564Reasons(const Y1564Row& row) {
  std::string out;
  for (const std::string& why : row.verdict->failures) out += (out.empty() ? "" : "; ") + why;
  if (!row.step.note.empty()) out += (out.empty() ? "" : "; ") + row.step.note;
  return out;
}

size_t y1564MeasuredSeconds(const Y1564Result& r) {
  size_t seconds = 0;
  for (const Y1564ServicePerformance& p : r.performance) seconds = std::max(seconds, p.perSecond.size());
  return seconds;
}

std::string y1564DelayText(const Y1564Measurement& m, double ms) { return m.delayMeasured ? fixed(ms, 3) : ""; }

std::string y1564Figures(const Y1564Row& row) {
  const Y1564Measurement& m = *row.measured;
  std::string out = "IR " + fixed(row.verdict->irMbps, 2) + " Mbit/s, FLR " + percentText(row.verdict->flr);
  if (m.delayMeasured) out += ", FTD " + fixed(m.ftdMs, 3) + " ms, FDV " + fixed(m.fdvMs, 3) + " ms";
  if (row.availability) out += ", AVAIL " + fixed(100 * row.availability->ratio(), 4) + " %";
  return out;
}

}  // namespace staccato::bench
