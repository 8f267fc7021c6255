#include "client/models/y1564_progress.h"

#include <algorithm>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {

double Y1564Progress::fraction() const {
  double total = performanceSeconds, done = secondsDone;
  for (size_t i = 0; i < plan.size(); ++i) {
    total += plan[i].seconds;
    if (i < stepsDone) done += plan[i].seconds;
  }
  return total > 0 ? std::min(1.0, done / total) : 0;
}

QString Y1564Progress::text(const bench::Y1564Config& config) const {
  if (stepsDone < plan.size()) {
    const bench::Y1564Step& s = plan[stepsDone];
    const QString service = s.service < config.services.size() ? qs(config.services[s.service].name) : QString();
    return QString("Step %1 of %2: %3 · %4 · %5 Mbit/s for %6 s")
        .arg(stepsDone + 1)
        .arg(plan.size())
        .arg(service, qs(s.label), formatFixed(s.rateMbps, 2), formatCompact(s.seconds, 1));
  }
  if (performanceSeconds > 0)
    return QString("Performance test: second %1 of %2, every service at its CIR")
        .arg(secondsDone)
        .arg(formatCompact(performanceSeconds, 0));
  return {};
}

}  // namespace staccato::client
