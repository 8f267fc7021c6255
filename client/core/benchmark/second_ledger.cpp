#include "client/core/benchmark/second_ledger.h"

#include <algorithm>

namespace staccato::bench {
namespace {

uint64_t missingOf(const SecondCounts& totals) { return totals.sent - std::min(totals.sent, totals.received); }

}  // namespace

SecondLedger::SecondLedger(size_t services) : toldLost_(services) {}

std::vector<SecondCounts> SecondLedger::read(const std::vector<SecondCounts>& totals) {
  std::vector<Read> now(toldLost_.size());
  for (size_t i = 0; i < now.size(); ++i) now[i] = {totals[i].sent, missingOf(totals[i])};
  reads_.push_back(std::move(now));
  const size_t n = reads_.size();
  if (n < 2) return {};
  std::vector<SecondCounts> second(toldLost_.size());
  for (size_t i = 0; i < second.size(); ++i) {
    const uint64_t sent = reads_[n - 2][i].sent - (n > 2 ? reads_[n - 3][i].sent : 0);
    const uint64_t lostSoFar = std::max(toldLost_[i], std::min(reads_[n - 2][i].missing, reads_[n - 1][i].missing));
    const uint64_t lost = std::min(sent, lostSoFar - toldLost_[i]);
    toldLost_[i] += lost;
    second[i] = {sent, sent - lost};
  }
  return second;
}

std::vector<std::vector<SecondCounts>> SecondLedger::finish(const std::vector<SecondCounts>& totals) const {
  std::vector<std::vector<SecondCounts>> out(toldLost_.size());
  for (size_t i = 0; i < out.size(); ++i) {
    // The loss by the end of each second: at most what was missing then and at every later read,
    // and at most the final loss (nothing is in flight any more).
    std::vector<uint64_t> lostBy(reads_.size());
    uint64_t bound = missingOf(totals[i]);
    for (size_t k = reads_.size(); k-- > 0;) {
      if (k + 1 < reads_.size()) bound = std::min(bound, reads_[k][i].missing);
      lostBy[k] = bound;
    }
    uint64_t sentBefore = 0, lostBefore = 0;
    for (size_t k = 0; k < reads_.size(); ++k) {
      const uint64_t sentBy = k + 1 == reads_.size() ? std::max(totals[i].sent, reads_[k][i].sent) : reads_[k][i].sent;
      const uint64_t sent = sentBy - sentBefore, lost = std::min(sent, lostBy[k] - lostBefore);
      out[i].push_back({sent, sent - lost});
      sentBefore = sentBy;
      lostBefore += lost;
    }
  }
  return out;
}

}  // namespace staccato::bench
