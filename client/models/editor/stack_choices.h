#pragma once
/// The stream editor's quick protocol choices (L2 / L3 / L4 / payload / signature) mapped to
/// and from a layer list, and the free stack's rules, all from the registry's bindings.
#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "staccato/v1/stream.pb.h"

namespace staccato::client {

/// One entry of a quick-choice combo: a label and the protocols it stands for (may be none).
struct StackOption {
  QString label;
  std::vector<std::string> protocols;
};

/// A quick choice: indices into StackChoices::l2/l3/l4Options() and two switches.
struct StackChoice {
  int l2 = 0;  ///< Ethernet, Ethernet + VLAN, Ethernet + QinQ
  int l3 = 0;  ///< none, then the registry's QuickLayer::kLayer3 protocols (IPv4, IPv6, ARP)
  int l4 = 0;  ///< none, then the registry's QuickLayer::kLayer4 protocols (UDP, TCP, ICMP, ICMPv6)
  bool payload = false;
  bool signature = false;  ///< track loss and latency

  bool operator==(const StackChoice&) const = default;
};

class StackChoices {
 public:
  static const std::vector<StackOption>& l2Options();
  static const std::vector<StackOption>& l3Options();
  static const std::vector<StackOption>& l4Options();

  /// The protocols of a choice, from the wire up.
  static std::vector<std::string> protocols(const StackChoice& choice);
  /// The quick choice a layer list is, or nullopt for a stack the choices cannot express.
  static std::optional<StackChoice> fromLayers(const google::protobuf::RepeatedPtrField<v1::Layer>& layers);
  /// The layers of a choice; layers of `current` that stay (same protocol, in order) keep
  /// their field overrides.
  static google::protobuf::RepeatedPtrField<v1::Layer> toLayers(
      const StackChoice& choice, const google::protobuf::RepeatedPtrField<v1::Layer>& current);
  /// True when every layer of the choice may sit on the one below it.
  static bool isAllowed(const StackChoice& choice);

  /// Protocols that may sit directly on `lowerProtocol` ("" for the first layer), in registry
  /// order: headers bound to it, raw bytes anywhere, only the signature after the payload,
  /// nothing after the signature.
  static QStringList allowedAbove(const std::string& lowerProtocol);
};

}  // namespace staccato::client
