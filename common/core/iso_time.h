#pragma once
/// Wall-clock times as files write them: ISO 8601 in UTC with nanoseconds.
#include <cstdint>
#include <string>
#include <string_view>

namespace staccato {

/// `ns` since the Unix epoch as "2025-11-27T09:12:00.123456789Z".
std::string isoTime(int64_t ns);
/// The reverse: false unless `text` is exactly that form, within 1970..2262.
bool parseIsoTime(std::string_view text, int64_t& ns);

}  // namespace staccato
