#pragma once
/// The protocol registry: every protocol Staccato can build and parse, looked up by name.
#include <span>
#include <string_view>
#include <vector>

#include "common/packet/protocol.h"

namespace staccato {

class ProtocolRegistry {
 public:
  /// The registry of built-in protocols (immutable).
  static const ProtocolRegistry& builtin();

  explicit ProtocolRegistry(std::vector<const ProtocolSpec*> protocols);

  const ProtocolSpec* find(std::string_view name) const;
  /// A field by its full name ("ip.ttl") in any protocol, or nullptr.
  const FieldSpec* findField(std::string_view fieldName) const;
  std::span<const ProtocolSpec* const> all() const { return protocols_; }
  /// The binding that lets `upper` sit on `lower`, or nullptr.
  const Binding* binding(std::string_view lower, const ProtocolSpec& upper) const;
  /// For parsing: the protocol bound above `lower` whose demux value matches the layer.
  const ProtocolSpec* upperFor(const LayerState& lower) const;
  /// Names of protocols `upper` may sit on, for error messages ("ip, ipv6").
  std::string lowerNames(const ProtocolSpec& upper) const;
  /// Comma-separated list of all protocol names.
  std::string names() const;

 private:
  std::vector<const ProtocolSpec*> protocols_;
};

/// All built-in protocol specs, in registry order (defined in protocols/all_protocols.cpp).
std::vector<const ProtocolSpec*> builtinProtocols();

}  // namespace staccato
