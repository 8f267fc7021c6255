#include "common/packet/build_context.h"

#include <stdexcept>

#include "common/core/bits.h"
#include "common/core/checksum.h"
#include "common/core/crc32c.h"

namespace staccato {

bool BuildContext::isAuto(size_t layer, std::string_view field) const {
  return !layers_[layer].isSet(field);
}

void BuildContext::setAuto(size_t layer, std::string_view field, uint64_t value) {
  LayerState& l = layers_[layer];
  int i = l.spec->fieldIndex(field);
  if (i < 0 || l.overridden[static_cast<size_t>(i)]) return;
  const FieldSpec& f = l.spec->fields[static_cast<size_t>(i)];
  l.values[static_cast<size_t>(i)].num = value & lowMask(f.bits);
  int32_t bit = spans_[layer].fieldBit[static_cast<size_t>(i)];
  if (bit >= 0) writeBits(frame_.data() + spans_[layer].offset, static_cast<size_t>(bit), f.bits, value);
}

size_t BuildContext::fieldOffset(size_t layer, std::string_view field) const {
  int i = layers_[layer].spec->fieldIndex(field);
  if (i < 0 || spans_[layer].fieldBit[static_cast<size_t>(i)] < 0)
    throw std::logic_error("field not on the wire: " + std::string(field));
  return spans_[layer].offset + static_cast<size_t>(spans_[layer].fieldBit[static_cast<size_t>(i)]) / 8;
}

int BuildContext::findBelow(size_t layer, std::initializer_list<std::string_view> names) const {
  for (size_t i = layer; i-- > 0;)
    for (std::string_view n : names)
      if (layers_[i].spec->name == n) return static_cast<int>(i);
  return -1;
}

PseudoHeader BuildContext::pseudoHeaderFor(size_t layer, uint8_t protocol) const {
  const int found = findBelow(layer, {"ip", "ipv6"});
  if (found < 0) return {};
  const auto ip = static_cast<size_t>(found);
  const bool v4 = layers_[ip].spec->name == "ip";
  PseudoHeader p;
  p.kind = v4 ? PseudoHeader::kIpv4 : PseudoHeader::kIpv6;
  p.addrLen = v4 ? 4 : 16;
  p.srcOffset = static_cast<uint16_t>(fieldOffset(ip, v4 ? "ip.src" : "ipv6.src"));
  p.dstOffset = static_cast<uint16_t>(fieldOffset(ip, v4 ? "ip.dst" : "ipv6.dst"));
  p.protocol = protocol;
  for (size_t i = ip + 1; i < layer; ++i)
    if (auto final = layers_[i].spec->finalDestination ? layers_[i].spec->finalDestination(*this, i) : std::nullopt) {
      p.dstOffset = static_cast<uint16_t>(*final);
      break;
    }
  return p;
}

void BuildContext::autoChecksum(size_t layer, std::string_view field, size_t start, size_t end,
                                PseudoHeader pseudo, bool zeroAsOnes) {
  if (!isAuto(layer, field)) return;
  size_t off = fieldOffset(layer, field);
  storeBe16(frame_.data() + off, 0);
  uint64_t acc = onesSumAdd(pseudoHeaderSum(frame_.data(), pseudo, end - start), frame_.data() + start, end - start);
  uint16_t sum = checksumFromSum(acc);
  if (zeroAsOnes && sum == 0) sum = 0xffff;
  setAuto(layer, field, sum);
  checksums_.push_back({static_cast<uint16_t>(off), static_cast<uint16_t>(start), static_cast<uint16_t>(end),
                        end == layersEnd_, zeroAsOnes, pseudo});
}

void BuildContext::autoCrc32c(size_t layer, std::string_view field, size_t start, size_t end) {
  if (!isAuto(layer, field)) return;
  const size_t off = fieldOffset(layer, field);
  setAuto(layer, field, writeCrc32cField(frame_.data(), start, end, off));
  checksums_.push_back({static_cast<uint16_t>(off), static_cast<uint16_t>(start), static_cast<uint16_t>(end),
                        end == layersEnd_, false, {}, ChecksumKind::kCrc32c});
}

void BuildContext::autoLength(size_t layer, std::string_view field, size_t base) {
  if (!isAuto(layer, field)) return;
  setAuto(layer, field, layersEnd_ - base);
  lengths_.push_back({static_cast<uint16_t>(fieldOffset(layer, field)), static_cast<uint16_t>(base)});
}

}  // namespace staccato
