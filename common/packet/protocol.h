#pragma once
/// A protocol is a declarative table: fields, the numbers that name it in the layer below, and a
/// few optional hooks (finalize for auto fields, a tail codec for options). Adding a protocol
/// means adding one file in protocols/ that registers its table; nothing else changes.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "common/core/result.h"
#include "common/packet/field.h"

namespace staccato {

class BuildContext;
struct LayerState;

/// "This protocol can sit on `lower`; then the lower layer's `field` is `value`."
/// Used to auto-fill the demux field when building and to pick the next layer when parsing.
/// Most bindings come from ProtocolNumber; a protocol lists a Binding itself only for a lower
/// layer that names it some other way (an ICMP error quoting an IP datagram).
struct Binding {
  std::string_view lower;
  std::string_view field;
  uint64_t value;
  /// Nonzero: `field` holds not a type but the byte length of this layer and those above it,
  /// at most maxLength (IEEE 802.3 frames: an eth.type up to 1500 is a length). Automatic.
  uint64_t maxLength = 0;
};

/// "This protocol is `value` in `space`" (EtherType 0x0800, IP protocol 17, UDP port 4789): it
/// can sit on every protocol whose demuxField holds numbers of that space.
struct ProtocolNumber {
  NumberSpace space;
  uint64_t value;
};

/// Which quick choice of the stream editor offers a protocol (the free stack offers them all).
enum class QuickLayer : uint8_t { kNone, kLayer3, kLayer4 };

/// How a layer takes part in the frame.
enum class LayerRole : uint8_t {
  kHeader,   ///< fixed fields (+ optional tail), sits on a bound lower layer
  kPayload,  ///< fills the frame to its length with a pattern; at most one per stream
  kRaw,      ///< user bytes, anywhere
  kTrailer,  ///< the signature: last layer, a fixed distance from the end of the frame
};

/// Picks a variant of a protocol (e.g. ICMP echo vs. destination unreachable) from the
/// value of a discriminator field; fields tagged with that variant bit are then on the wire.
struct VariantRule {
  uint64_t discriminator;
  uint16_t variants;  ///< bitmask
};

/// Options and other bytes after the fixed fields (IPv4 options, TCP options).
struct TailCodec {
  /// Appends the tail for the layer's current values.
  void (*encode)(const LayerState& layer, std::vector<uint8_t>& out);
  /// The tail's size on the wire, from the parsed fixed fields; nullopt if inconsistent.
  std::optional<size_t> (*wireSize)(const LayerState& layer);
  /// Sets tail fields from the wire bytes (all as overrides).
  void (*decode)(std::span<const uint8_t> tail, LayerState& layer);
  /// When only the tail's own bytes tell its size (TLVs up to an end TLV, as LLDP's): its size
  /// from the bytes after the fixed fields; nullopt if inconsistent. Used instead of wireSize.
  std::optional<size_t> (*wireSizeFromBytes)(const LayerState& layer, std::span<const uint8_t> rest) = nullptr;
};

struct ProtocolSpec {
  std::string_view name;         ///< Wireshark's protocol name where it has one ("ip", "udp"); unique
  std::string_view displayName;  ///< "IPv4"
  std::string_view shortName = {};  ///< for one-line stack summaries ("Eth"); empty = displayName
  std::string_view summary;      ///< one line for docs and the GUI
  LayerRole role = LayerRole::kHeader;
  std::span<const FieldSpec> fields;
  /// Position in the registry, and so in docs and menus (ties in name order).
  uint16_t order = 0;
  /// The numbers that name this protocol in the layer below; the registry turns them into
  /// bindings to every protocol whose demux field is in that space.
  std::span<const ProtocolNumber> numbers = {};
  std::span<const Binding> bindings = {};  ///< bindings no number expresses
  /// The field that names the layer above (a field with a NumberSpace), e.g. "eth.type".
  std::string_view demuxField = {};
  /// No demux field: the protocol always above this one (VXLAN carries Ethernet).
  std::string_view carries = {};
  /// No demux field: the layer above is the protocol numbered in this space by the first four
  /// bits of its own header (MPLS carries IPv4 or IPv6, told apart by their version).
  NumberSpace nextByFirstNibble = NumberSpace::kNone;
  /// The protocol's name in number tables when not `name` (IPv4 is "ipv4" as an EtherType).
  std::string_view numberName = {};
  /// Wireshark's name for the protocol when not `name`: a protocol Wireshark decodes with
  /// another's dissector (RARP with ARP's) shows and filters by that name, and so do its fields,
  /// which are named after it (`arp.opcode`).
  std::string_view wiresharkName = {};
  QuickLayer quickLayer = QuickLayer::kNone;
  bool startsFrame = false;  ///< a frame may begin with it (Ethernet), whatever may carry it
  /// Fills computed fields (lengths, checksums) once all fields are on the wire.
  void (*finalize)(BuildContext& ctx, size_t layer) = nullptr;
  const TailCodec* tail = nullptr;
  /// A routing header: the byte offset of the packet's final destination address while
  /// segments are left, which upper-layer checksums then cover instead of the IP destination
  /// (RFC 8200 section 8.1); nullopt when the IP destination is final. Called before this
  /// layer's finalize.
  std::optional<size_t> (*finalDestination)(const BuildContext& ctx, size_t layer) = nullptr;
  /// Cross-field checks beyond ranges; the error path is the field name.
  Status (*validate)(const LayerState& layer) = nullptr;
  /// kPayload: writes `out.size()` bytes of the layer's pattern.
  void (*fill)(const LayerState& layer, std::span<uint8_t> out, uint64_t seed) = nullptr;
  std::string_view variantField = {};        ///< discriminator, e.g. "icmp.type"
  std::span<const VariantRule> variants = {};
  uint16_t defaultVariant = 0;               ///< for discriminator values not listed
  /// Length field that bounds this layer's packet when parsing (e.g. "ip.len").
  std::string_view lengthField = {};
  bool lengthCountsHeader = true;  ///< false when the length excludes this header (ipv6.plen)

  std::string_view shortLabel() const { return shortName.empty() ? displayName : shortName; }
  std::string_view nameAsNumber() const { return numberName.empty() ? name : numberName; }
  /// The protocol's Wireshark display-filter name, the prefix of its field names.
  std::string_view wiresharkProtocol() const { return wiresharkName.empty() ? name : wiresharkName; }
  /// Index of a field by full name, or -1.
  int fieldIndex(std::string_view fieldName) const {
    for (size_t i = 0; i < fields.size(); ++i)
      if (fields[i].name == fieldName) return static_cast<int>(i);
    return -1;
  }
  /// Variant mask for a discriminator value.
  uint16_t variantFor(uint64_t discriminator) const {
    for (const auto& r : variants)
      if (r.discriminator == discriminator) return r.variants;
    return defaultVariant;
  }
};

/// Resolved values of one layer: every field has a value; `overridden` marks user-set ones.
struct LayerState {
  const ProtocolSpec* spec = nullptr;
  std::vector<FieldValue> values;
  std::vector<bool> overridden;

  /// Initialises from the spec defaults.
  explicit LayerState(const ProtocolSpec& s);
  LayerState() = default;

  const FieldValue& value(std::string_view field) const;
  uint64_t num(std::string_view field) const { return value(field).num; }
  bool isSet(std::string_view field) const;  ///< overridden by the user
  /// Sets a field as an override (parsers and tail codecs).
  void set(std::string_view field, FieldValue value);
  /// Variant mask in force (from the discriminator field), 0 when the protocol has none.
  uint16_t variantMask() const;
  /// True when field i is on the wire among the fixed fields for the current variant.
  bool fixedFieldPresent(size_t i) const;
};

/// Adds a built-in protocol to the registry: each protocol file defines one next to its spec.
struct RegisterProtocol {
  explicit RegisterProtocol(const ProtocolSpec& spec);
};

}  // namespace staccato
