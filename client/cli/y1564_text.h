#pragma once
/// What `staccato-cli benchmark y1564` prints for people: a line per configuration step as it
/// ends, the performance test's seconds as they pass, and the summary: every service's steps and
/// performance with their verdicts, and the overall one.
#include <string>
#include <vector>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::cli {

/// "data  75 % of CIR  30.00 Mbit/s: PASS  IR 30.00 Mbit/s  FLR 0 %  FTD 0.120 ms  FDV 0.050 ms".
std::string y1564StepText(const bench::Y1564Config& config, const bench::Y1564StepResult& s);
/// "performance 37/300 s: data 0 missing, voice 12 missing (1 severely errored second so far)":
/// frames of that second not received a second later (lost, or still queued: the report's
/// seconds are final).
std::string y1564SecondText(const bench::Y1564Config& config, uint32_t second, uint32_t seconds,
                            const std::vector<bench::SecondCounts>& perService, uint32_t sesSoFar);
/// The summary: steps per service, performance, and "Y.1564: PASS|FAIL|INCOMPLETE" last.
std::string y1564SummaryText(const bench::Y1564Result& r);

}  // namespace staccato::cli
