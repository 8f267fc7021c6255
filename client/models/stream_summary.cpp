#include "client/models/stream_summary.h"

#include <QStringList>

#include <algorithm>
#include <string>
#include <vector>

#include "client/models/number_format.h"
#include "client/models/qs.h"
#include "common/packet/registry.h"
#include "common/stream/rate.h"

namespace staccato::client {
namespace {

constexpr uint32_t kDefaultFrameLength = 64;
constexpr int kMaxMixEntriesShown = 4;
const QString kDash = QStringLiteral("–");

QString layerName(const v1::Layer& layer) {
  const ProtocolSpec* spec = ProtocolRegistry::builtin().find(layer.protocol());
  return spec ? qs(spec->shortLabel()) : qs(layer.protocol());
}

uint32_t stepOf(const v1::FrameLength& l) { return l.step() ? l.step() : 1; }

QString plural(uint64_t n, const char* one, const char* many) {
  return groupedInteger(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

QString variableModeName(v1::VariableField::Mode mode) {
  switch (mode) {
    case v1::VariableField::DECREMENT: return QStringLiteral("decrement");
    case v1::VariableField::RANDOM: return QStringLiteral("random");
    case v1::VariableField::LIST: return QStringLiteral("list");
    default: return QStringLiteral("increment");
  }
}

QString loopText(const v1::Control& c) {
  return c.loop_count() ? QStringLiteral(" ×%1").arg(groupedInteger(c.loop_count())) : QStringLiteral(" forever");
}

}  // namespace

QString protocolsText(const v1::Stream& stream) {
  if (stream.has_replay()) return QStringLiteral("replay: ") + plural(stream.replay().frames_size(), "recorded frame", "recorded frames");
  QStringList names;
  names.reserve(stream.layers_size());
  for (const v1::Layer& layer : stream.layers()) names << layerName(layer);
  return names.join(QLatin1Char('/'));
}

QString protocolsToolTip(const v1::Stream& stream) {
  if (stream.has_replay()) {
    const v1::Replay& r = stream.replay();
    if (r.times_ns().empty()) return QStringLiteral("recorded frames sent as they are, evenly at the stream's rate");
    return QStringLiteral("recorded frames sent as they are, with their recorded timing at speed ×%1 (the rate is ignored)")
        .arg(formatCompact(r.speed() > 0 ? r.speed() : 1));
  }
  QStringList lines;
  for (const v1::Layer& layer : stream.layers()) {
    // Protobuf maps have no stable order; sort so the tooltip does not shuffle.
    std::vector<std::pair<std::string, std::string>> fields(layer.fields().begin(), layer.fields().end());
    std::sort(fields.begin(), fields.end());
    QStringList overrides;
    for (const auto& [name, value] : fields) overrides << qs(name) + QStringLiteral(" = ") + qs(value);
    lines << layerName(layer) + (overrides.isEmpty() ? QString() : QStringLiteral(": ") + overrides.join(QStringLiteral(", ")));
  }
  for (const v1::VariableField& v : stream.variable_fields())
    lines << QStringLiteral("varies: %1 (%2)").arg(qs(v.field()), variableModeName(v.mode()));
  return lines.join(QLatin1Char('\n'));
}

QString frameLengthText(const v1::FrameLength& l) {
  switch (l.mode()) {
    case v1::FrameLength::INCREMENT:
      return QStringLiteral("%1%2%3 inc +%4").arg(l.min()).arg(kDash).arg(l.max()).arg(stepOf(l));
    case v1::FrameLength::DECREMENT:
      return QStringLiteral("%1%2%3 dec -%4").arg(l.min()).arg(kDash).arg(l.max()).arg(stepOf(l));
    case v1::FrameLength::RANDOM: return QStringLiteral("random %1%2%3").arg(l.min()).arg(kDash).arg(l.max());
    case v1::FrameLength::IMIX: {
      if (l.mix().empty()) return QStringLiteral("IMIX");
      QStringList sizes;
      for (int i = 0; i < l.mix_size() && i < kMaxMixEntriesShown; ++i)
        sizes << QStringLiteral("%1×%2").arg(l.mix(i).length()).arg(l.mix(i).weight());
      return QStringLiteral("IMIX ") + sizes.join(QStringLiteral(", ")) +
             (l.mix_size() > kMaxMixEntriesShown ? QStringLiteral(", …") : QString());
    }
    default: return QString::number(l.fixed() ? l.fixed() : kDefaultFrameLength);
  }
}

QString frameLengthToolTip(const v1::FrameLength& l) {
  switch (l.mode()) {
    case v1::FrameLength::INCREMENT:
      return QStringLiteral("%1 to %2 bytes in steps of %3, then again (FCS included)").arg(l.min()).arg(l.max()).arg(stepOf(l));
    case v1::FrameLength::DECREMENT:
      return QStringLiteral("%2 down to %1 bytes in steps of %3, then again (FCS included)").arg(l.min()).arg(l.max()).arg(stepOf(l));
    case v1::FrameLength::RANDOM:
      return QStringLiteral("uniformly random between %1 and %2 bytes (FCS included)").arg(l.min()).arg(l.max());
    case v1::FrameLength::IMIX: {
      if (l.mix().empty()) return QStringLiteral("IMIX 7:4:1 of 64, 594 and 1518 bytes (FCS included)");
      uint64_t total = 0;
      for (const auto& w : l.mix()) total += w.weight();
      QStringList lines{QStringLiteral("weighted mix (FCS included):")};
      for (const auto& w : l.mix())
        lines << QStringLiteral("%1 bytes: weight %2 (%3 %)")
                     .arg(w.length())
                     .arg(w.weight())
                     .arg(formatCompact(total ? 100.0 * w.weight() / double(total) : 0, 1));
      return lines.join(QLatin1Char('\n'));
    }
    default:
      return QStringLiteral("%1 bytes per frame (FCS included)").arg(l.fixed() ? l.fixed() : kDefaultFrameLength);
  }
}

QString rateText(const v1::Rate& r) {
  switch (r.unit()) {
    case v1::Rate::BPS_L1: return formatSi(r.value(), QStringLiteral("bit/s")) + QStringLiteral(" (L1)");
    case v1::Rate::BPS_L2: return formatSi(r.value(), QStringLiteral("bit/s")) + QStringLiteral(" (L2)");
    case v1::Rate::LOAD_PERCENT: return formatCompact(r.value()) + QStringLiteral(" % load");
    case v1::Rate::BURSTS_PER_SECOND:
      return formatCompact(r.value()) + QStringLiteral(" bursts/s × ") +
             groupedInteger(burstSize(r));
    case v1::Rate::FASTEST: return QStringLiteral("fastest");
    default: return formatCompact(r.value() > 0 ? r.value() : 1000) + QStringLiteral(" pps");
  }
}

QString rateToolTip(const v1::Rate& r) {
  switch (r.unit()) {
    case v1::Rate::BPS_L1: return QStringLiteral("bits per second on the wire: frame + 20 bytes preamble and inter-frame gap");
    case v1::Rate::BPS_L2: return QStringLiteral("bits per second of frames, FCS included");
    case v1::Rate::LOAD_PERCENT: return QStringLiteral("percent of the port's line rate (L1)");
    case v1::Rate::BURSTS_PER_SECOND:
      return QStringLiteral("%1 bursts per second of %2 back-to-back packets")
          .arg(formatCompact(r.value()), groupedInteger(burstSize(r)));
    case v1::Rate::FASTEST: return QStringLiteral("as fast as the port can send");
    default: return QStringLiteral("packets per second");
  }
}

QString controlText(const v1::Control& c) {
  const uint64_t count = c.count() ? c.count() : 1;
  QString text;
  switch (c.mode()) {
    case v1::Control::CONTINUOUS: return QStringLiteral("continuous");
    case v1::Control::BURSTS: text = plural(count, "burst", "bursts"); break;
    default: text = plural(count, "packet", "packets"); break;
  }
  switch (c.after()) {
    case v1::Control::STOP: return text + QStringLiteral(" → stop");
    case v1::Control::GOTO_FIRST: return text + QStringLiteral(" → goto first") + loopText(c);
    case v1::Control::GOTO_STREAM:
      return text + QStringLiteral(" → goto %1").arg(uint64_t(c.goto_stream()) + 1) + loopText(c);
    default: return text + QStringLiteral(" → next");
  }
}

QString controlToolTip(const v1::Control& c) {
  const uint64_t count = c.count() ? c.count() : 1;
  if (c.mode() == v1::Control::CONTINUOUS) return QStringLiteral("sends until the port is stopped");
  const QString what = QStringLiteral("sends ") +
                       (c.mode() == v1::Control::BURSTS ? plural(count, "burst", "bursts") : plural(count, "packet", "packets"));
  const QString loops = c.loop_count() ? QStringLiteral(" (%1 times, then the next stream)").arg(groupedInteger(c.loop_count()))
                                       : QStringLiteral(" (forever)");
  QString then;
  switch (c.after()) {
    case v1::Control::STOP: then = QStringLiteral("then stops the port"); break;
    case v1::Control::GOTO_FIRST: then = QStringLiteral("then goes back to the first stream") + loops; break;
    case v1::Control::GOTO_STREAM:
      then = QStringLiteral("then goes to row %1 (stream index %2)").arg(uint64_t(c.goto_stream()) + 1).arg(c.goto_stream()) + loops;
      break;
    default: then = QStringLiteral("then the next stream"); break;
  }
  return what + QStringLiteral(", ") + then + QStringLiteral("\n(after-stream actions apply in sequential mode)");
}

}  // namespace staccato::client
