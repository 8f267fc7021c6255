// LLDP (IEEE 802.1AB) on EtherType 0x88cc: chassis ID and port ID as MAC addresses, TTL, then
// port description, system name and system description when set, and the end TLV; sent to
// 01:80:c2:00:00:0e unless eth.dst is set.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum TlvType : uint8_t { kEnd = 0, kPortDescription = 4, kSystemName = 5, kSystemDescription = 6 };

constexpr EnumName kChassisSubtypes[] = {{4, "mac-address"}};
constexpr EnumName kPortSubtypes[] = {{3, "mac-address"}};

constexpr FieldSpec kFields[] = {
    {.name = "lldp.tlv.type", .label = "Chassis ID TLV type", .bits = 7, .format = FieldFormat::kDec,
     .defaultValue = "1", .flags = kFieldNoVary},
    {.name = "lldp.tlv.len", .label = "Chassis ID TLV length", .bits = 9, .format = FieldFormat::kDec,
     .defaultValue = "7", .flags = kFieldNoVary},
    {.name = "lldp.chassis.subtype", .label = "Chassis ID subtype", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "mac-address", .flags = kFieldNoVary, .enums = kChassisSubtypes},
    {.name = "lldp.chassis.id.mac", .label = "Chassis ID", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01"},
    {.name = "lldp.port.tlv.type", .label = "Port ID TLV type", .bits = 7, .format = FieldFormat::kDec,
     .defaultValue = "2", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lldp.port.tlv.len", .label = "Port ID TLV length", .bits = 9, .format = FieldFormat::kDec,
     .defaultValue = "7", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lldp.port.subtype", .label = "Port ID subtype", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "mac-address", .flags = kFieldNoVary, .enums = kPortSubtypes},
    {.name = "lldp.port.id.mac", .label = "Port ID", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01"},
    {.name = "lldp.ttl.tlv.type", .label = "TTL TLV type", .bits = 7, .format = FieldFormat::kDec,
     .defaultValue = "3", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lldp.ttl.tlv.len", .label = "TTL TLV length", .bits = 9, .format = FieldFormat::kDec,
     .defaultValue = "2", .flags = kFieldNoVary, .help = "Staccato's name"},
    {.name = "lldp.time_to_live", .label = "Time to live (s)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "120", .help = "0: forget me"},
    {.name = "lldp.port.desc", .label = "Port description", .bits = 0, .format = FieldFormat::kText,
     .defaultValue = "", .flags = kFieldNoVary, .help = "a TLV when set"},
    {.name = "lldp.tlv.system.name", .label = "System name", .bits = 0, .format = FieldFormat::kText,
     .defaultValue = "", .flags = kFieldNoVary, .help = "a TLV when set"},
    {.name = "lldp.tlv.system.desc", .label = "System description", .bits = 0, .format = FieldFormat::kText,
     .defaultValue = "", .flags = kFieldNoVary, .help = "a TLV when set"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x88cc}};

struct TextTlv {
  uint8_t type;
  std::string_view field;
};
constexpr TextTlv kTextTlvs[] = {{kPortDescription, "lldp.port.desc"},
                                 {kSystemName, "lldp.tlv.system.name"},
                                 {kSystemDescription, "lldp.tlv.system.desc"}};

void appendTlv(std::vector<uint8_t>& out, uint8_t type, std::span<const uint8_t> value) {
  out.push_back(static_cast<uint8_t>(type << 1 | value.size() >> 8));
  out.push_back(static_cast<uint8_t>(value.size() & 0xff));
  out.insert(out.end(), value.begin(), value.end());
}

void encode(const LayerState& l, std::vector<uint8_t>& out) {
  for (const TextTlv& t : kTextTlvs)
    if (const auto& v = l.value(t.field).bytes; !v.empty()) appendTlv(out, t.type, v);
  appendTlv(out, kEnd, {});
}

// The frames this protocol builds: MAC-sized chassis and port IDs, then text TLVs in order, each
// once and not empty, then the end TLV (what follows is Ethernet padding). Anything else (other
// ID subtypes, other TLVs) is not read as LLDP, so it stays raw bytes and exports unchanged.
std::optional<size_t> tlvsWireSize(const LayerState& l, std::span<const uint8_t> rest) {
  if (l.num("lldp.tlv.type") != 1 || l.num("lldp.tlv.len") != 7 || l.num("lldp.chassis.subtype") != 4 ||
      l.num("lldp.port.tlv.type") != 2 || l.num("lldp.port.tlv.len") != 7 || l.num("lldp.port.subtype") != 3 ||
      l.num("lldp.ttl.tlv.type") != 3 || l.num("lldp.ttl.tlv.len") != 2)
    return std::nullopt;
  uint8_t last = 0;
  for (size_t i = 0; i + 2 <= rest.size();) {
    const uint8_t type = rest[i] >> 1;
    const size_t len = static_cast<size_t>(rest[i] & 1) << 8 | rest[i + 1];
    if (type == kEnd) return len == 0 ? std::optional<size_t>(i + 2) : std::nullopt;
    if (type < kPortDescription || type > kSystemDescription || type <= last || len == 0) return std::nullopt;
    last = type;
    i += 2 + len;
  }
  return std::nullopt;
}

// The text TLVs (the bytes stop at the end TLV).
void decode(std::span<const uint8_t> tail, LayerState& l) {
  for (size_t i = 0; i + 2 <= tail.size();) {
    const uint8_t type = tail[i] >> 1;
    const size_t len = static_cast<size_t>(tail[i] & 1) << 8 | tail[i + 1];
    if (type == kEnd || i + 2 + len > tail.size()) break;
    for (const TextTlv& t : kTextTlvs)
      if (t.type == type) l.set(t.field, {0, {tail.begin() + static_cast<std::ptrdiff_t>(i + 2),
                                              tail.begin() + static_cast<std::ptrdiff_t>(i + 2 + len)}});
    i += 2 + len;
  }
}

constexpr TailCodec kTlvs{.encode = encode, .wireSize = nullptr, .decode = decode, .wireSizeFromBytes = tlvsWireSize};

Status validate(const LayerState& l) {
  for (const TextTlv& t : kTextTlvs)
    if (size_t n = l.value(t.field).bytes.size(); n > 255)
      return makeError(std::string(t.field), std::to_string(n) + " bytes; at most 255");
  return Ok{};
}

constexpr uint64_t kNearestBridge = 0x0180c200000e;

// LLDP goes to the nearest-bridge address: the Ethernet destination below, unless set.
void finalize(BuildContext& ctx, size_t layer) {
  if (layer > 0 && ctx.layer(layer - 1).spec->name == "eth") ctx.setAuto(layer - 1, "eth.dst", kNearestBridge);
}

constexpr ProtocolSpec kLldp{
    .name = "lldp",
    .displayName = "LLDP",
    .summary = "Link Layer Discovery Protocol: chassis and port ID (MAC), TTL, port and system name/description",
    .fields = kFields,
    .order = 160,
    .numbers = kNumbers,
    .finalize = finalize,
    .tail = &kTlvs,
    .validate = validate,
};

const RegisterProtocol kRegisterLldp(kLldp);

}  // namespace

}  // namespace staccato
