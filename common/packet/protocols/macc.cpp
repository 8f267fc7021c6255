// MAC control (IEEE 802.3 annex 31B, 802.1Qbb) on EtherType 0x8808: PAUSE and priority-based
// flow control (PFC) frames, sent to 01:80:c2:00:00:01 unless eth.dst is set.
#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Variant : uint8_t { kPause = 1, kPfc = 2 };

constexpr EnumName kOpcodes[] = {{0x0001, "pause"}, {0x0101, "pfc"}};

constexpr VariantRule kVariants[] = {{0x0001, kPause}, {0x0101, kPfc}};

constexpr FieldSpec kFields[] = {
    {"macc.opcode", "Opcode", 16, FieldFormat::kEnum, "pause", kFieldNoVary, kOpcodes, 0,
     "pause (0x0001) or pfc (0x0101, priority-based flow control)"},
    {"macc.pause_time", "Pause time (quanta)", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPause,
     "in 512-bit times; 0 resumes"},
    {"macc.cbfc.enbv", "Class enable vector", 16, FieldFormat::kHex, "0x00ff", kFieldNone, {}, kPfc,
     "bit n: the time for priority n applies"},
    {"macc.cbfc.pause_time.c0", "Pause time, priority 0", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c1", "Pause time, priority 1", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c2", "Pause time, priority 2", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c3", "Pause time, priority 3", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c4", "Pause time, priority 4", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c5", "Pause time, priority 5", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c6", "Pause time, priority 6", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
    {"macc.cbfc.pause_time.c7", "Pause time, priority 7", 16, FieldFormat::kDec, "65535", kFieldNone, {}, kPfc},
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
