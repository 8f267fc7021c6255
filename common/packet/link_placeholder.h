#pragma once
/// Reserved values of the outer Ethernet addresses: eth.src "device" (the MAC of the emulated
/// host that owns the packet's IP source) and eth.dst "resolve" (the MAC of the next hop). Only a
/// drone with emulated hosts knows them: it fills them when the stream starts. Everywhere else
/// (preview, export, pcap build) the frame carries 00:00:00:00:00:00 in their place.
#include <string_view>

namespace staccato {

inline constexpr std::string_view kDeviceMacWord = "device";
inline constexpr std::string_view kResolveMacWord = "resolve";

/// The reserved value field `field` accepts: "device" for eth.src, "resolve" for eth.dst, else "".
inline std::string_view linkPlaceholderOf(std::string_view field) {
  return field == "eth.src" ? kDeviceMacWord : field == "eth.dst" ? kResolveMacWord : std::string_view{};
}

/// Whether `text` is the reserved value of field `field` (eth.src "device", eth.dst "resolve").
inline bool isLinkPlaceholder(std::string_view field, std::string_view text) {
  const std::string_view word = linkPlaceholderOf(field);
  return !word.empty() && text == word;
}

}  // namespace staccato
