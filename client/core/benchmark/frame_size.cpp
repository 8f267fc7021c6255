#include "client/core/benchmark/frame_size.h"

#include <charconv>

namespace staccato::bench {
namespace {

constexpr uint32_t kMinLength = 64, kMaxLength = 16384;

Result<uint32_t> parseLength(std::string_view text, std::string_view what) {
  uint32_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size())
    return makeError("", "'" + std::string(text) + "' is not a " + std::string(what));
  return v;
}

}  // namespace

double FrameSize::averageBytes() const {
  if (!isMix()) return bytes;
  double sum = 0, weights = 0;
  for (const auto& w : mix) sum += double(w.length) * w.weight, weights += w.weight;
  return weights > 0 ? sum / weights : 0;
}

std::string FrameSize::label() const {
  if (!isMix()) return std::to_string(bytes);
  if (std::equal(mix.begin(), mix.end(), kDefaultImix.begin(), kDefaultImix.end())) return "imix";
  std::string out = "imix:";
  for (size_t i = 0; i < mix.size(); ++i)
    out += (i ? "," : "") + std::to_string(mix[i].length) + "x" + std::to_string(mix[i].weight);
  return out;
}

Result<FrameSize> parseFrameSize(std::string_view text) {
  const auto checked = [&](uint32_t length) -> Status {
    if (length < kMinLength || length > kMaxLength)
      return makeError("", "frame size " + std::to_string(length) + " is out of range (allowed " +
                               std::to_string(kMinLength) + ".." + std::to_string(kMaxLength) + ", FCS included)");
    return Ok{};
  };
  if (text == "imix") return FrameSize::imix();
  if (!text.starts_with("imix:")) {
    auto length = parseLength(text, "frame size (a length such as 64, or imix)");
    if (!length) return length.error();
    if (auto s = checked(*length); !s) return s.error();
    return FrameSize::fixed(*length);
  }
  FrameSize size{0, {}};
  std::string_view rest = text.substr(5);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const size_t x = item.find('x');
    if (x == std::string_view::npos) return makeError("", "'" + std::string(item) + "' in an IMIX is not LENGTHxWEIGHT");
    auto length = parseLength(item.substr(0, x), "frame length");
    if (!length) return length.error();
    if (auto s = checked(*length); !s) return s.error();
    auto weight = parseLength(item.substr(x + 1), "weight");
    if (!weight) return weight.error();
    if (*weight == 0) return makeError("", "the weight of " + std::to_string(*length) + " bytes must be at least 1");
    size.mix.push_back({*length, *weight});
  }
  if (size.mix.empty()) return makeError("", "an IMIX needs at least one LENGTHxWEIGHT");
  return size;
}

double maxFrameRate(double lineRateBps, double frameBytes) { return lineRateBps / (8.0 * (frameBytes + kL1OverheadBytes)); }

double l1BitsPerSecond(double pps, double frameBytes) { return pps * 8.0 * (frameBytes + kL1OverheadBytes); }

}  // namespace staccato::bench
