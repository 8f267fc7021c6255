#pragma once
/// RFC 2889 results as an HTML report in the style of the RFC 2544 and Y.1564 ones (one
/// self-contained page): the answer and the settings, a chart of the trials, the trials and, for
/// traffic tests, the pairs of the trial at the answer (and congestion control's verdicts).
#include <string>

#include "client/core/benchmark/rfc2889_address_result.h"
#include "client/core/benchmark/rfc2889_traffic_result.h"
#include "common/core/result.h"

namespace staccato::bench {

std::string rfc2889HtmlReport(const Rfc2889AddressResult& r);
std::string rfc2889HtmlReport(const Rfc2889TrafficResult& r);

Status writeRfc2889HtmlReport(const std::string& path, const Rfc2889AddressResult& r);
Status writeRfc2889HtmlReport(const std::string& path, const Rfc2889TrafficResult& r);

}  // namespace staccato::bench
