#pragma once
/// One small logger for the control plane (never the hot path): levels, one sink at a time.
/// The default sink writes "PROGRAM: message" lines to stderr, or, when stderr is the journal
/// (run as a systemd service), "<N>message" with the journal's priority N and no program name.
/// Tests and embedding programs (the GUI's tests, in-process drones) install their own sink.
#include <functional>
#include <string>
#include <string_view>

namespace staccato::log {

/// Ordered by urgency; the numbers are syslog's (journald reads them as "<N>").
enum class Level { kError = 3, kWarning = 4, kNotice = 5, kInfo = 6, kDebug = 7 };

using Sink = std::function<void(Level, std::string_view message)>;

/// Replaces the sink (an empty one restores the default); returns the previous one.
Sink setSink(Sink sink);
/// The name the default sink puts before each line (e.g. "staccato-drone").
void setProgram(std::string name);
/// Messages less urgent than `level` are dropped (default: kInfo).
void setMinimumLevel(Level level);

void write(Level level, std::string_view message);
inline void error(std::string_view m) { write(Level::kError, m); }
inline void warning(std::string_view m) { write(Level::kWarning, m); }
inline void notice(std::string_view m) { write(Level::kNotice, m); }
inline void info(std::string_view m) { write(Level::kInfo, m); }

/// True when stderr is connected to the systemd journal (JOURNAL_STREAM names it).
bool stderrIsJournal();

}  // namespace staccato::log
