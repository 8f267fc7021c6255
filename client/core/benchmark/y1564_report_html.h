#pragma once
/// A Y.1564 run's HTML report: one self-contained page in the RFC 2544 report's style (inline CSS
/// and SVG charts, no script), rendered from the result alone: the overall verdict, each
/// service's configuration steps with a chart of the rate it got through, and the performance
/// test with its loss over time.
#include <string>

#include "client/core/benchmark/y1564_runner.h"
#include "common/core/result.h"

namespace staccato::bench {

std::string y1564HtmlReport(const Y1564Result& result);
Status writeY1564HtmlReport(const std::string& path, const Y1564Result& result);

}  // namespace staccato::bench
