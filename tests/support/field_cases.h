#pragma once
// One test case per registry field: a stream that sets that field to a telling value (or
// leaves a computed field automatic), used by the conformance and tshark oracle tests.
#include <optional>
#include <string>
#include <vector>

#include "common/packet/protocol.h"
#include "tests/support/stacks.h"

namespace staccato::test {

struct FieldCase {
  const ProtocolSpec* protocol;
  const FieldSpec* field;
  size_t fieldIndex;
  v1::Stream stream;
  size_t layer;                     ///< index of the protocol's layer in the stream
  std::optional<std::string> set;   ///< the text we set, or nullopt for an automatic field

  std::string name() const;
};

std::vector<FieldCase> allFieldCases();

}  // namespace staccato::test
