#pragma once
/// The protocol registry: every protocol Staccato can build and parse, looked up by name.
#include <map>
#include <span>
#include <string_view>
#include <vector>

#include "common/packet/protocol.h"

namespace staccato {

class ProtocolRegistry {
 public:
  /// The registry of built-in protocols (those with a RegisterProtocol), sorted by order.
  static const ProtocolRegistry& builtin();

  explicit ProtocolRegistry(std::vector<const ProtocolSpec*> protocols);

  const ProtocolSpec* find(std::string_view name) const;
  /// A field by its full name ("ip.ttl") in any protocol, or nullptr.
  const FieldSpec* findField(std::string_view fieldName) const;
  std::span<const ProtocolSpec* const> all() const { return protocols_; }
  /// Every binding of `upper`: its own, and one per protocol numbered like it (ProtocolNumber).
  std::span<const Binding> bindings(const ProtocolSpec& upper) const;
  /// The binding that lets `upper` sit on `lower`, or nullptr.
  const Binding* binding(std::string_view lower, const ProtocolSpec& upper) const;
  /// For parsing: the protocol above `lower` (which `above` follows in the frame): the one bound by
  /// the layer's demux value, else the one it carries, else the one its first nibble numbers.
  const ProtocolSpec* upperFor(const LayerState& lower, std::span<const uint8_t> above) const;
  /// Whether nothing can sit on `lower` (ARP, LLDP, STP...): its packet ends the frame's content.
  bool carriesNothing(const ProtocolSpec& lower) const;
  /// Names of protocols `upper` may sit on, for error messages ("ip, ipv6").
  std::string lowerNames(const ProtocolSpec& upper) const;
  /// Comma-separated list of all protocol names.
  std::string names() const;
  /// A field's value names: its enums, and for a field in a NumberSpace the protocols numbered in
  /// that space too, sorted by value.
  std::span<const EnumName> names(const FieldSpec& field) const;

 private:
  std::vector<const ProtocolSpec*> protocols_;
  std::map<const ProtocolSpec*, std::vector<Binding>> bindings_;
  std::map<const FieldSpec*, std::vector<EnumName>> names_;
};

/// ProtocolRegistry::builtin().names(field).
std::span<const EnumName> fieldNames(const FieldSpec& field);

}  // namespace staccato
