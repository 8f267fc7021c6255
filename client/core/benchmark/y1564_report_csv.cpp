#include "client/core/benchmark/y1564_report_csv.h"

#include "client/core/benchmark/report_text.h"
#include "client/core/benchmark/y1564_report_text.h"
#include "common/core/csv_text.h"

namespace staccato::bench {

std::string y1564StepsCsv(const Y1564Result& r) {
  std::string out = csvRow({"service", "step", "rate_mbps", "seconds", "sent", "received", "flr_pct", "ir_mbps", "ftd_ms",
                            "fdv_ms", "avail_pct", "verdict", "reasons"});
  for (size_t i = 0; i < r.config.services.size(); ++i)
    for (const Y1564Row& row : y1564Rows(r, i)) {
      const Y1564Measurement& m = *row.measured;
      out += csvRow({r.config.services[i].name, row.step.label, fixed(row.step.rateMbps, 3), fixed(m.seconds, 3),
                     std::to_string(m.sent), std::to_string(m.received), fixed(100 * row.verdict->flr, 4),
                     fixed(row.verdict->irMbps, 3), y1564DelayText(m, m.ftdMs), y1564DelayText(m, m.fdvMs),
                     row.availability ? fixed(100 * row.availability->ratio(), 4) : "", std::string(verdictWord(*row.verdict)),
                     y1564Reasons(row)});
    }
  return out;
}

}  // namespace staccato::bench
