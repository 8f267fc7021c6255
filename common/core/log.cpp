#include "common/core/log.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace staccato::log {
namespace {

struct State {
  std::mutex mu;
  Sink sink;
  std::string program = "staccato";
  Level minimum = Level::kInfo;
  int journal = -1;  ///< -1: not checked yet
};

State& state() {
  static State s;
  return s;
}

void writeStderr(State& s, Level level, std::string_view message) {
  if (s.journal < 0) s.journal = stderrIsJournal() ? 1 : 0;
  if (s.journal)
    std::fprintf(stderr, "<%d>%.*s\n", static_cast<int>(level), static_cast<int>(message.size()), message.data());
  else
    std::fprintf(stderr, "%s: %.*s\n", s.program.c_str(), static_cast<int>(message.size()), message.data());
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

void write(Level level, std::string_view message) {
  State& s = state();
  std::lock_guard lock(s.mu);
  if (static_cast<int>(level) > static_cast<int>(s.minimum)) return;
  if (s.sink)
    s.sink(level, message);
  else
    writeStderr(s, level, message);
}

bool stderrIsJournal() {
  const char* stream = std::getenv("JOURNAL_STREAM");  // "DEVICE:INODE" of the journal's socket
  struct stat st {};
  if (!stream || ::fstat(2, &st) != 0) return false;
  unsigned long long dev = 0, ino = 0;
  if (std::sscanf(stream, "%llu:%llu", &dev, &ino) != 2) return false;
  return st.st_dev == dev && st.st_ino == ino;
}

}  // namespace staccato::log
