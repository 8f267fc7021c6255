// Payload that fills the frame to its length with a pattern.
#include <algorithm>

#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

enum Pattern : uint64_t { kFixedWord = 0, kIncrement = 1, kDecrement = 2, kRandom = 3, kUser = 4 };

constexpr EnumName kPatterns[] = {
    {kFixedWord, "fixed-word"}, {kIncrement, "increment"}, {kDecrement, "decrement"},
    {kRandom, "random"},        {kUser, "user"},
};

constexpr FieldSpec kFields[] = {
    {.name = "payload.pattern", .label = "Pattern", .bits = 8, .format = FieldFormat::kEnum,
     .defaultValue = "increment", .flags = kFieldNoVary, .enums = kPatterns,
     .help = "fixed-word: payload.word repeated; increment/decrement: byte counter from 00/ff; " "random: seeded random bytes; user: payload.data repeated"},
    {.name = "payload.word", .label = "Fixed word", .bits = 32, .format = FieldFormat::kHex,
     .defaultValue = "0x00000000", .flags = kFieldNoVary, .help = "32-bit word for the fixed-word pattern"},
    {.name = "payload.data", .label = "User pattern", .bits = 0, .format = FieldFormat::kBytes, .defaultValue = "",
     .flags = kFieldNoVary, .help = "hex bytes repeated for the user pattern"},
};

void fill(const LayerState& l, std::span<uint8_t> out, uint64_t seed) {
  switch (l.num("payload.pattern")) {
    case kFixedWord: {
      uint32_t w = static_cast<uint32_t>(l.num("payload.word"));
      for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(w >> (24 - 8 * (i % 4)));
      break;
    }
    case kIncrement:
      for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(i);
      break;
    case kDecrement:
      for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(0xff - i);
      break;
    case kRandom: {
      uint64_t x = seed ? seed : 0x9e3779b97f4a7c15ull;
      for (auto& b : out) {  // xorshift64*: reproducible per seed
        x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
        b = static_cast<uint8_t>((x * 0x2545f4914f6cdd1dull) >> 56);
      }
      break;
    }
    case kUser: {
      const auto& p = l.value("payload.data").bytes;
      if (p.empty()) std::fill(out.begin(), out.end(), 0);
      for (size_t i = 0; i < out.size() && !p.empty(); ++i) out[i] = p[i % p.size()];
      break;
    }
  }
}

Status validate(const LayerState& l) {
  if (l.num("payload.pattern") > kUser)
    return makeError("payload.pattern", "unknown pattern (fixed-word, increment, decrement, random, user)");
  if (l.num("payload.pattern") == kUser && l.value("payload.data").bytes.empty())
    return makeError("payload.data", "the user pattern needs at least one byte, e.g. 'cafe'");
  return Ok{};
}

constexpr ProtocolSpec kPayload{
    .name = "payload",
    .displayName = "Payload",
    .summary = "Pattern bytes that fill the frame to its length (Staccato's own protocol)",
    .role = LayerRole::kPayload,
    .fields = kFields,
    .order = 900,
    .validate = validate,
    .fill = fill,
};

const RegisterProtocol kRegisterPayload(kPayload);

}  // namespace

}  // namespace staccato
