#pragma once
/// One small logger for the control plane (never the hot path): levels, one sink at a time.
/// The default sink writes "PROGRAM: message" lines to stderr; when stderr is the journal (run
/// as a systemd service) each message goes to journald with its priority and its fields
/// (STACCATO_REQUEST_ID=...), or as "<N>message" lines when journald's socket is not there; with
/// Format::kJson, one JSON object per line ({"time", "level", "program", "message", fields}).
/// Tests and embedding programs (the GUI's tests, in-process drones) install their own sink.
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace staccato::log {

/// Ordered by urgency; the numbers are syslog's (journald reads them as "<N>").
enum class Level { kError = 3, kWarning = 4, kNotice = 5, kInfo = 6, kDebug = 7 };
enum class Format { kText, kJson };

/// A message's structured detail: a lower-case key ("request_id") and its value.
using Field = std::pair<std::string_view, std::string_view>;

using Sink = std::function<void(Level, std::string_view message)>;

/// Replaces the sink (an empty one restores the default); returns the previous one.
Sink setSink(Sink sink);
/// The name the default sink puts before each line (e.g. "staccato-drone").
void setProgram(std::string name);
/// Messages less urgent than `level` are dropped (default: kInfo).
void setMinimumLevel(Level level);
/// How the default sink writes to stderr (default: text).
void setFormat(Format format);

void write(Level level, std::string_view message, std::initializer_list<Field> fields = {});
inline void error(std::string_view m) { write(Level::kError, m); }
inline void warning(std::string_view m) { write(Level::kWarning, m); }
inline void notice(std::string_view m) { write(Level::kNotice, m); }
inline void info(std::string_view m) { write(Level::kInfo, m); }

/// True when stderr is connected to the systemd journal (JOURNAL_STREAM names it).
bool stderrIsJournal();

/// The line the JSON format writes for a message (no newline): for tests and the drone alike.
std::string jsonLine(std::string_view program, Level level, std::string_view message, std::initializer_list<Field> fields,
                     int64_t timeNs);
/// journald's native record of a message: KEY=VALUE lines (a value holding a newline in the
/// binary form), fields upper-cased with STACCATO_ before them.
std::string journalRecord(std::string_view program, Level level, std::string_view message,
                          std::initializer_list<Field> fields);

}  // namespace staccato::log
