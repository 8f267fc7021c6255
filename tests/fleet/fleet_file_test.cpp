// The fleet file's rules over the shared data set (tests/data/fleet, also run by Python's
// staccato.Fleet), and the limits that need a generated file.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "client/core/fleet/fleet_file.h"
#include "client/core/fleet/fleet_json.h"
#include "common/core/json_text.h"

namespace staccato::client {
namespace {

namespace fs = std::filesystem;
const fs::path kData = fs::path(STACCATO_SOURCE_DIR) / "tests/data/fleet";

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

std::vector<fs::path> filesIn(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(FleetFile, GoodFilesGiveTheirExpectedJson) {
  const auto files = filesIn(kData / "good", ".yaml");
  ASSERT_GE(files.size(), 2u);
  for (const auto& yaml : files) {
    auto fleet = loadFleetFile(yaml.string());
    ASSERT_TRUE(fleet.ok()) << yaml << ": " << fleet.error().toString();
    auto expected = readFile(fs::path(yaml).replace_extension(".json"));
    expected = replaceAll(expected, "${DIR}", (kData / "good").string());
    EXPECT_EQ(fleetToJson(*fleet), expected) << yaml;
  }
}

TEST(FleetFile, BadFilesAreRefusedNamingTheFieldAndTheFault) {
  const auto files = filesIn(kData / "bad", ".yaml");
  ASSERT_GE(files.size(), 25u);
  for (const auto& yaml : files) {
    const std::string text = readFile(yaml);
    ASSERT_EQ(text.rfind("# error: ", 0), 0u) << yaml << " has no '# error: ' first line";
    const std::string expected = text.substr(9, text.find('\n') - 9);
    auto fleet = loadFleetFile(yaml.string());
    ASSERT_FALSE(fleet.ok()) << yaml << " was accepted";
    const std::string message = fleet.error().toString();
    EXPECT_EQ(message.rfind(yaml.string() + ": ", 0), 0u) << message;  // the file comes first
    EXPECT_NE(message.find(expected), std::string::npos) << yaml << "\n  expected: " << expected << "\n  got:      " << message;
  }
}

TEST(FleetFile, LimitsOnCountsAndSize) {
  std::string many = "drones:\n";
  for (size_t i = 0; i <= kMaxFleetDrones; ++i)
    many += "  - {name: d" + std::to_string(i) + ", address: 192.0.2." + std::to_string(i % 250) + ":" + std::to_string(1000 + i) + "}\n";
  auto fleet = parseFleet(many, "/x");
  ASSERT_FALSE(fleet.ok());
  EXPECT_EQ(fleet.error().toString(), "drones: line 2: more than 256 drones");

  std::string aliases = "drones:\n  - name: a\n    address: 192.0.2.1\n    ports:\n";
  for (size_t i = 0; i <= kMaxPortAliases; ++i) aliases += "      p" + std::to_string(i) + ": eth" + std::to_string(i) + "\n";
  fleet = parseFleet(aliases, "/x");
  ASSERT_FALSE(fleet.ok());
  EXPECT_EQ(fleet.error().toString(), "drones[0].ports: line 5: more than 256 port aliases");

  fleet = parseFleet("drones: [{name: a, address: 192.0.2.1}]\n#" + std::string(kMaxFleetFileBytes, 'x'), "/x");
  ASSERT_FALSE(fleet.ok());
  EXPECT_NE(fleet.error().toString().find("larger than 1048576 bytes"), std::string::npos);

  // 400,000 nested lists are refused at the depth limit, not by exhausting the stack.
  fleet = parseFleet("drones: " + std::string(400'000, '[') + std::string(400'000, ']'), "/x");
  ASSERT_FALSE(fleet.ok());
  EXPECT_NE(fleet.error().toString().find("nested deeper than 8 levels"), std::string::npos);
}

TEST(FleetFile, AMappingOfManyKeysIsCheckedForDuplicatesInOneLook) {
  // 45,000 keys in one mapping (under 1 MiB): comparing each key with every earlier one took
  // seconds (a 500 KB file: 6.3 s); one look per key takes milliseconds. The bound is 30x the
  // time a slow, loaded machine needs, and far below the quadratic check's.
  std::string text = "drones: [{name: a, address: 192.0.2.1}]\nbig:\n";
  for (int i = 0; i < 45'000; ++i) text += "  k" + std::to_string(i) + ": 1\n";
  const auto start = std::chrono::steady_clock::now();
  auto fleet = parseFleet(text + "  k17: 2\n", "/x");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(fleet.ok());
  EXPECT_NE(fleet.error().toString().find("'k17' appears twice in one mapping"), std::string::npos)
      << fleet.error().toString();
  EXPECT_LT(seconds, 1.5) << "the duplicate-key check is slower than linear";
}

TEST(FleetFile, APathThatIsNoRegularFileIsRefusedUnread) {
  // `ca: /dev/zero` (or the fleet file itself) once read until the CLI ran out of memory.
  auto fleet = loadFleetFile("/dev/zero");
  ASSERT_FALSE(fleet.ok());
  EXPECT_NE(fleet.error().toString().find("not a regular file"), std::string::npos) << fleet.error().toString();
}

TEST(FleetFile, RelativePathsAreTheFleetFilesDirectorys) {
  auto fleet = parseFleet("drones: [{name: a, address: 192.0.2.1, token_file: t/a.token, ca: ../ca.pem}]", "/etc/lab");
  ASSERT_TRUE(fleet.ok()) << fleet.error().toString();
  EXPECT_EQ(fleet->drones[0].tokenFile, "/etc/lab/t/a.token");
  EXPECT_EQ(fleet->drones[0].caFile, "/etc/lab/../ca.pem");
  EXPECT_TRUE(fleet->drones[0].tls);
}

TEST(FleetFile, ReferencesAndAliases) {
  auto fleet = parseFleet("drones: [{name: a, address: 192.0.2.1, ports: {up: eth1}}, {name: b, address: 192.0.2.2}]", "");
  ASSERT_TRUE(fleet.ok()) << fleet.error().toString();
  const auto ref = parseFleetRef("@a:up");
  ASSERT_TRUE(ref);
  EXPECT_EQ(ref->drone, "a");
  EXPECT_EQ(ref->port, "up");
  EXPECT_EQ(fleet->find("a")->portName(ref->port), "eth1");
  EXPECT_EQ(fleet->find("a")->portName("eth2"), "eth2");  // not an alias: the port's own name
  EXPECT_EQ(parseFleetRef("@b")->port, "");
  EXPECT_FALSE(parseFleetRef("eth0"));
  EXPECT_EQ(fleet->find("c"), nullptr);
  EXPECT_EQ(fleet->unknownName("c"), "no drone named '@c' in the fleet (it has @a, @b)");
}

TEST(FleetFile, JsonEscapesWhatItQuotes) {
  EXPECT_EQ(jsonQuoted("a\"b\\c\n\x01\x7f"), "\"a\\\"b\\\\c\\n\\u0001\\u007f\"");
}

}  // namespace
}  // namespace staccato::client
