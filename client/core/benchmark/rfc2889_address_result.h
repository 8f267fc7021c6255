#pragma once
/// An RFC 2889 address test's result (5.7 caching capacity or 5.8 learning rate): the ports, the
/// settings, the search's answer and every trial; written as JSON (`staccato-rfc2889-result`).
#include <cstdint>
#include <optional>
#include <string>

#include "client/core/benchmark/rfc2889_address_search.h"

namespace staccato::bench {

struct Rfc2889AddressResult {
  std::string generator;
  std::string learningPort, testPort, monitorPort;
  uint64_t startNs = 0, endNs = 0;
  double agingSeconds = 0, testPps = 0;
  std::optional<CachingSettings> cachingSettings;    ///< the caching test ran
  std::optional<LearningSettings> learningSettings;  ///< the learning-rate test ran
  CachingSearch caching;
  LearningSearch learning;
  std::string error;  ///< a drone failed: the trials before it stand

  const AddressSearch& search() const {
    return cachingSettings ? static_cast<const AddressSearch&>(caching) : learning;
  }
  /// Complete, and without an error: the answer stands for the device.
  bool complete() const { return error.empty() && search().complete; }
  /// The answer in words: "1023 addresses", "at least 4096 addresses", "37.0 kfps", "incomplete: ..."
  std::string answer() const;
};

std::string rfc2889ResultJson(const Rfc2889AddressResult& r);

}  // namespace staccato::bench
