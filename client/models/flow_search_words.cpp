#include "client/models/flow_search_words.h"

#include <QObject>

#include "client/models/number_format.h"
#include "client/models/qs.h"

namespace staccato::client {
namespace {

constexpr const char* kGreen = "#1b7f3b";
constexpr const char* kRed = "#b00020";
constexpr const char* kAmber = "#8a5a00";

QString tr(const char* text) { return QObject::tr(text); }

/// What passed before the search ended early: "1,200 connections/s passed" or "nothing passed".
QString passedSoFar(const FlowSearchResult& r, bool byRate) {
  return r.found > 0 ? tr("%1 passed").arg(flowSearchLoadText(r.found, byRate)) : tr("nothing passed");
}

}  // namespace

QString flowSearchLoadText(double load, bool byRate) {
  return byRate ? tr("%1 connections/s").arg(formatCompact(load, 1)) : tr("%1 concurrent connections").arg(formatCompact(load, 1));
}

FlowSearchWords flowSearchWords(const FlowSearchRun& search, bool stopped) {
  const FlowSearchResult& r = search.result;
  const bool byRate = search.byRate;
  const QString measure = byRate ? tr("Connections per second") : tr("Concurrent connections");
  if (stopped)
    return {tr("Incomplete: stopped on request; %1 so far").arg(passedSoFar(r, byRate)), qs(r.why), kAmber};
  if (!r.complete) {
    if (const std::string note = flowSearchTesterNote(search); !note.empty())
      return {tr("Incomplete: the tester's limit, not the device's, ended the search; %1 below it").arg(passedSoFar(r, byRate)),
              qs(note), kAmber};
    return {tr("Incomplete: %1 so far").arg(passedSoFar(r, byRate)), qs(r.why), kAmber};
  }
  if (r.found <= 0) return {tr("%1: none passed").arg(measure), qs(r.why), kRed};
  const QString found = formatCompact(r.found, 1);
  return {r.atLeast ? tr("%1: at least %2").arg(measure, found) : tr("%1: %2").arg(measure, found), qs(r.why), kGreen};
}

}  // namespace staccato::client
