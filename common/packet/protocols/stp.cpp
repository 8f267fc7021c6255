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
    {"stp.protocol", "Protocol identifier", 16, FieldFormat::kHex, "0x0000", kFieldNoVary, {}, 0,
     "0x0000: spanning tree"},
    {"stp.version", "Protocol version", 8, FieldFormat::kEnum, "stp", kFieldNone, kVersions, 0,
     "0 for STP, 2 for RSTP (with stp.type rst)"},
    {"stp.type", "BPDU type", 8, FieldFormat::kEnum, "config", kFieldNoVary, kTypes, 0,
     "config (0x00), rst (0x02, RSTP) or tcn (0x80: the BPDU ends here)"},
    {"stp.flags", "Flags", 8, FieldFormat::kHex, "0x00", kFieldNone, {}, kBpdu,
     "0x01 topology change, 0x80 topology change acknowledgment; RSTP: 0x02 proposal, 0x0c port "
     "role, 0x10 learning, 0x20 forwarding, 0x40 agreement"},
    {"stp.root.priority", "Root bridge priority (4096s)", 4, FieldFormat::kDec, "8", kFieldNone, {}, kBpdu,
     "in units of 4096 (8 = 32768; Wireshark's stp.root.prio)"},
    {"stp.root.ext", "Root bridge system ID extension", 12, FieldFormat::kDec, "0", kFieldNone, {}, kBpdu,
     "usually the VLAN"},
    {"stp.root.hw", "Root bridge system ID", 48, FieldFormat::kMac, "02:00:00:00:00:01", kFieldNone, {}, kBpdu},
    {"stp.root.cost", "Root path cost", 32, FieldFormat::kDec, "0", kFieldNone, {}, kBpdu},
    {"stp.bridge.priority", "Bridge priority (4096s)", 4, FieldFormat::kDec, "8", kFieldNone, {}, kBpdu,
     "in units of 4096 (8 = 32768; Wireshark's stp.bridge.prio)"},
    {"stp.bridge.ext", "Bridge system ID extension", 12, FieldFormat::kDec, "0", kFieldNone, {}, kBpdu},
    {"stp.bridge.hw", "Bridge system ID", 48, FieldFormat::kMac, "02:00:00:00:00:01", kFieldNone, {}, kBpdu},
    {"stp.port", "Port identifier", 16, FieldFormat::kHex, "0x8001", kFieldNone, {}, kBpdu,
     "port priority (4 bits) and port number"},
    {"stp.msg_age.raw", "Message age (1/256 s)", 16, FieldFormat::kDec, "0", kFieldNone, {}, kBpdu,
     "in 1/256 s (Wireshark's stp.msg_age, in seconds)"},
    {"stp.max_age.raw", "Max age (1/256 s)", 16, FieldFormat::kDec, "5120", kFieldNone, {}, kBpdu,
     "in 1/256 s: 5120 = 20 s (Wireshark's stp.max_age, in seconds)"},
    {"stp.hello.raw", "Hello time (1/256 s)", 16, FieldFormat::kDec, "512", kFieldNone, {}, kBpdu,
     "in 1/256 s: 512 = 2 s (Wireshark's stp.hello, in seconds)"},
    {"stp.forward.raw", "Forward delay (1/256 s)", 16, FieldFormat::kDec, "3840", kFieldNone, {}, kBpdu,
     "in 1/256 s: 3840 = 15 s (Wireshark's stp.forward, in seconds)"},
    {"stp.version_1_length", "Version 1 length", 8, FieldFormat::kDec, "0", kFieldNone, {}, kRst, "RSTP: 0"},
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
