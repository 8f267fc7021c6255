#include "drone/core/sendable_plans.h"

namespace staccato::drone {

std::vector<TxPlan> sendablePlans(std::vector<TxPlan> all) {
  // sentAtOrAfter[i]: the position among the sent plans of the first enabled stream at row i or
  // after it; all.size() rows past the end map to "no such stream".
  std::vector<size_t> sentAtOrAfter(all.size() + 1);
  size_t sent = 0;
  for (const TxPlan& p : all) sent += p.run.enabled;
  sentAtOrAfter[all.size()] = sent;
  for (size_t i = all.size(); i-- > 0;) sentAtOrAfter[i] = sentAtOrAfter[i + 1] - all[i].run.enabled;
  std::vector<TxPlan> out;
  out.reserve(sent);
  for (TxPlan& p : all) {
    if (!p.run.enabled) continue;
    RunPlan& r = p.run;
    if (r.after == v1::Control::GOTO_STREAM)
      r.gotoStream = static_cast<uint32_t>(r.gotoStream < all.size() ? sentAtOrAfter[r.gotoStream] : sent);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace staccato::drone
