#include "common/files/capture_import.h"

#include <optional>

#include "common/packet/builder.h"
#include "common/packet/field_text.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"
#include "common/stream/compiler.h"
#include "common/stream/rate.h"

namespace staccato {
namespace {

constexpr size_t kMaxFrameBytes = kMaxFrameLength - kFcsBytes;

std::string packetName(size_t index) { return "packet " + std::to_string(index + 1); }

/// The rate of a gap to the next packet. A gap shorter than the frame takes on a 1 Gb/s link
/// (back to back, or a merged capture) is "as fast as possible": a rate above a port's line
/// rate would be refused. A gap longer than the slowest rate allows waits that long instead.
v1::Rate rateForGap(uint64_t gapNs, size_t frameBytes) {
  constexpr double kSlowestLineRateBps = 1e9;
  v1::Rate r;
  const double wireNs = (double(frameBytes + kFcsBytes) + kL1OverheadBytes) * 8 * 1e9 / kSlowestLineRateBps;
  if (double(gapNs) < wireNs) {
    r.set_unit(v1::Rate::FASTEST);
  } else {
    r.set_unit(v1::Rate::PPS);
    r.set_value(std::max(kMinPps, 1e9 / double(gapNs)));
  }
  return r;
}

/// The frame the compiler makes for the stream's first packet, or nothing when it refuses.
std::optional<std::vector<uint8_t>> render(const v1::Stream& stream) {
  auto plan = compile(stream);
  if (!plan) return std::nullopt;
  PacketRenderer renderer(*plan);
  auto frame = renderer.next();
  return std::vector<uint8_t>(frame.begin(), frame.end());
}

/// Non-zero bytes after the packet an IP length bounds: the parser keeps them as a trailing raw
/// layer, which the compiler's checksums "to the end of the layers" would include.
bool hasTrailingPadding(const std::vector<ParsedLayer>& layers) {
  if (layers.empty() || layers.back().state.spec->name != "raw") return false;
  for (const ParsedLayer& l : layers) {
    const ProtocolSpec& spec = *l.state.spec;
    if (spec.lengthField.empty()) continue;
    const size_t packet = l.state.num(spec.lengthField) + (spec.lengthCountsHeader ? 0 : l.length);
    if (&l != &layers.back() && l.offset + packet == layers.back().offset) return true;
  }
  return false;
}

/// Drops the computed fields the compiler can own: checksums (captures taken on the sending
/// host often hold offloaded, unfinished ones) unless trailing padding would be summed into
/// them; lengths and protocol numbers only when the compiler derives the captured value (an
/// unknown upper layer keeps its ethertype). Returns the checksums kept as captured.
std::vector<std::string> leaveComputedFieldsToCompiler(v1::Stream& stream, bool trailingPadding) {
  std::vector<std::pair<int, std::string>> checksums, others;
  for (int li = 0; li < stream.layers_size(); ++li) {
    const v1::Layer& layer = stream.layers(li);
    const ProtocolSpec* spec = ProtocolRegistry::builtin().find(layer.protocol());
    if (!spec) continue;
    for (const FieldSpec& f : spec->fields)
      if (f.computed() && layer.fields().contains(std::string(f.name)))
        (f.name.ends_with(".checksum") ? checksums : others).emplace_back(li, std::string(f.name));
  }
  auto dropIfSameBytes = [&stream](const std::pair<int, std::string>& field) {
    v1::Stream without = stream;
    without.mutable_layers(field.first)->mutable_fields()->erase(field.second);
    if (render(without) != render(stream)) return false;
    stream = std::move(without);
    return true;
  };
  std::vector<std::string> kept;
  for (const auto& c : checksums) {
    if (!trailingPadding)
      stream.mutable_layers(c.first)->mutable_fields()->erase(c.second);
    else if (!dropIfSameBytes(c))
      kept.push_back(c.second);
  }
  for (const auto& f : others) dropIfSameBytes(f);
  return kept;
}

}  // namespace

Result<CaptureImport> importPackets(std::span<const PcapPacket> packets, const PacketImportOptions& options) {
  if (packets.size() > kMaxImportedStreams)
    return makeError("", "the capture has " + std::to_string(packets.size()) + " packets; per-packet import makes at most " +
                             std::to_string(kMaxImportedStreams) +
                             " streams (import it as a replay, or cut it first, e.g. editcap -r IN OUT 1-1000)");
  CaptureImport out;
  for (size_t i = 0; i < packets.size(); ++i) {
    const PcapPacket& p = packets[i];
    const std::string name = packetName(i);
    if (p.data.empty() || p.data.size() > kMaxFrameBytes) {
      out.warnings.push_back(name + ": " + std::to_string(p.data.size()) + " bytes is outside 1.." +
                             std::to_string(kMaxFrameBytes) + " (without FCS); skipped");
      continue;
    }
    if (p.originalLength > p.data.size())
      out.warnings.push_back(name + ": only " + std::to_string(p.data.size()) + " of its " + std::to_string(p.originalLength) +
                             " bytes were captured; imported the captured bytes");
    v1::Stream s;
    s.set_id(static_cast<uint32_t>(out.file.streams_size() + 1));
    s.set_name(name);
    s.mutable_frame_length()->set_fixed(static_cast<uint32_t>(p.data.size() + kFcsBytes));
    s.mutable_control()->set_mode(v1::Control::PACKETS);
    s.mutable_control()->set_count(1);
    if (i + 1 < packets.size() && packets[i + 1].timestampNs >= p.timestampNs) {
      const uint64_t gapNs = packets[i + 1].timestampNs - p.timestampNs;
      *s.mutable_rate() = rateForGap(gapNs, p.data.size());
      if (double(gapNs) > 1e9 / kMinPps)
        out.warnings.push_back(name + ": the next packet came " + std::to_string(gapNs / 1'000'000'000) +
                               " s later; a stream waits at most 1000 s, so it is sent 1000 s after this one");
    } else
      s.mutable_rate()->set_value(kDefaultPps);  // the last packet, or time going backwards
    const std::vector<ParsedLayer> parsed = parseFrame(p.data);
    for (const ParsedLayer& layer : parsed) *s.add_layers() = toModelLayer(layer.state);
    if (render(s) != p.data) {
      // The decoded layers would not give these bytes back (a header the registry builds
      // differently): keep the frame as raw bytes rather than send something else.
      out.warnings.push_back(name + ": its decoded layers do not rebuild the same bytes; imported as raw bytes");
      s.clear_layers();
      v1::Layer& raw = *s.add_layers();
      raw.set_protocol("raw");
      (*raw.mutable_fields())["raw.data"] = toHex(p.data.data(), p.data.size());
    } else if (options.recomputeChecksums) {
      for (const std::string& field : leaveComputedFieldsToCompiler(s, hasTrailingPadding(parsed)))
        out.warnings.push_back(name + ": " + field + " kept as captured: the compiler would add the bytes after the IP packet"
                                               " (non-zero padding) to it");
    }
    *out.file.add_streams() = std::move(s);
  }
  return out;
}

Result<CaptureImport> importReplay(std::span<const PcapPacket> packets, const ReplayImportOptions& options) {
  if (packets.size() > kMaxReplayFrames)
    return makeError("", "the capture has " + std::to_string(packets.size()) + " packets; a replay stream holds at most " +
                             std::to_string(kMaxReplayFrames) + " (cut it first, e.g. editcap -r IN OUT 1-1000000)");
  CaptureImport out;
  v1::Stream s;
  s.set_id(1);
  s.set_name(options.name);
  v1::Replay& replay = *s.mutable_replay();
  size_t bytes = 0;
  bool reordered = false;
  uint64_t first = 0, last = 0;
  for (size_t i = 0; i < packets.size(); ++i) {
    const PcapPacket& p = packets[i];
    const std::string name = packetName(i);
    if (p.data.size() < kMinReplayFrame || p.data.size() > kMaxFrameBytes) {
      out.warnings.push_back(name + ": " + std::to_string(p.data.size()) + " bytes is outside " +
                             std::to_string(kMinReplayFrame) + ".." + std::to_string(kMaxFrameBytes) +
                             " (without FCS); skipped");
      continue;
    }
    if (p.originalLength > p.data.size())
      out.warnings.push_back(name + ": only " + std::to_string(p.data.size()) + " of its " + std::to_string(p.originalLength) +
                             " bytes were captured; replays the captured bytes");
    if ((bytes += p.data.size()) > kMaxReplayBytes)
      return makeError(name, "the capture holds more than " + std::to_string(kMaxReplayBytes >> 20) +
                                 " MiB of frames; a replay stream holds at most that (cut it first with editcap)");
    replay.add_frames(p.data.data(), p.data.size());
    if (options.pps > 0) continue;
    if (replay.frames_size() == 1) first = last = p.timestampNs;
    if (p.timestampNs < last) reordered = true;  // a merged capture: keep the order, never go back
    last = std::max(last, p.timestampNs);
    replay.add_times_ns(last - first);
  }
  if (replay.frames_size() == 0) return makeError("", "the capture has no packet that can be replayed");
  if (reordered) out.warnings.push_back("timestamps go backwards in places; those packets are sent right after the one before");
  if (options.pps > 0) {
    s.mutable_rate()->set_unit(v1::Rate::PPS);
    s.mutable_rate()->set_value(options.pps);
  } else if (options.speed > 0) {
    replay.set_speed(options.speed);
  }
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(static_cast<uint64_t>(replay.frames_size()));
  *out.file.add_streams() = std::move(s);
  return out;
}

}  // namespace staccato
