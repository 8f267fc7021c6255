// IPv6 destination options header (RFC 8200, section 4.6): options padded to a multiple of
// 8 bytes automatically (Pad1 or PadN), length automatic.
#include <algorithm>

#include "common/packet/protocols/protocols.h"

namespace staccato {
namespace {

constexpr FieldSpec kFields[] = {
    {"ipv6.dstopts.nxt", "Next header", 8, FieldFormat::kEnum, "59", kFieldComputed, kIpProtocolNames, 0,
     "automatic from the layer above (59, no next header, when none)", NumberSpace::kIpProtocol},
    {"ipv6.dstopts.len", "Length (8-byte units, minus 1)", 8, FieldFormat::kDec, "0", kFieldComputed | kFieldNoVary,
     {}, 0, "automatic from the options"},
    {"ipv6.dstopts.options", "Options", 0, FieldFormat::kBytes, "", kFieldNoVary, {}, 0,
     "type-length-value options (040104: tunnel encapsulation limit 4); padded automatically to a multiple of 8 "
     "bytes with Pad1 or PadN"},
};

constexpr ProtocolNumber kNumbers[] = {{NumberSpace::kIpProtocol, 60}};

// Appends the Pad1 or PadN option that makes 2 + options a multiple of 8 bytes.
void appendPadding(std::vector<uint8_t>& out, size_t optionBytes) {
  const size_t pad = (8 - (2 + optionBytes) % 8) % 8;
  if (pad == 1) out.push_back(0);  // Pad1
  if (pad >= 2) {                  // PadN
    out.push_back(1);
    out.push_back(static_cast<uint8_t>(pad - 2));
    out.insert(out.end(), pad - 2, 0);
  }
}

void encodeOptions(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& o = l.value("ipv6.dstopts.options").bytes;
  out.insert(out.end(), o.begin(), o.end());
  appendPadding(out, o.size());
}

std::optional<size_t> optionsWireSize(const LayerState& l) { return (l.num("ipv6.dstopts.len") + 1) * 8 - 2; }

// The options without the last one when it is the padding that would be added again.
void decodeOptions(std::span<const uint8_t> tail, LayerState& l) {
  size_t last = tail.size();
  for (size_t i = 0; i < tail.size();) {
    last = i;
    i += tail[i] == 0 ? 1 : (i + 1 < tail.size() ? 2u + tail[i + 1] : tail.size());
  }
  std::vector<uint8_t> options(tail.begin(), tail.end());
  if (last < tail.size() && tail[last] <= 1) {
    std::vector<uint8_t> shorter(tail.begin(), tail.begin() + static_cast<std::ptrdiff_t>(last));
    std::vector<uint8_t> again = shorter;
    appendPadding(again, shorter.size());
    if (std::equal(again.begin(), again.end(), tail.begin(), tail.end())) options = std::move(shorter);
  }
  l.set("ipv6.dstopts.options", {0, std::move(options)});
}

constexpr TailCodec kOptions{encodeOptions, optionsWireSize, decodeOptions};

void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, "ipv6.dstopts.len", ctx.span(layer).length / 8 - 1);
}

constexpr ProtocolSpec kDestinationOptions{
    .name = "ipv6.dstopts",
    .displayName = "IPv6 destination options",
    .shortName = "IPv6 Dst",
    .summary = "IPv6 destination options extension header, padded automatically",
    .fields = kFields,
    .order = 317,
    .numbers = kNumbers,
    .demuxField = "ipv6.dstopts.nxt",
    .finalize = finalize,
    .tail = &kOptions,
};

const RegisterProtocol kRegisterDestinationOptions(kDestinationOptions);

}  // namespace

}  // namespace staccato
