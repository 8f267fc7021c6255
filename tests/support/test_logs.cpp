// Every test binary's log sink (common/core/log.h): what the code under test logs (in-process
// drones, the edge guard) is kept per test and printed only when that test fails, so passing
// runs stay quiet and a failure shows what the drone said.
#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "common/core/log.h"

namespace {

class TestLogs : public testing::EmptyTestEventListener {
 public:
  TestLogs() {
    staccato::log::setSink([this](staccato::log::Level, std::string_view line) {
      std::lock_guard lock(mu_);
      lines_.emplace_back(line);
    });
  }

  void OnTestStart(const testing::TestInfo&) override { take(); }
  void OnTestEnd(const testing::TestInfo& info) override {
    const std::vector<std::string> lines = take();
    if (!info.result()->Failed() || lines.empty()) return;
    std::printf("[ logs     ] what the code under test logged:\n");
    for (const std::string& l : lines) std::printf("[ logs     ]   %s\n", l.c_str());
  }

 private:
  std::vector<std::string> take() {
    std::lock_guard lock(mu_);
    return std::exchange(lines_, {});
  }

  std::mutex mu_;
  std::vector<std::string> lines_;
};

// Listeners are registered before main runs any test (gtest_main calls InitGoogleTest first,
// which keeps the listeners appended here).
const bool kRegistered = [] {
  testing::UnitTest::GetInstance()->listeners().Append(new TestLogs);
  return true;
}();

}  // namespace
