#include "drone/core/sendable_plans.h"

namespace staccato::drone {

bool streamEnabled(const v1::Stream& s) { return !s.has_enabled() || s.enabled(); }

std::vector<TxPlan> sendablePlans(const std::vector<TxPlan>& all) {
  // sentAtOrAfter[i]: the position among the sent plans of the first enabled stream at row i or
  // after it; all.size() rows past the end map to "no such stream".
  std::vector<size_t> sentAtOrAfter(all.size() + 1);
  size_t sent = 0;
  for (const TxPlan& p : all) sent += streamEnabled(p.stream);
  sentAtOrAfter[all.size()] = sent;
  for (size_t i = all.size(); i-- > 0;) sentAtOrAfter[i] = sentAtOrAfter[i + 1] - streamEnabled(all[i].stream);
  std::vector<TxPlan> out;
  out.reserve(sent);
  for (const TxPlan& p : all) {
    if (!streamEnabled(p.stream)) continue;
    out.push_back(p);
    v1::Control* c = out.back().stream.mutable_control();
    if (c->after() == v1::Control::GOTO_STREAM)
      c->set_goto_stream(static_cast<uint32_t>(c->goto_stream() < all.size() ? sentAtOrAfter[c->goto_stream()] : sent));
  }
  return out;
}

}  // namespace staccato::drone
