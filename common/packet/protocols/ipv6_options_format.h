#pragma once
// What the IPv6 hop-by-hop and destination options headers share (RFC 8200, section 4.2):
// type-length-value options padded with Pad1 or PadN to a multiple of 8 bytes, the length in
// 8-byte units minus 1, both automatic. Each header instantiates it with its field names:
//   struct Names { static constexpr const char* len = "...len"; static constexpr const char* options = "...options"; };
#include <algorithm>

#include "common/packet/protocols/protocols.h"

namespace staccato::ipv6_options {

// Appends the Pad1 or PadN option that makes 2 + options a multiple of 8 bytes.
inline void appendPadding(std::vector<uint8_t>& out, size_t optionBytes) {
  const size_t pad = (8 - (2 + optionBytes) % 8) % 8;
  if (pad == 1) out.push_back(0);  // Pad1
  if (pad >= 2) {                  // PadN
    out.push_back(1);
    out.push_back(static_cast<uint8_t>(pad - 2));
    out.insert(out.end(), pad - 2, 0);
  }
}

// The options without the last one when it is the padding that would be added again.
inline std::vector<uint8_t> withoutAutomaticPadding(std::span<const uint8_t> tail) {
  size_t last = tail.size();
  for (size_t i = 0; i < tail.size();) {
    last = i;
    i += tail[i] == 0 ? 1 : (i + 1 < tail.size() ? 2u + tail[i + 1] : tail.size());
  }
  if (last < tail.size() && tail[last] <= 1) {
    std::vector<uint8_t> shorter(tail.begin(), tail.begin() + static_cast<std::ptrdiff_t>(last));
    std::vector<uint8_t> again = shorter;
    appendPadding(again, shorter.size());
    if (std::equal(again.begin(), again.end(), tail.begin(), tail.end())) return shorter;
  }
  return {tail.begin(), tail.end()};
}

template <typename Names>
void encode(const LayerState& l, std::vector<uint8_t>& out) {
  const auto& o = l.value(Names::options).bytes;
  out.insert(out.end(), o.begin(), o.end());
  appendPadding(out, o.size());
}

template <typename Names>
std::optional<size_t> wireSize(const LayerState& l) {
  return (l.num(Names::len) + 1) * 8 - 2;
}

template <typename Names>
void decode(std::span<const uint8_t> tail, LayerState& l) {
  l.set(Names::options, {0, withoutAutomaticPadding(tail)});
}

template <typename Names>
void finalize(BuildContext& ctx, size_t layer) {
  ctx.setAuto(layer, Names::len, ctx.span(layer).length / 8 - 1);
}

template <typename Names>
inline constexpr TailCodec kCodec{encode<Names>, wireSize<Names>, decode<Names>};

}  // namespace staccato::ipv6_options
