#include "client/core/flows/flow_search_file.h"

#include <google/protobuf/util/json_util.h>

#include "common/core/iso_time.h"
#include "common/files/file_reading.h"
#include "common/files/json_document.h"

namespace staccato::client {
namespace {

using google::protobuf::Value;

const Value* member(const Value& object, const std::string& name) {
  if (!object.has_struct_value()) return nullptr;
  const auto& fields = object.struct_value().fields();
  const auto it = fields.find(name);
  return it == fields.end() ? nullptr : &it->second;
}

Result<double> number(const Value& object, const std::string& name, const std::string& at, bool required = true) {
  const Value* v = member(object, name);
  if (!v) return required ? Result<double>(makeError(at + name, "missing")) : Result<double>(0.0);
  if (!v->has_number_value()) return makeError(at + name, "not a number");
  return v->number_value();
}

Result<bool> boolean(const Value& object, const std::string& name, const std::string& at) {
  const Value* v = member(object, name);
  if (!v) return makeError(at + name, "missing");
  if (!v->has_bool_value()) return makeError(at + name, "not true or false");
  return v->bool_value();
}

std::string text(const Value& object, const std::string& name) {
  const Value* v = member(object, name);
  return v && v->has_string_value() ? v->string_value() : "";
}

int64_t time(const Value& object, const std::string& name) {
  int64_t ns = 0;
  return parseIsoTime(text(object, name), ns) ? ns : 0;
}

/// A member holding a message in protobuf's JSON mapping (names as the proto's).
Status message(const Value& object, const std::string& name, const std::string& at, google::protobuf::Message& out) {
  const Value* v = member(object, name);
  if (!v) return makeError(at + name, "missing");
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(*v, &json).ok()) return makeError(at + name, "not JSON");
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;  // a newer drone's numbers: what this client knows is read
  if (auto s = google::protobuf::util::JsonStringToMessage(json, &out, options); !s.ok())
    return makeError(at + name, std::string(s.message()));
  return Ok{};
}

}  // namespace

Result<FlowSearchRun> parseFlowSearchJson(std::string_view json) {
  auto root = parseJsonValue(json, "RFC 9411 result");
  if (!root) return root.error();
  FlowSearchRun run;
  const std::string search = text(*root, "search");
  if (search != "rate" && search != "concurrent") return makeError("search", "'" + search + "' is not rate or concurrent");
  run.byRate = search == "rate";
  if (auto s = message(*root, "profile", "", run.profile); !s) return s.error();
  FlowSearchResult& r = run.result;
  auto found = number(*root, "found", "");
  auto atLeast = boolean(*root, "at_least", "");
  auto complete = boolean(*root, "complete", "");
  if (!found) return found.error();
  if (!atLeast) return atLeast.error();
  if (!complete) return complete.error();
  r.found = *found, r.atLeast = *atLeast, r.complete = *complete;
  r.why = text(*root, "why");
  const Value none;
  const Value& criteria = member(*root, "criteria") ? *member(*root, "criteria") : none;
  const Value& settings = member(*root, "settings") ? *member(*root, "settings") : none;
  auto ratio = number(criteria, "max_failure_ratio", "criteria.", false);
  auto latency = number(criteria, "max_latency_ms", "criteria.", false);
  auto low = number(settings, "low", "settings.", false);
  auto high = number(settings, "high", "settings.", false);
  auto resolution = number(settings, "resolution_pct", "settings.", false);
  for (const auto* n : {&ratio, &latency, &low, &high, &resolution})
    if (!*n) return n->error();
  run.criteria = {*ratio, uint64_t(*latency * 1e6)};
  run.settings.low = *low, run.settings.high = *high;
  if (*resolution > 0) run.settings.resolution = *resolution / 100;
  run.clientPort = text(*root, "client_port"), run.serverPort = text(*root, "server_port");
  run.generator = text(*root, "generator");
  run.startNs = time(*root, "start"), run.endNs = time(*root, "end");
  const Value* trials = member(*root, "trials");
  if (!trials || !trials->has_list_value()) return makeError("trials", "missing, or not a list");
  for (int i = 0; i < trials->list_value().values_size(); ++i) {
    const Value& t = trials->list_value().values(i);
    const std::string at = "trials[" + std::to_string(i) + "].";
    FlowSearchTrial trial;
    auto load = number(t, "load", at);
    auto passed = boolean(t, "passed", at);
    auto limited = boolean(t, "tester_limited", at);
    if (!load) return load.error();
    if (!passed) return passed.error();
    if (!limited) return limited.error();
    trial.load = *load, trial.outcome.passed = *passed, trial.outcome.testerLimited = *limited;
    trial.outcome.why = text(t, "why");
    const Value* stopped = member(t, "stopped");
    trial.outcome.stopped = stopped && stopped->bool_value();
    trial.outcome.startNs = time(t, "start"), trial.outcome.endNs = time(t, "end");
    if (member(t, "client")) {
      v1::PortFlows client;
      if (auto s = message(t, "client", at, client); !s) return s.error();
      trial.outcome.client = std::move(client);
    }
    r.trials.push_back(std::move(trial));
  }
  return run;
}

Result<FlowSearchRun> readFlowSearchFile(const std::string& path) {
  auto text = readTextFile(path, kMaxDataFileBytes);
  if (!text) return text.error();
  auto run = parseFlowSearchJson(*text);
  if (!run) return run.error().withPrefix(path);
  return run;
}

bool isFlowSearchJson(std::string_view json) {
  auto root = parseJsonValue(json, "result");
  return root && member(*root, "search") && member(*root, "found") && member(*root, "trials") && !member(*root, "format");
}

}  // namespace staccato::client
