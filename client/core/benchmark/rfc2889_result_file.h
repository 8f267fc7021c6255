#pragma once
/// What every RFC 2889 result file and answer shares: the format's name and version, the file's
/// opening members, and an answer that says "incomplete" and why when it is.
#include <cstdint>
#include <string>
#include <string_view>

#include "client/core/benchmark/json_writer.h"

namespace staccato::bench {

inline constexpr std::string_view kRfc2889ResultFormat = "staccato-rfc2889-result";
inline constexpr uint32_t kRfc2889ResultFormatVersion = 1;

/// Opens the result's object: format, version, generator, test and the run's times.
void beginRfc2889Result(JsonWriter& w, const std::string& generator, std::string_view test, uint64_t startNs, uint64_t endNs);

/// `value` (the answer so far, "" when there is none) as the answer: "incomplete: WHY (so far:
/// VALUE)" when a drone failed (`error`) or the search did not end (`complete` false, `note`).
std::string answerOf(const std::string& value, const std::string& error, bool complete, const std::string& note);

}  // namespace staccato::bench
