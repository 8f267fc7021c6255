#include "tests/fuzz/mutator.h"

#include <algorithm>
#include <fstream>

namespace staccato::fuzz {
namespace {

// Boundary values that tend to break length and offset arithmetic.
constexpr uint64_t kInteresting[] = {0,          1,          0x7f,       0x80,       0xff,
                                     0x100,      0x7fff,     0x8000,     0xffff,     0x10000,
                                     0x7fffffff, 0x80000000, 0xffffffff, 0xffffffffffffffffull};

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Unescapes the quoted part of a dictionary line; false when it is malformed.
bool parseToken(const std::string& line, Bytes& out) {
  const size_t open = line.find('"'), close = line.rfind('"');
  if (open == std::string::npos || close <= open) return false;
  for (size_t i = open + 1; i < close; ++i) {
    if (line[i] != '\\') {
      out.push_back(static_cast<uint8_t>(line[i]));
      continue;
    }
    if (++i >= close) return false;
    if (line[i] == 'x') {
      if (i + 2 >= close) return false;
      const int hi = hexDigit(line[i + 1]), lo = hexDigit(line[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out.push_back(static_cast<uint8_t>(hi * 16 + lo));
      i += 2;
    } else {
      out.push_back(static_cast<uint8_t>(line[i]));  // \\ and \"
    }
  }
  return !out.empty();
}

}  // namespace

std::vector<Bytes> readDictionary(const std::string& path, std::string& error) {
  std::ifstream in(path);
  std::vector<Bytes> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    Bytes token;
    if (!parseToken(line, token)) {
      error = path + ":" + std::to_string(n) + ": not a dictionary entry";
      return {};
    }
    out.push_back(std::move(token));
  }
  return out;
}

Bytes Mutator::mutate(const Bytes& input, const Bytes& other) {
  Bytes b = input;
  const size_t edits = 1 + below(4);
  for (size_t i = 0; i < edits; ++i) mutateOnce(b, other);
  if (b.size() > maxLen_) b.resize(maxLen_);
  return b;
}

void Mutator::mutateOnce(Bytes& b, const Bytes& other) {
  switch (below(9)) {
    case 0:  // flip one bit
      if (!b.empty()) b[below(b.size())] ^= static_cast<uint8_t>(1u << below(8));
      break;
    case 1:  // any byte value
      if (!b.empty()) b[below(b.size())] = static_cast<uint8_t>(below(256));
      break;
    case 2: {  // insert a few random bytes
      const size_t at = below(b.size() + 1), n = 1 + below(4);
      for (size_t i = 0; i < n; ++i) b.insert(b.begin() + static_cast<long>(at), static_cast<uint8_t>(below(256)));
      break;
    }
    case 3: {  // delete a range
      if (b.empty()) break;
      const size_t at = below(b.size()), n = 1 + below(std::min<size_t>(b.size() - at, 16));
      b.erase(b.begin() + static_cast<long>(at), b.begin() + static_cast<long>(at + n));
      break;
    }
    case 4:
      writeInteresting(b);
      break;
    case 5: {  // a dictionary token, inserted or overwriting
      if (dict_.empty()) return writeInteresting(b);
      const Bytes& t = dict_[below(dict_.size())];
      const size_t at = below(b.size() + 1);
      if (below(2) && at + t.size() <= b.size())
        std::copy(t.begin(), t.end(), b.begin() + static_cast<long>(at));
      else
        b.insert(b.begin() + static_cast<long>(at), t.begin(), t.end());
      break;
    }
    case 6: {  // splice: our prefix, the other entry's suffix
      const size_t cut = below(b.size() + 1), from = below(other.size() + 1);
      b.resize(cut);
      b.insert(b.end(), other.begin() + static_cast<long>(from), other.end());
      break;
    }
    case 7: {  // copy a chunk of ourselves elsewhere (repeated records, nested structures)
      if (b.empty()) break;
      const size_t from = below(b.size()), n = 1 + below(std::min<size_t>(b.size() - from, 64));
      const Bytes chunk(b.begin() + static_cast<long>(from), b.begin() + static_cast<long>(from + n));
      const size_t at = below(b.size() + 1);
      b.insert(b.begin() + static_cast<long>(at), chunk.begin(), chunk.end());
      break;
    }
    default:  // truncate
      if (!b.empty()) b.resize(below(b.size()));
      break;
  }
}

void Mutator::writeInteresting(Bytes& b) {
  const size_t width = size_t{1} << below(4);  // 1, 2, 4 or 8 bytes
  if (b.size() < width) return;
  const uint64_t v = kInteresting[below(std::size(kInteresting))];
  const size_t at = below(b.size() - width + 1);
  const bool bigEndian = below(2);
  for (size_t i = 0; i < width; ++i) {
    const size_t shift = 8 * (bigEndian ? width - 1 - i : i);
    b[at + i] = static_cast<uint8_t>(v >> shift);
  }
}

}  // namespace staccato::fuzz
