#pragma once
/// Where an RFC 2889 result goes when it ends, address and traffic tests alike: --json (the
/// result file) and --report (the HTML report), each said on stderr.
#include <iostream>
#include <string>

#include "client/cli/rfc2889_args.h"
#include "client/core/benchmark/rfc2889_report_html.h"
#include "common/files/stream_file.h"

namespace staccato::cli {

/// `json` is the result file's text.
template <typename Result>
Status writeRfc2889Files(const Rfc2889Options& o, const Result& r, const std::string& json) {
  if (!o.json.empty()) {
    if (auto s = writeFileAtomically(o.json, json); !s) return s;
    std::cerr << "staccato-cli: wrote " << o.json << "\n";
  }
  if (!o.report.empty()) {
    if (auto s = bench::writeRfc2889HtmlReport(o.report, r); !s) return s;
    std::cerr << "staccato-cli: wrote " << o.report << "\n";
  }
  return Ok{};
}

}  // namespace staccato::cli
