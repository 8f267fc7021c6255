#pragma once
/// Which of a port's compiled streams a start sends: the enabled ones, in order. A GOTO_STREAM
/// index counts rows of the list as the user sees it, disabled streams included; it is turned
/// into a position among the sent streams here. A jump to a disabled stream goes on with the
/// first enabled stream after it (none after it: the port stops).
#include <vector>

#include "common/stream/tx_plan.h"

namespace staccato::drone {

/// The enabled plans of `all`, with their GOTO_STREAM targets renumbered.
std::vector<TxPlan> sendablePlans(std::vector<TxPlan> all);

}  // namespace staccato::drone
