#pragma once
/// Variable fields: resolving the user's definitions against the layers, and emitting the
/// patch ops that vary them.
#include <vector>

#include "common/core/result.h"
#include "common/packet/builder.h"
#include "common/stream/tx_plan.h"

namespace staccato {

struct ResolvedVariable {
  size_t layer = 0;
  size_t field = 0;       ///< index in the layer's spec
  v1::VariableField::Mode mode = v1::VariableField::INCREMENT;
  uint64_t start = 0;     ///< of the varying slice (low 64 bits of wider fields)
  uint64_t step = 1;
  uint64_t count = 0;
  uint64_t mask = 0;      ///< varying bits within the slice
  unsigned sliceBits = 0; ///< width of the varying slice (the field, or its low 64 bits)
  std::vector<uint64_t> values;  ///< LIST
};

/// Checks each definition (path "variable_fields[i]...") and sets the layer's value to the
/// first packet's value so the template is packet 0.
Result<std::vector<ResolvedVariable>> resolveVariableFields(
    const google::protobuf::RepeatedPtrField<v1::VariableField>& defs, std::vector<LayerState>& layers);

/// Appends one op per variable field to `plan`.
Status emitVariableFieldOps(const std::vector<ResolvedVariable>& vars, const BuiltFrame& built, TxPlan& plan);

}  // namespace staccato
