#include "common/core/log.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "common/core/iso_time.h"
#include "common/core/json_text.h"

namespace staccato::log {
namespace {

constexpr const char* kJournalSocket = "/run/systemd/journal/socket";

struct State {
  std::mutex mu;
  Sink sink;
  std::string program = "staccato";
  Level minimum = Level::kInfo;
  Format format = Format::kText;
  int journal = -1;      ///< -1: not checked yet
  int journalFd = -1;    ///< a datagram socket to journald, when stderr is the journal
};

State& state() {
  static State s;
  return s;
}

std::string_view levelName(Level l) {
  switch (l) {
    case Level::kError: return "error";
    case Level::kWarning: return "warning";
    case Level::kNotice: return "notice";
    case Level::kInfo: return "info";
    case Level::kDebug: return "debug";
  }
  return "info";
}

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

/// Sends a record to journald; false when it could not (then stderr it is).
bool sendToJournal(State& s, const std::string& record) {
  if (s.journalFd < 0) {
    s.journalFd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s.journalFd < 0) return false;
  }
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::strncpy(a.sun_path, kJournalSocket, sizeof a.sun_path - 1);
  return ::sendto(s.journalFd, record.data(), record.size(), MSG_NOSIGNAL, reinterpret_cast<sockaddr*>(&a), sizeof a) ==
         ssize_t(record.size());
}

void writeDefault(State& s, Level level, std::string_view message, std::initializer_list<Field> fields) {
  if (s.format == Format::kJson) {
    const std::string line = jsonLine(s.program, level, message, fields, nowNs());
    std::fprintf(stderr, "%s\n", line.c_str());
    return;
  }
  if (s.journal < 0) s.journal = stderrIsJournal() ? 1 : 0;
  if (s.journal) {
    if (sendToJournal(s, journalRecord(s.program, level, message, fields))) return;
    std::fprintf(stderr, "<%d>%.*s\n", static_cast<int>(level), static_cast<int>(message.size()), message.data());
  } else {
    std::fprintf(stderr, "%s: %.*s\n", s.program.c_str(), static_cast<int>(message.size()), message.data());
  }
}

}  // namespace

Sink setSink(Sink sink) {
  State& s = state();
  std::lock_guard lock(s.mu);
  std::swap(s.sink, sink);
  return sink;
}

void setProgram(std::string name) {
  State& s = state();
  std::lock_guard lock(s.mu);
  s.program = std::move(name);
}

void setMinimumLevel(Level level) {
  State& s = state();
  std::lock_guard lock(s.mu);
  s.minimum = level;
}

void setFormat(Format format) {
  State& s = state();
  std::lock_guard lock(s.mu);
  s.format = format;
}

void write(Level level, std::string_view message, std::initializer_list<Field> fields) {
  State& s = state();
  std::lock_guard lock(s.mu);
  if (static_cast<int>(level) > static_cast<int>(s.minimum)) return;
  if (s.sink)
    s.sink(level, message);
  else
    writeDefault(s, level, message, fields);
}

bool stderrIsJournal() {
  const char* stream = std::getenv("JOURNAL_STREAM");  // "DEVICE:INODE" of the journal's socket
  struct stat st {};
  if (!stream || ::fstat(2, &st) != 0) return false;
  unsigned long long dev = 0, ino = 0;
  if (std::sscanf(stream, "%llu:%llu", &dev, &ino) != 2) return false;
  return st.st_dev == dev && st.st_ino == ino;
}

std::string jsonLine(std::string_view program, Level level, std::string_view message, std::initializer_list<Field> fields,
                     int64_t timeNs) {
  std::string out = "{\"time\":" + jsonQuoted(isoTime(timeNs)) + ",\"level\":" + jsonQuoted(levelName(level)) +
                    ",\"program\":" + jsonQuoted(program) + ",\"message\":" + jsonQuoted(message);
  for (const auto& [key, value] : fields) out += "," + jsonQuoted(key) + ":" + jsonQuoted(value);
  return out + "}";
}

std::string journalRecord(std::string_view program, Level level, std::string_view message,
                          std::initializer_list<Field> fields) {
  std::string out;
  auto add = [&](std::string_view key, std::string_view value) {
    out += key;
    if (value.find('\n') == std::string_view::npos) {
      out += '=';
      out += value;
    } else {  // the binary form: a newline, the length as 64-bit little endian, the bytes
      out += '\n';
      for (int i = 0; i < 8; ++i) out += char((uint64_t(value.size()) >> (8 * i)) & 0xff);
      out += value;
    }
    out += '\n';
  };
  add("MESSAGE", message);
  add("PRIORITY", std::to_string(static_cast<int>(level)));
  add("SYSLOG_IDENTIFIER", program);
  for (const auto& [key, value] : fields) {
    std::string name = "STACCATO_";
    for (char c : key) name += std::isalnum(uint8_t(c)) ? char(std::toupper(uint8_t(c))) : '_';
    add(name, value);
  }
  return out;
}

}  // namespace staccato::log
