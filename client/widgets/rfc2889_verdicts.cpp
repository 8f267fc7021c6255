#include "client/widgets/rfc2889_verdicts.h"

#include <QObject>
#include <QStringList>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

QString yesNo(bool yes) { return yes ? QObject::tr("yes") : QObject::tr("no"); }

QString percentOf(double part, double whole) { return formatCompact(part / whole * 100, 2) + " %"; }

/// "Valid", "Undersize", "Oversize", "Bad FCS" for the core's "valid", "undersize", "oversize", "bad_fcs".
QString kindName(const std::string& kind) {
  if (kind == "valid") return QObject::tr("Valid");
  if (kind == "undersize") return QObject::tr("Undersize");
  if (kind == "oversize") return QObject::tr("Oversize");
  if (kind == "bad_fcs") return QObject::tr("Bad FCS");
  return qs(kind);
}

}  // namespace

QString rfc2889PatternTitle(bench::TrafficPattern p) {
  switch (p) {
    case bench::TrafficPattern::kMeshed: return QObject::tr("Fully meshed");
    case bench::TrafficPattern::kBroadcast: return QObject::tr("Broadcast");
    case bench::TrafficPattern::kOneToMany: return QObject::tr("One-to-many");
    case bench::TrafficPattern::kManyToOne: return QObject::tr("Many-to-one");
    case bench::TrafficPattern::kCongestion: return QObject::tr("Congestion control");
    case bench::TrafficPattern::kForwardPressure: return QObject::tr("Forward pressure");
    case bench::TrafficPattern::kErroredFrames: return QObject::tr("Errored frames");
  }
  return {};
}

QString rfc2889OneTrialName(bench::TrafficPattern p) {
  switch (p) {
    case bench::TrafficPattern::kBroadcast: return QObject::tr("the broadcast trial");
    case bench::TrafficPattern::kCongestion: return QObject::tr("the congestion control trial");
    case bench::TrafficPattern::kForwardPressure: return QObject::tr("the forward pressure trial");
    case bench::TrafficPattern::kErroredFrames:
      return QObject::tr("the errored frames trial: valid, undersized, oversized frames");
    default: return QObject::tr("the one trial");
  }
}

QString congestionHeadline(const bench::CongestionVerdict& v) {
  if (!v.judged) return QObject::tr("not judged");
  return QObject::tr("head-of-line blocking: %1, back pressure: %2")
      .arg(yesNo(v.headOfLineBlocking), v.congested ? yesNo(v.backPressure) : QObject::tr("not judged"));
}

QString forwardingHeadline(const bench::ForwardingVerdict& v) {
  if (v.mfrLoad == 0) return QObject::tr("no trial was judged");
  QString mfr = QObject::tr("maximum forwarding rate %1").arg(formatSi(v.maxForwardingFps, "fps"));
  if (v.lineFps > 0) mfr += QObject::tr(" (%1 of the line rate)").arg(percentOf(v.maxForwardingFps, v.lineFps));
  return QObject::tr("%1, forward pressure: %2")
      .arg(mfr, v.pressureJudged ? yesNo(v.forwardPressure) : QObject::tr("not judged"));
}

QString erroredHeadline(const bench::ErroredVerdict& v) {
  if (!v.judged) return QObject::tr("not judged");
  if (v.passed()) return QObject::tr("filters errored frames: yes");
  QStringList failures;
  if (!v.validAllForwarded) failures << QObject::tr("valid frames lost");
  if (!v.undersizeFiltered) failures << QObject::tr("undersized frames forwarded");
  if (!v.oversizeFiltered) failures << QObject::tr("oversized frames forwarded");
  return QObject::tr("filters errored frames: no (%1)").arg(failures.join(", "));
}

QString erroredKindsText(const bench::ErroredVerdict& v) {
  if (!v.judged) return QObject::tr("Not judged: %1").arg(qs(v.why));
  QStringList lines;
  for (const bench::FrameKindCount& k : v.kinds) {
    if (!k.notTested.empty()) {
      lines << QObject::tr("%1: not tested (%2)").arg(kindName(k.kind), qs(k.notTested));
      continue;
    }
    QString line = QObject::tr("%1, %2: %3 of %4 forwarded")
                       .arg(kindName(k.kind), qs(k.size), groupedInteger(k.forwarded), groupedInteger(k.sent));
    if (k.kind == "valid") line += k.sent > 0 && k.forwarded == k.sent ? QObject::tr(": all") : QObject::tr(": some lost");
    else line += k.forwarded == 0 ? QObject::tr(": filtered") : QObject::tr(": not filtered");
    lines << line;
  }
  return lines.join("\n");
}

}  // namespace staccato::client
