#pragma once
/// The bisection RFC 2889's rate searches share: try `max` first; while a value fails, halve
/// down to `min`; once one passed, bisect between the highest pass and the lowest fail until
/// they are `close` apart. `tryValue` runs one trial: true passed, false failed, nullopt stop.
#include <algorithm>
#include <functional>
#include <optional>

#include "common/core/result.h"

namespace staccato::bench {

struct Bracket {
  double passed = 0;  ///< the highest value that passed; 0 = none
  double failed = 0;  ///< the lowest value that failed; 0 = none
};

inline Result<Bracket> highestPassing(double max, double min, const std::function<bool(const Bracket&)>& close,
                                      const std::function<Result<std::optional<bool>>(double)>& tryValue) {
  Bracket b;
  for (double next = max;;) {
    auto outcome = tryValue(next);
    if (!outcome) return outcome.error();
    if (!*outcome) return b;
    (**outcome ? b.passed : b.failed) = next;
    if (b.failed == 0) return b;                       // the highest value passed
    if (b.passed == 0 && next <= min) return b;        // not even the lowest
    if (b.passed > 0 && close(b)) return b;
    next = b.passed == 0 ? std::max(min, b.failed / 2) : (b.passed + b.failed) / 2;
  }
}

}  // namespace staccato::bench
