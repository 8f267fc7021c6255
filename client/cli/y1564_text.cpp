#include "client/cli/y1564_text.h"

#include "client/cli/safe_output.h"

namespace staccato::cli {
namespace {

/// IR, FLR and, when measured, FTD and FDV; then what was missed.
std::string figures(const bench::Y1564Measurement& m, const bench::Y1564Verdict& v) {
  std::string out = formatText("IR %.2f Mbit/s  FLR %.4g %%", v.irMbps, v.flr * 100);
  if (m.delayMeasured) out += formatText("  FTD %.3f ms  FDV %.3f ms", m.ftdMs, m.fdvMs);
  for (const std::string& why : v.failures) out += "\n      " + why;
  return out;
}

}  // namespace

std::string y1564StepText(const bench::Y1564Config& config, const bench::Y1564StepResult& s) {
  std::string line = config.services.at(s.step.service).name + "  " + s.step.label +
                     formatText("  %.2f Mbit/s: ", s.step.rateMbps) + std::string(bench::verdictWord(s.verdict)) + "  " +
                     figures(s.measured, s.verdict);
  if (!s.step.note.empty()) line += "\n      " + s.step.note;
  return line;
}

std::string y1564SecondText(const bench::Y1564Config& config, uint32_t second, uint32_t seconds,
                            const std::vector<bench::SecondCounts>& perService, uint32_t sesSoFar) {
  std::string line = formatText("performance %u/%u s:", second + 1, seconds);
  for (size_t i = 0; i < perService.size() && i < config.services.size(); ++i) {
    const bench::SecondCounts& c = perService[i];
    line += (i ? ", " : " ") + config.services[i].name + " " +
            std::to_string(c.sent > c.received ? c.sent - c.received : 0) + " missing";
  }
  if (sesSoFar) line += formatText(" (%u severely errored second%s so far)", sesSoFar, sesSoFar == 1 ? "" : "s");
  return line;
}

std::string y1564SummaryText(const bench::Y1564Result& r) {
  std::string out;
  for (size_t i = 0; i < r.config.services.size(); ++i) {
    out += "service " + r.config.services[i].name + ":\n";
    for (const bench::Y1564StepResult& s : r.configuration)
      if (s.step.service == i) out += "  " + y1564StepText(r.config, s) + "\n";
    if (i < r.performance.size()) {
      const bench::Y1564ServicePerformance& p = r.performance[i];
      out += formatText("  performance %u s: ", p.availability.seconds) + std::string(bench::verdictWord(p.verdict)) + "  " +
             formatText("AVAIL %.4f %%  SES %u  unavailable %u s  ", p.availability.ratio() * 100,
                        p.availability.severelyErrored, p.availability.unavailable) +
             figures(p.measured, p.verdict) + "\n";
    }
  }
  return out + "Y.1564: " + std::string(r.verdictWord()) + "\n";
}

}  // namespace staccato::cli
