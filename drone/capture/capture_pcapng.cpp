#include "drone/capture/capture_pcapng.h"

#include <vector>

namespace staccato::drone {
namespace {

constexpr std::string_view kTurboComment = "counted by turbo receive";

PcapngPacketOptions optionsOf(uint8_t flags) {
  PcapngPacketOptions o;
  if (flags & kCapturedInbound) o.direction = PacketDirection::kInbound;
  if (flags & kCapturedOutbound) o.direction = PacketDirection::kOutbound;
  if (flags & kCapturedByTurboRx) o.comment = kTurboComment;
  return o;
}

}  // namespace

PcapngInterface captureInterface(const Capture& capture, const std::string& hostname) {
  const CaptureSpec& spec = capture.spec();
  const char* direction = spec.direction == v1::CAPTURE_RX ? "received" : spec.direction == v1::CAPTURE_TX ? "sent" : "received and sent";
  return {.name = capture.port(),
          .description = "staccato-drone on " + hostname + ": " + direction + " frames" +
                         (spec.filter.empty() ? std::string() : ", filter \"" + spec.filter + "\"")};
}

uint64_t capturePcapngBytes(const Capture& capture, const PcapngInterface& interface) {
  uint64_t total = pcapngFileHeader(interface).size();
  capture.store().forEach([&](const CaptureStore::Record& r) { total += pcapngPacketBlockSize(r.bytes.size(), optionsOf(r.flags)); });
  return total;
}

bool writeCapturePcapng(const Capture& capture, const PcapngInterface& interface, size_t chunkBytes,
                        const std::function<bool(std::span<const uint8_t>)>& write) {
  std::vector<uint8_t> chunk = pcapngFileHeader(interface);
  chunk.reserve(chunkBytes);
  bool going = true;
  capture.store().forEach([&](const CaptureStore::Record& r) {
    if (!going) return;
    const PcapngPacketOptions options = optionsOf(r.flags);
    if (!chunk.empty() && chunk.size() + pcapngPacketBlockSize(r.bytes.size(), options) > chunkBytes) {
      going = write(chunk);
      chunk.clear();
      if (!going) return;
    }
    appendPcapngPacketBlock(chunk, r.realtimeNs, r.bytes, r.wireLength, options);
  });
  return going && write(chunk);
}

}  // namespace staccato::drone
