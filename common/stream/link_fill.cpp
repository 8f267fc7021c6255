#include "common/stream/link_fill.h"

#include "common/packet/link_placeholder.h"

namespace staccato {
namespace {

bool hasPlaceholder(const v1::Layer& layer, std::string_view field) {
  auto it = layer.fields().find(std::string(field));
  return it != layer.fields().end() && isLinkPlaceholder(field, it->second);
}

}  // namespace

bool usesLinkPlaceholders(const v1::Stream& stream) {
  return stream.layers_size() > 0 && (hasPlaceholder(stream.layers(0), "eth.src") || hasPlaceholder(stream.layers(0), "eth.dst"));
}

Status planLinkFill(const v1::Stream& stream, const BuiltFrame& built, TxPlan& plan) {
  for (int i = 1; i < stream.layers_size(); ++i)
    for (std::string_view f : {"eth.src", "eth.dst"})
      if (hasPlaceholder(stream.layers(i), f))
        return makeError("layers[" + std::to_string(i) + "]." + std::string(f),
                         "'" + stream.layers(i).fields().at(std::string(f)) + "' only in the outermost Ethernet header");
  if (stream.layers_size() == 0 || stream.layers(0).protocol() != "eth") return Ok{};
  LinkFill& link = plan.link;
  if (!usesLinkPlaceholders(stream)) return Ok{};
  link.deviceSource = hasPlaceholder(stream.layers(0), "eth.src");
  link.resolveDestination = hasPlaceholder(stream.layers(0), "eth.dst");
  if (!link.active()) return Ok{};
  const std::string word = link.deviceSource ? "eth.src: device" : "eth.dst: resolve";
  for (const v1::VariableField& v : stream.variable_fields())
    if ((v.field() == "eth.src" && link.deviceSource) || (v.field() == "eth.dst" && link.resolveDestination))
      return makeError("variable_fields", v.field() + " is filled by the drone (" + word + "); it cannot also vary");
  size_t i = 1;
  for (; i < built.layers.size(); ++i) {
    const std::string_view name = built.layers[i].spec->name;
    if (name != "vlan" && name != "ieee8021ad") break;
    if (link.vlanCount == 2) return makeError("layers", word + " works with at most 2 VLAN tags before the IP header");
    link.vlanTpidOffsets[link.vlanCount++] = static_cast<uint16_t>(built.spans[i].offset - 2);
  }
  const std::string_view ip = i < built.layers.size() ? built.layers[i].spec->name : "";
  if (ip != "ip" && ip != "ipv6")
    return makeError("layers", word + " needs an IPv4 or IPv6 header right after Ethernet (and its VLAN tags): the drone "
                               "finds the emulated host and the next hop by its addresses");
  link.ipVersion = ip == "ip" ? 4 : 6;
  const LayerSpan& span = built.spans[i];
  const int fi = built.layers[i].spec->fieldIndex(ip == "ip" ? "ip.src" : "ipv6.src");
  link.ipSrcOffset = static_cast<uint16_t>(span.offset + static_cast<size_t>(span.fieldBit[static_cast<size_t>(fi)]) / 8);
  return Ok{};
}

}  // namespace staccato
