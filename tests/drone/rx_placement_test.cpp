// The receive threads keep off the cores the transmit workers spin on (a receiver sharing a core
// with a sender as fast as the link starves both), as /proc shows them: each receive thread is
// named "rx PORT".
#include <dirent.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "tests/drone/drone_test_util.h"

namespace staccato::drone::test {
namespace {

/// The Cpus_allowed_list of this process's thread named `name`, "" when there is none.
std::string allowedCoresOf(const std::string& name) {
  DIR* tasks = opendir("/proc/self/task");
  if (!tasks) return "";
  std::string found;
  while (dirent* e = readdir(tasks)) {
    const std::string dir = std::string("/proc/self/task/") + e->d_name;
    std::ifstream comm(dir + "/comm");
    std::string threadName;
    std::getline(comm, threadName);
    if (threadName != name) continue;
    std::ifstream status(dir + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("Cpus_allowed_list:", 0) == 0) found = line.substr(line.find_first_not_of(" \t", 18));
  }
  closedir(tasks);
  return found;
}

TEST(ReceivePlacement, ReceiveThreadsKeepOffTheSendingWorkersCores) {
  if (sysconf(_SC_NPROCESSORS_ONLN) < 2) GTEST_SKIP() << "one core: a receiver has nowhere else to go";
  FakeDrone d(fake::fakePair("a", "b", 1));
  ASSERT_TRUE(d.configure("a", [](v1::PortConfig& c) { c.clear_cpus(), c.add_cpus(0); }).ok());
  ASSERT_TRUE(d.setStreams("a", {continuousStream(1, 1000)}).ok());
  ASSERT_TRUE(waitUntil([] { return !allowedCoresOf("rx b").empty(); })) << "no receive thread named 'rx b'";
  const std::string before = allowedCoresOf("rx b");
  ASSERT_TRUE(d.core().startTx({"a"}, "").ok());
  // The receive threads move at their next turn (every few ms).
  EXPECT_TRUE(waitUntil([&] { return allowedCoresOf("rx b").find('0') == std::string::npos; }))
      << "rx b may still run on core 0, where a's worker spins: " << allowedCoresOf("rx b");
  EXPECT_TRUE(waitUntil([&] { return allowedCoresOf("rx a").find('0') == std::string::npos; }))
      << "rx a: " << allowedCoresOf("rx a");
  ASSERT_TRUE(d.core().stopTx({"a"}, "").ok());
  EXPECT_TRUE(waitUntil([&] { return allowedCoresOf("rx b") == before; })) << "every core again once a stopped";
}

}  // namespace
}  // namespace staccato::drone::test
