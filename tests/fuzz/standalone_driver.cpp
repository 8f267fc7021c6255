/// Runs a fuzz target without libFuzzer (GCC builds, ctest): every seed, then deterministic
/// mutations of them. A crash or a hang saves the input to a file and fails naming it.
/// Flags follow libFuzzer's, so the same command line works with a libFuzzer build:
///   fuzz_TARGET [-runs=N] [-max_total_time=S] [-timeout=S] [-max_len=N] [-dict=FILE]
///               [-seed=N] [-artifact_prefix=P] DIR_OR_FILE...
/// A directory is a seed corpus; a file (e.g. a saved crash) is run once.
#include <fcntl.h>
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/mutator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
// Present only in sanitizer builds: lets us save the input after ASan/UBSan's report.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

// GCC's UBSan has its own runtime, which ignores the death callback: make it abort instead so
// the SIGABRT handler saves the input.
extern "C" const char* __ubsan_default_options() { return "abort_on_error=1:print_stacktrace=1"; }

namespace staccato::fuzz {
namespace {

namespace fs = std::filesystem;

struct Options {
  uint64_t runs = 0;
  double maxSeconds = 0;
  unsigned timeoutSeconds = 5;
  size_t maxLen = 4096;
  uint64_t seed = 1;
  std::string dict, artifactPrefix = "./";
  std::vector<std::string> paths;
};

struct Input {
  std::string name;
  Bytes bytes;
};

// What the signal handlers report: set before each input, read only from handlers.
const Bytes* g_current = nullptr;
char g_label[256];
std::string g_crashPath, g_timeoutPath;

void say(const char* s) { (void)!write(STDERR_FILENO, s, strlen(s)); }

/// Async-signal-safe: saves the current input and says where.
void saveCurrent(const char* what, const std::string& path) {
  say("\nfuzz: ");
  say(what);
  say(" on ");
  say(g_label);
  if (!g_current) return say("\n");
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    (void)!write(fd, g_current->data(), g_current->size());
    close(fd);
  }
  say("; input saved to ");
  say(path.c_str());
  say(" (run the target with that file to reproduce)\n");
}

void onDeath() { saveCurrent("crash", g_crashPath); }

void onSignal(int sig) {
  if (sig == SIGALRM) {
    saveCurrent("timeout", g_timeoutPath);
    _exit(70);
  }
  saveCurrent(sig == SIGABRT ? "abort" : "crash (fatal signal)", g_crashPath);
  signal(sig, SIG_DFL);
  raise(sig);
}

void installHandlers() {
  signal(SIGALRM, onSignal);
  signal(SIGABRT, onSignal);  // failed checks, uncaught exceptions
  if (__sanitizer_set_death_callback) {
    __sanitizer_set_death_callback(onDeath);  // the sanitizer reports memory errors itself
    return;
  }
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) signal(sig, onSignal);
}

void run(const Bytes& input, unsigned timeoutSeconds) {
  g_current = &input;
  const itimerval limit{{0, 0}, {static_cast<time_t>(timeoutSeconds), 0}}, off{};
  setitimer(ITIMER_REAL, &limit, nullptr);
  static const uint8_t kNoBytes = 0;  // like libFuzzer, never a null pointer (memchr(nullptr, ..., 0) is UB)
  LLVMFuzzerTestOneInput(input.empty() ? &kNoBytes : input.data(), input.size());
  setitimer(ITIMER_REAL, &off, nullptr);
}

bool parseArgs(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* flag) -> const char* {
      const size_t n = strlen(flag);
      return a.compare(0, n, flag) == 0 ? a.c_str() + n : nullptr;
    };
    if (const char* v = value("-runs=")) o.runs = std::strtoull(v, nullptr, 10);
    else if (const char* v = value("-max_total_time=")) o.maxSeconds = std::strtod(v, nullptr);
    else if (const char* v = value("-timeout=")) o.timeoutSeconds = static_cast<unsigned>(std::strtoul(v, nullptr, 10));
    else if (const char* v = value("-max_len=")) o.maxLen = std::strtoull(v, nullptr, 10);
    else if (const char* v = value("-seed=")) o.seed = std::strtoull(v, nullptr, 10);
    else if (const char* v = value("-dict=")) o.dict = v;
    else if (const char* v = value("-artifact_prefix=")) o.artifactPrefix = v;
    else if (a.starts_with("-")) return std::fprintf(stderr, "fuzz: unknown flag %s\n", a.c_str()), false;
    else o.paths.push_back(a);
  }
  if (o.paths.empty()) return std::fprintf(stderr, "usage: %s [flags] CORPUS_DIR_OR_FILE...\n", argv[0]), false;
  return true;
}

Bytes readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

/// Seeds from directories (sorted, so runs repeat) and single files.
bool loadInputs(const Options& o, std::vector<Input>& seeds, std::vector<Input>& files) {
  for (const std::string& path : o.paths) {
    if (!fs::is_directory(path)) {
      if (!fs::is_regular_file(path)) return std::fprintf(stderr, "fuzz: %s: no such file or directory\n", path.c_str()), false;
      files.push_back({path, readFile(path)});
      continue;
    }
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(path))
      if (e.is_regular_file()) entries.push_back(e.path());
    std::sort(entries.begin(), entries.end());
    for (const fs::path& p : entries) seeds.push_back({p.string(), readFile(p)});
  }
  return true;
}

int fuzzMain(int argc, char** argv) {
  Options o;
  if (!parseArgs(argc, argv, o)) return 2;
  std::vector<Input> seeds, files;
  if (!loadInputs(o, seeds, files)) return 2;
  if (files.empty() && seeds.empty()) return std::fprintf(stderr, "fuzz: the corpus is empty\n"), 2;
  std::vector<Bytes> dict;
  if (!o.dict.empty()) {
    std::string error;
    dict = readDictionary(o.dict, error);
    if (dict.empty()) return std::fprintf(stderr, "fuzz: %s\n", error.empty() ? "empty dictionary" : error.c_str()), 2;
  }
  const std::string target = fs::path(argv[0]).filename().string();
  g_crashPath = o.artifactPrefix + "crash-" + target;
  g_timeoutPath = o.artifactPrefix + "timeout-" + target;
  installHandlers();

  for (const Input& in : files) {  // reproducing: nothing else
    std::snprintf(g_label, sizeof g_label, "%s", in.name.c_str());
    run(in.bytes, o.timeoutSeconds);
  }
  if (!files.empty()) return std::fprintf(stderr, "fuzz: %zu input(s) ran without a crash\n", files.size()), 0;

  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const Bytes empty;
  std::snprintf(g_label, sizeof g_label, "the empty input");
  run(empty, o.timeoutSeconds);
  for (const Input& s : seeds) {
    std::snprintf(g_label, sizeof g_label, "seed %s", s.name.c_str());
    run(s.bytes, o.timeoutSeconds);
  }
  Mutator mutator(o.seed, std::move(dict), o.maxLen);
  uint64_t done = 0;
  for (; done < o.runs && (o.maxSeconds <= 0 || elapsed() < o.maxSeconds); ++done) {
    const Input& base = seeds[mutator.below(seeds.size())];
    const Bytes mutant = mutator.mutate(base.bytes, seeds[mutator.below(seeds.size())].bytes);
    std::snprintf(g_label, sizeof g_label, "mutation %llu (-seed=%llu) of seed %s", static_cast<unsigned long long>(done + 1),
                  static_cast<unsigned long long>(o.seed), base.name.c_str());
    run(mutant, o.timeoutSeconds);
  }
  const double secs = elapsed();
  std::fprintf(stderr, "fuzz: %s: %zu seeds and %llu mutations in %.1f s (%.0f inputs/s), no crash, no hang\n",
               target.c_str(), seeds.size(), static_cast<unsigned long long>(done), secs,
               static_cast<double>(seeds.size() + done) / std::max(secs, 1e-9));
  return 0;
}

}  // namespace
}  // namespace staccato::fuzz

int main(int argc, char** argv) { return staccato::fuzz::fuzzMain(argc, argv); }
