#pragma once
/// RFC 2889 5.7 address caching capacity and 5.8 address learning rate: the searches. A probe
/// runs one trial (the learning port sends from N source addresses at a rate, then the test port
/// sends one frame to each of them) and counts where the test frames went: a device that learned
/// every address forwards each to the learning port only; one it did not learn is flooded, and
/// the monitoring port sees it. A trial the tester did not send as asked judges nothing: the
/// search stops there and says so.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/core/result.h"

namespace staccato::bench {

struct AddressTrial {
  uint64_t addresses = 0;    ///< learned and then sent to
  double askedPps = 0;       ///< the learning rate asked
  double learningPps = 0;    ///< the rate the learning frames really went at (the sender's own timestamps)
  uint64_t learningSent = 0, testSent = 0;
  uint64_t forwarded = 0;    ///< test frames received on the learning port
  uint64_t flooded = 0;      ///< test frames received on the monitoring port (addresses not learned)
  std::string testerNote;    ///< not empty: the tester did not do the trial as asked (it judges nothing)

  bool judged() const { return testerNote.empty(); }
  /// Every address learned: each test frame reached the learning port and none was flooded.
  bool passed() const { return judged() && flooded == 0 && forwarded == addresses; }
};

/// One trial with this many addresses learned at this rate; an error when a drone failed.
using AddressProbe = std::function<Result<AddressTrial>(uint64_t addresses, double pps)>;

struct AddressSearchHooks {
  std::function<void(const AddressTrial&)> trialDone;
  std::function<bool()> stopRequested;
};

struct AddressSearch {
  std::vector<AddressTrial> trials;
  bool complete = false;  ///< false: stopped by the user, a trial the tester did not do as asked, or an error
  bool atLeast = false;   ///< the largest value tried passed: the device's limit is higher still
  std::string note;       ///< why it is not complete
};

struct CachingSearch : AddressSearch {
  uint64_t capacity = 0;  ///< the most addresses learned without flooding
};

struct CachingSettings {
  uint64_t maxAddresses = 4096;  ///< the first trial's; the search looks below it
  uint64_t resolution = 1;       ///< stop when the pass and the fail are this close
  double learningPps = 1000;
};

Result<CachingSearch> searchCachingCapacity(const CachingSettings& settings, const AddressProbe& probe,
                                            const AddressSearchHooks& hooks = {});

struct LearningSearch : AddressSearch {
  double ratePps = 0;  ///< the fastest learning rate (as sent) at which every address was learned; 0 = none
};

struct LearningSettings {
  uint64_t addresses = 1000;
  double minPps = 100, maxPps = 100000;
  double resolution = 0.01;  ///< stop when the pass and the fail are this close, relative to the fail
};

Result<LearningSearch> searchLearningRate(const LearningSettings& settings, const AddressProbe& probe,
                                          const AddressSearchHooks& hooks = {});

/// Settings a person typed: an error names the setting and its range.
Status checkCachingSettings(const CachingSettings& s);
Status checkLearningSettings(const LearningSettings& s);

}  // namespace staccato::bench
