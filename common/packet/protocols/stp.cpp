// Spanning tree BPDUs (IEEE 802.1D, 802.1w) on LLC SAP 0x42: configuration and RSTP BPDUs,
// and topology change notifications (type 0x80, the first four bytes only).
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kConfig = 1, kRst = 2 };

constexpr EnumName kTypes[] = {{0x00, "config"}, {0x02, "rst"}, {0x80, "tcn"}};
constexpr EnumName kVersions[] = {{0, "stp"}, {2, "rstp"}, {3, "mstp"}};

constexpr VariantRule kVariants[] = {{0x00, kConfig}, {0x02, kConfig | kRst}};

constexpr uint8_t kBpdu = kConfig;  // fields of configuration and RST BPDUs

constexpr FieldSpec kFields[] = {
    {.name = "stp.protocol", .label = "Protocol identifier", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x0000", .flags = kFieldNoVary, .help = "0x0000: spanning tree"},
    {.name = "stp.version", .label = "Protocol version", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "stp", .enums = kVersions, .help = "0 for STP, 2 for RSTP (with stp.type rst)"},
    {.name = "stp.type", .label = "BPDU type", .bits = 8, .format = FieldFormat::kEnum, .defaultValue = "config",
     .flags = kFieldNoVary, .enums = kTypes,
     .help = "config (0x00), rst (0x02, RSTP) or tcn (0x80: the BPDU ends here)"},
    {.name = "stp.flags", .label = "Flags", .bits = 8, .format = FieldFormat::kHex, .defaultValue = "0x00",
     .variants = kBpdu,
     .help = "0x01 topology change, 0x80 topology change acknowledgment; RSTP: 0x02 proposal, 0x0c port " "role, 0x10 learning, 0x20 forwarding, 0x40 agreement"},
    {.name = "stp.root.priority", .label = "Root bridge priority (4096s)", .bits = 4, .format = FieldFormat::kDec,
     .defaultValue = "8", .variants = kBpdu, .help = "in units of 4096 (8 = 32768; Wireshark's stp.root.prio)"},
    {.name = "stp.root.ext", .label = "Root bridge system ID extension", .bits = 12, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kBpdu, .help = "usually the VLAN"},
    {.name = "stp.root.hw", .label = "Root bridge system ID", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01", .variants = kBpdu},
    {.name = "stp.root.cost", .label = "Root path cost", .bits = 32, .format = FieldFormat::kDec, .defaultValue = "0",
     .variants = kBpdu},
    {.name = "stp.bridge.priority", .label = "Bridge priority (4096s)", .bits = 4, .format = FieldFormat::kDec,
     .defaultValue = "8", .variants = kBpdu, .help = "in units of 4096 (8 = 32768; Wireshark's stp.bridge.prio)"},
    {.name = "stp.bridge.ext", .label = "Bridge system ID extension", .bits = 12, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kBpdu},
    {.name = "stp.bridge.hw", .label = "Bridge system ID", .bits = 48, .format = FieldFormat::kMac,
     .defaultValue = "02:00:00:00:00:01", .variants = kBpdu},
    {.name = "stp.port", .label = "Port identifier", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x8001", .variants = kBpdu, .help = "port priority (4 bits) and port number"},
    {.name = "stp.msg_age.raw", .label = "Message age (1/256 s)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kBpdu, .help = "in 1/256 s (Wireshark's stp.msg_age, in seconds)"},
    {.name = "stp.max_age.raw", .label = "Max age (1/256 s)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "5120", .variants = kBpdu,
     .help = "in 1/256 s: 5120 = 20 s (Wireshark's stp.max_age, in seconds)"},
    {.name = "stp.hello.raw", .label = "Hello time (1/256 s)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "512", .variants = kBpdu, .help = "in 1/256 s: 512 = 2 s (Wireshark's stp.hello, in seconds)"},
    {.name = "stp.forward.raw", .label = "Forward delay (1/256 s)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "3840", .variants = kBpdu,
     .help = "in 1/256 s: 3840 = 15 s (Wireshark's stp.forward, in seconds)"},
    {.name = "stp.version_1_length", .label = "Version 1 length", .bits = 8, .format = FieldFormat::kDec,
     .defaultValue = "0", .variants = kRst, .help = "RSTP: 0"},
};

// LLC's DSAP (and so its SSAP) is 0x42 under a BPDU.
constexpr Binding kBindings[] = {{"llc", "llc.dsap", 0x42}};

constexpr ProtocolSpec kStp{
    .name = "stp",
    .displayName = "STP BPDU",
    .shortName = "STP",
    .summary = "Spanning tree BPDU on LLC SAP 0x42: configuration, RSTP and topology change notification",
    .fields = kFields,
    .order = 150,
    .bindings = kBindings,
    .variantField = "stp.type",
    .variants = kVariants,
};

const RegisterProtocol kRegisterStp(kStp);

}  // namespace

}  // namespace staccato
