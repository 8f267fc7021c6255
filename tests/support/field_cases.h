#pragma once
// One test case per registry field: a stream that sets that field to a telling value (or
// leaves a computed field automatic), used by the conformance and tshark oracle tests.
#include <map>
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

/// What the field cases of one protocol need beyond the generic rules, declared by the
/// protocol's test file (a static RegisterFieldCaseRules), so this support code names no protocol.
struct FieldCaseRules {
  std::string protocol;
  /// Fields that decide how the rest of the frame decodes (by us and by Wireshark): set to this
  /// text, or to their default when empty, rather than a random-looking value.
  std::map<std::string, std::string> structural = {};
  /// Telling values for fields the generic ones do not suit (valid option bytes, ranges).
  std::map<std::string, std::string> values = {};
  /// Discriminator for fields of the default variant (else the first value no rule lists).
  std::optional<uint64_t> otherVariant = std::nullopt;
  bool carriesPayload = true;  ///< false: nothing follows the protocol in its host stack
  /// Reshapes a case's layers once its discriminator is set (e.g. quote a datagram).
  void (*shape)(const FieldCase& c, std::vector<v1::Layer>& layers) = nullptr;
};

struct RegisterFieldCaseRules {
  explicit RegisterFieldCaseRules(FieldCaseRules rules);
};

/// The rules a protocol's test registered (empty rules when none).
const FieldCaseRules& fieldCaseRules(std::string_view protocol);

std::vector<FieldCase> allFieldCases();

}  // namespace staccato::test
