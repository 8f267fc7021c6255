#include "client/models/rfc2889_trial_words.h"

#include <QObject>
#include <QStringList>

#include <algorithm>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

QString verdictOf(bool judged, bool passed) {
  if (!judged) return QObject::tr("NOT JUDGED");
  return passed ? QObject::tr("PASS") : QObject::tr("FAIL");
}

}  // namespace

QString rfc2889Verdict(const bench::AddressTrial& t) { return verdictOf(t.judged(), t.passed()); }
QString rfc2889Verdict(const bench::TrafficTrial& t) { return verdictOf(t.judged(), t.passed()); }

QColor rfc2889VerdictColour(const QString& verdict) {
  if (verdict == QObject::tr("PASS")) return QColor(0x1b, 0x7f, 0x3b);
  if (verdict == QObject::tr("FAIL")) return QColor(0xb0, 0x00, 0x20);
  return QColor(0x8a, 0x5a, 0x00);
}

QString rfc2889Reason(const bench::AddressTrial& t) {
  if (!t.judged()) return QObject::tr("not judged: %1").arg(qs(t.testerNote));
  if (t.passed()) return QObject::tr("every address learned");
  if (t.flooded) return QObject::tr("%1 flooded to the monitoring port: not every address learned").arg(groupedInteger(t.flooded));
  return QObject::tr("%1 test frames lost").arg(groupedInteger(t.addresses - std::min(t.addresses, t.forwarded)));
}

QString rfc2889Reason(const bench::TrafficTrial& t) {
  if (!t.judged()) return QObject::tr("not judged: %1").arg(qs(t.testerNote));
  if (t.passed()) return QObject::tr("every frame arrived where it belongs, and nowhere else");
  QStringList why;
  if (t.lost()) why << QObject::tr("%1 lost").arg(groupedInteger(t.lost()));
  if (t.elsewhere()) why << QObject::tr("%1 at a port they were not for").arg(groupedInteger(t.elsewhere()));
  return why.join(", ");
}

QString rfc2889TrialLine(const bench::AddressTrial& t) {
  return QObject::tr("%1 addresses at %2: %3 forwarded, %4 flooded: %5")
      .arg(groupedInteger(t.addresses), formatSi(t.learningPps, "fps"), groupedInteger(t.forwarded), groupedInteger(t.flooded),
           rfc2889Reason(t));
}

QString rfc2889TrialLine(const bench::TrafficTrial& t) {
  QString line = QObject::tr("%1 % (%2 a port): %3 sent, %4 received, %5 lost")
                     .arg(formatCompact(t.load * 100, 2), formatSi(t.offeredFps, "fps"), groupedInteger(t.sent()),
                          groupedInteger(t.received()), groupedInteger(t.lost()));
  if (t.elsewhere()) line += QObject::tr(", %1 at a port they were not for").arg(groupedInteger(t.elsewhere()));
  if (!t.judged()) return line + QObject::tr(": not judged (%1)").arg(qs(t.testerNote));
  return line + (t.passed() ? QObject::tr(": passed") : QObject::tr(": failed"));
}

}  // namespace staccato::client
