#pragma once
/// What protocol finalize hooks see while a frame is built: the bytes, where each layer and
/// field sits, and a place to record checksums and lengths for the stream compiler.
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "common/packet/protocol.h"
#include "common/packet/pseudo_header.h"

namespace staccato {

/// Where one layer sits in the frame.
struct LayerSpan {
  size_t offset = 0;     ///< first byte of the layer
  size_t length = 0;     ///< header (+ tail) bytes, or fill bytes for payload
  std::vector<int32_t> fieldBit;  ///< bit offset of each fixed field from `offset`; -1 if absent
};

/// How a checksum is computed: the internet checksum (RFC 1071, 16 bits, updated incrementally
/// per packet) or CRC32c (RFC 3309, 32 bits, recomputed per packet when a covered byte changes).
enum class ChecksumKind : uint8_t { kInternet, kCrc32c };

/// A checksum the builder computed automatically (user-overridden checksums are not listed).
struct ChecksumInfo {
  uint16_t fieldOffset;  ///< byte offset of the checksum field
  uint16_t regionStart;  ///< first covered byte
  uint16_t regionEnd;    ///< one past the last covered byte
  bool toLayersEnd;      ///< region ends where the layers end (moves with the frame length)
  bool zeroAsOnes;       ///< UDP: a computed 0 is sent as 0xffff
  PseudoHeader pseudo;
  ChecksumKind kind = ChecksumKind::kInternet;
};

/// A length field the builder computed: value = layersEnd - base.
struct LengthInfo {
  uint16_t fieldOffset;  ///< byte offset of the 16-bit length
  uint16_t base;
};

class BuildContext {
 public:
  BuildContext(std::span<uint8_t> frame, std::vector<LayerState>& layers,
               std::vector<LayerSpan>& spans, size_t layersEnd, uint32_t streamId)
      : frame_(frame), layers_(layers), spans_(spans), layersEnd_(layersEnd), streamId_(streamId) {}

  std::span<uint8_t> frame() { return frame_; }
  size_t layersEnd() const { return layersEnd_; }
  uint32_t streamId() const { return streamId_; }
  const LayerSpan& span(size_t layer) const { return spans_[layer]; }
  const LayerState& layer(size_t i) const { return layers_[i]; }
  size_t layerCount() const { return layers_.size(); }

  /// True when the user did not override `field` of `layer`.
  bool isAuto(size_t layer, std::string_view field) const;
  /// Sets and writes a computed value unless the user overrode it.
  void setAuto(size_t layer, std::string_view field, uint64_t value);
  /// Byte offset of a fixed, byte-aligned field in the frame.
  size_t fieldOffset(size_t layer, std::string_view field) const;
  /// The nearest layer below `layer` whose protocol is one of `names`, or -1.
  int findBelow(size_t layer, std::initializer_list<std::string_view> names) const;

  /// Computes and writes an automatic checksum over [start, end) plus an optional pseudo-header,
  /// and records it for the stream compiler. Does nothing when the user overrode the field.
  void autoChecksum(size_t layer, std::string_view field, size_t start, size_t end,
                    PseudoHeader pseudo = {}, bool zeroAsOnes = false);
  /// Computes and writes an automatic CRC32c (4-byte field, least significant byte first, as
  /// SCTP) over [start, end) and records it. Does nothing when the user overrode the field.
  void autoCrc32c(size_t layer, std::string_view field, size_t start, size_t end);
  /// Pseudo-header for an L4 layer from the nearest IP layer below it (and the final
  /// destination of a routing header between them, while segments are left).
  PseudoHeader pseudoHeaderFor(size_t layer, uint8_t protocol) const;
  /// Sets a length field to layersEnd - base and records it (unless overridden).
  void autoLength(size_t layer, std::string_view field, size_t base);

  const std::vector<ChecksumInfo>& checksums() const { return checksums_; }
  const std::vector<LengthInfo>& lengths() const { return lengths_; }

 private:
  std::span<uint8_t> frame_;
  std::vector<LayerState>& layers_;
  std::vector<LayerSpan>& spans_;
  size_t layersEnd_;
  uint32_t streamId_;
  std::vector<ChecksumInfo> checksums_;
  std::vector<LengthInfo> lengths_;
};

}  // namespace staccato
