#include "tests/support/tshark.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>

#include "common/files/pcap_file.h"
#include "common/packet/field_text.h"

namespace staccato::test {
namespace {

const char* kPrefs =
    " -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE"
    " -o tcp.relative_sequence_numbers:FALSE -o tcp.analyze_sequence_numbers:FALSE"
    // SCTP's CRC32c is checked only when asked for.
    " -o sctp.checksum:CRC-32C"
    // Frames in one test capture are unrelated; don't treat them as one ARP conversation or
    // one SCTP association.
    " -o arp.detect_duplicate_ips:FALSE -o sctp.tsn_analysis:FALSE";

std::string run(const std::string& cmd) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  if (!p) throw std::runtime_error("cannot run: " + cmd);
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p.get())) > 0) out.append(buf.data(), n);
  return out;
}

struct TempFiles {
  std::vector<std::string> paths;
  ~TempFiles() {
    for (auto& p : paths) std::remove(p.c_str());
  }
};
TempFiles& temps() {
  static TempFiles t;
  return t;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

}  // namespace

std::string writeTempPcap(const std::vector<Frame>& frames) {
  char tmpl[] = "/tmp/staccato-test-XXXXXX";
  int fd = mkstemp(tmpl);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  std::string path = tmpl;
  temps().paths.push_back(path);
  auto w = PcapWriter::create(path);
  if (!w) throw std::runtime_error(w.error().toString());
  uint64_t t = 1'000'000'000;
  for (const Frame& f : frames) (void)w->write(t += 1000, f);
  (void)w->close();
  return path;
}

std::vector<std::map<std::string, std::string>> tsharkFields(const std::vector<Frame>& frames,
                                                            const std::vector<std::string>& fields) {
  return tsharkFieldsOfFile(writeTempPcap(frames), fields);
}

std::vector<std::map<std::string, std::string>> tsharkFieldsOfFile(const std::string& path,
                                                                  const std::vector<std::string>& fields) {
  std::string cmd = "tshark -n -r " + path + kPrefs + " -T fields -E separator=/t -E occurrence=a -E aggregator=,";
  for (const auto& f : fields) cmd += " -e " + f;
  cmd += " 2>/dev/null";
  std::vector<std::map<std::string, std::string>> rows;
  for (const std::string& line : split(run(cmd), '\n')) {
    std::vector<std::string> cols = split(line, '\t');
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < fields.size(); ++i) row[fields[i]] = i < cols.size() ? cols[i] : "";
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::string> tsharkProblems(const std::vector<Frame>& frames) {
  std::string cmd = "tshark -n -r " + writeTempPcap(frames) + kPrefs +
                    " -Y '_ws.expert.severity >= 6291456 || _ws.malformed' -T fields -e frame.number -e "
                    "_ws.expert.message -e _ws.malformed 2>/dev/null";
  std::vector<std::string> problems;
  for (const std::string& line : split(run(cmd), '\n'))
    if (!line.empty()) problems.push_back("frame " + line);
  return problems;
}

bool tsharkHasField(const std::string& name) {
  static const std::set<std::string> known = [] {
    std::set<std::string> s;
    for (const std::string& line : split(run("tshark -G fields 2>/dev/null"), '\n')) {
      auto cols = split(line, '\t');
      if (cols.size() > 2 && cols[0] == "F") s.insert(cols[2]);
    }
    return s;
  }();
  return known.count(name) > 0;
}

FieldValue asWiresharkShows(const FieldSpec& f, FieldValue v) {
  if (f.name == "ip.hdr_len" || f.name == "tcp.hdr_len") v.num *= 4;  // we hold the wire value
  if (f.name == "tcp.options")  // Wireshark's is the whole block, end-of-list padding included
    while (v.bytes.size() % 4) v.bytes.push_back(0);
  return v;
}

bool sameValue(const FieldSpec& f, const FieldValue& ours, const std::string& text) {
  if (text.empty()) return false;
  std::string t = text.substr(0, text.find(','));  // first occurrence
  switch (f.format) {
    case FieldFormat::kMac:
    case FieldFormat::kIpv4:
    case FieldFormat::kIpv6: {
      auto theirs = parseFieldText(f, t);
      return theirs.ok() && theirs.value() == ours;
    }
    case FieldFormat::kText: return t == std::string(ours.bytes.begin(), ours.bytes.end());
    case FieldFormat::kBytes: {
      std::string hex;
      for (char c : t)
        if (c != ':') hex += c;
      return hex == toHex(ours.bytes.data(), ours.bytes.size());
    }
    default: {
      if (t == "True") return ours.num == 1;
      if (t == "False") return ours.num == 0;
      // tshark prints hex fields as "0x0800", and some byte fields as bare hex.
      // A hex field without "0x" may be shown as bare hex bytes or in decimal: accept either.
      auto parsesTo = [&](int base) {
        char* end = nullptr;
        unsigned long long v = std::strtoull(t.c_str(), &end, base);
        return end && *end == 0 && v == ours.num;
      };
      const bool bareHex = f.format == FieldFormat::kHex && t.rfind("0x", 0) != 0;
      return parsesTo(0) || (bareHex && parsesTo(16));
    }
  }
}

}  // namespace staccato::test
