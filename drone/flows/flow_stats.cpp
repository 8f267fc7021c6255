#include "drone/flows/flow_stats.h"

namespace staccato::drone {

const char* flowFailureName(FlowFailure failure) {
  switch (failure) {
    case FlowFailure::kRefused: return "refused";
    case FlowFailure::kReset: return "reset";
    case FlowFailure::kTimeout: return "timed out";
    case FlowFailure::kInvalid: return "invalid answer";
    case FlowFailure::kLocal: return "tester limit";
  }
  return "?";
}

uint64_t PhaseCounters::failures() const {
  uint64_t n = 0;
  for (const auto& f : failed) n += f.load(std::memory_order_relaxed);
  return n;
}

FlowSideStats::FlowSideStats(size_t templates) {
  for (size_t i = 0; i < templates; ++i) templates_.push_back(std::make_unique<TemplateStats>());
}

}  // namespace staccato::drone
