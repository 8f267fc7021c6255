// staccato-cli flows check PROFILE (flows run: flows_run_command.cpp): reads a flow profile (docs/flows.md) as a drone would, every
// value checked, and says what it would run - or what to fix, naming the member. flows resolve PROFILE prints the profile
// with the files it names read into it (what every client sends a drone), as JSON: Python's load_flow_profile asks it.
#include <iostream>

#include "client/cli/commands.h"
#include "common/files/file_reading.h"
#include "common/files/flow_profile.h"
#include "common/files/flow_profile_files.h"
#include "common/files/json_document.h"

namespace staccato::cli {
namespace {

/// The profile named (`-`: its text on stdin, relative file names from the current folder).
Result<v1::FlowProfile> resolvedProfile(const std::string& name) {
  if (name != "-") return loadFlowProfile(name);
  std::string text;
  char buffer[65536];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount()) {
    text.append(buffer, size_t(std::cin.gcount()));
    if (text.size() > kMaxDataFileBytes)
      return makeError("stdin", "more than " + std::to_string(kMaxDataFileBytes) + " bytes: not a flow profile");
  }
  auto profile = parseResolvedFlowProfile(text, "");
  if (!profile) return profile.error().inFile("stdin");
  return profile;
}

}  // namespace

int flowsCommand(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "run") return flowsRunCommand(args);
  if (args.size() != 2 || (args[0] != "check" && args[0] != "resolve"))
    return fail("usage: staccato-cli flows check PROFILE | flows resolve PROFILE|- | flows run PROFILE --client PORT --server PORT ...",
                2);
  auto profile = resolvedProfile(args[1]);
  if (!profile) return fail(profile.error().toString(), 2);
  std::cout << (args[0] == "check" ? flowProfileText(*profile) : messageToPrettyJson(*profile));
  return 0;
}

}  // namespace staccato::cli
