#include "common/core/iso_time.h"

#include <cstdio>
#include <ctime>

namespace staccato {

std::string isoTime(int64_t ns) {
  const int64_t s = ns >= 0 ? ns / 1'000'000'000 : (ns + 1) / 1'000'000'000 - 1;
  const time_t t = time_t(s);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%09lldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long long>(ns - s * 1'000'000'000));
  return buf;
}

bool parseIsoTime(std::string_view text, int64_t& ns) {
  std::tm tm{};
  long long fraction = 0;
  int used = 0;
  const std::string s(text);
  if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%9lldZ%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                  &tm.tm_min, &tm.tm_sec, &fraction, &used) != 7 ||
      size_t(used) != s.size() || s.size() != 30 || fraction < 0)
    return false;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const int64_t seconds = int64_t(timegm(&tm));
  if (seconds < 0 || seconds >= INT64_MAX / 1'000'000'000) return false;  // 1970 .. 2262 fit in ns
  ns = seconds * 1'000'000'000 + fraction;
  return true;
}

}  // namespace staccato
