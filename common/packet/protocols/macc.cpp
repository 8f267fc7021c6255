// MAC control (IEEE 802.3 annex 31B, 802.1Qbb) on EtherType 0x8808: PAUSE and priority-based
// flow control (PFC) frames, sent to 01:80:c2:00:00:01 unless eth.dst is set.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kPause = 1, kPfc = 2 };

constexpr EnumName kOpcodes[] = {{0x0001, "pause"}, {0x0101, "pfc"}};

constexpr VariantRule kVariants[] = {{0x0001, kPause}, {0x0101, kPfc}};

constexpr FieldSpec kFields[] = {
    {.name = "macc.opcode", .label = "Opcode", .bits = 16, .format = FieldFormat::kEnum, .defaultValue = "pause",
     .flags = kFieldNoVary, .enums = kOpcodes, .help = "pause (0x0001) or pfc (0x0101, priority-based flow control)"},
    {.name = "macc.pause_time", .label = "Pause time (quanta)", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPause, .help = "in 512-bit times; 0 resumes"},
    {.name = "macc.cbfc.enbv", .label = "Class enable vector", .bits = 16, .format = FieldFormat::kHex,
     .defaultValue = "0x00ff", .variants = kPfc, .help = "bit n: the time for priority n applies"},
    {.name = "macc.cbfc.pause_time.c0", .label = "Pause time, priority 0", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c1", .label = "Pause time, priority 1", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c2", .label = "Pause time, priority 2", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c3", .label = "Pause time, priority 3", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c4", .label = "Pause time, priority 4", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c5", .label = "Pause time, priority 5", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c6", .label = "Pause time, priority 6", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
    {.name = "macc.cbfc.pause_time.c7", .label = "Pause time, priority 7", .bits = 16, .format = FieldFormat::kDec,
     .defaultValue = "65535", .variants = kPfc},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kEtherType, 0x8808}};

constexpr uint64_t kMacControlAddress = 0x0180c2000001;

// MAC control frames go to 01:80:c2:00:00:01: the Ethernet destination below, unless set.
void finalize(BuildContext& ctx, size_t layer) {
  if (layer > 0 && ctx.layer(layer - 1).spec->name == "eth") ctx.setAuto(layer - 1, "eth.dst", kMacControlAddress);
}

constexpr ProtocolSpec kMacControl{
    .name = "macc",
    .displayName = "MAC control",
    .shortName = "MAC ctrl",
    .summary = "Ethernet MAC control on EtherType 0x8808: PAUSE and priority-based flow control (PFC)",
    .fields = kFields,
    .order = 170,
    .numbers = kNumbers,
    .finalize = finalize,
    .variantField = "macc.opcode",
    .variants = kVariants,
};

const RegisterProtocol kRegisterMacControl(kMacControl);

}  // namespace

}  // namespace staccato
