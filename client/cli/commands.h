#pragma once
/// staccato-cli subcommands. Each returns the process exit code.
#include <string>
#include <vector>

namespace staccato::cli {

int buildCommand(const std::vector<std::string>& args);
int importCommand(const std::vector<std::string>& args);
int exportCommand(const std::vector<std::string>& args);
int protocolsCommand(const std::vector<std::string>& args);
int portsCommand(const std::vector<std::string>& args);
int configureCommand(const std::vector<std::string>& args);
int statsCommand(const std::vector<std::string>& args);
int watchCommand(const std::vector<std::string>& args);
int runCommand(const std::vector<std::string>& args);
int loadCommand(const std::vector<std::string>& args);
int streamsCommand(const std::vector<std::string>& args);
int sessionCommand(const std::vector<std::string>& args);
/// capture PORT start|stop|status|fetch
int captureCommand(const std::vector<std::string>& args);
/// devices PORT add|list|clear; neighbors PORT [--resolve]: emulated hosts.
int devicesCommand(const std::vector<std::string>& args);
int neighborsCommand(const std::vector<std::string>& args);
/// rate PORT --scale X | --stream ID --pps N|--load PCT|--bps N: live rate change.
int rateCommand(const std::vector<std::string>& args);
/// fleet show|status [--json]: the fleet file, and each of its drones' state.
int fleetCommand(const std::vector<std::string>& args);
/// benchmark rfc2544|calibrate: RFC 2544 / NDR-PDR benchmarks and the generator's calibration.
int benchmarkCommand(const std::vector<std::string>& args);
/// flows check PROFILE | flows run PROFILE --client PORT --server PORT: stateful flows (docs/flows.md).
int flowsCommand(const std::vector<std::string>& args);
int flowsRunCommand(const std::vector<std::string>& args);
/// benchmark y1564 --config FILE --tx PORT --rx PORT: ITU-T Y.1564 service activation.
int y1564Command(const std::vector<std::string>& args);
/// benchmark rfc2889 caching|learning ...: RFC 2889 address caching capacity and learning rate.
int rfc2889Command(const std::vector<std::string>& args);
/// benchmark rfc9411 PROFILE --client PORT --server PORT: RFC 9411's rate or concurrency search over flow runs.
int rfc9411Command(const std::vector<std::string>& args);
/// benchmark report RESULT.json for an rfc9411 --json file: its answer, and the reports asked for
/// (--report, --junit, --csv; --json copies it) rendered again from it.
int renderFlowSearchReports(const std::string& resultPath, const std::string& html, const std::string& json,
                            const std::string& junit, const std::string& csv);
/// start / stop / clear / reserve / release PORT...
int portActionCommand(const std::string& action, const std::vector<std::string>& args);

/// Prints "staccato-cli: <message>" to stderr and returns 1 (or `code`).
int fail(const std::string& message, int code = 1);

}  // namespace staccato::cli
