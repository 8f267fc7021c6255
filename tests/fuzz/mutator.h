#pragma once
/// Deterministic byte mutations for the standalone fuzz driver: no coverage feedback, but the
/// same kinds of edits libFuzzer makes (bit flips, inserts, deletes, interesting values,
/// dictionary tokens, splices, truncations), stacked a few at a time.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace staccato::fuzz {

using Bytes = std::vector<uint8_t>;

class Mutator {
 public:
  Mutator(uint64_t seed, std::vector<Bytes> dictionary, size_t maxLen)
      : rng_(seed), dict_(std::move(dictionary)), maxLen_(maxLen) {}

  /// A mutant of `input`; `other` is a second corpus entry for splices.
  Bytes mutate(const Bytes& input, const Bytes& other);
  /// A random index below n (n > 0).
  size_t below(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

 private:
  void mutateOnce(Bytes& b, const Bytes& other);
  void writeInteresting(Bytes& b);

  std::mt19937_64 rng_;
  std::vector<Bytes> dict_;
  size_t maxLen_;
};

/// Reads a libFuzzer dictionary (lines like `"token"` or `name="token"`, with \\, \" and \xNN
/// escapes; # comments). Unparseable lines are errors so a typo does not silently shrink it.
std::vector<Bytes> readDictionary(const std::string& path, std::string& error);

}  // namespace staccato::fuzz
