#include "client/core/benchmark/y1564_json.h"

#include "client/core/benchmark/json_file.h"
#include "client/core/benchmark/y1564_fields.h"

namespace staccato::bench {

Result<Y1564Config> parseY1564Config(std::string_view json) {
  return parseFile<Y1564Config>(json, kY1564Format, "Staccato Y.1564 config", 0);
}

std::string y1564ConfigJson(const Y1564Config& config) { return fileJson(kY1564Format, 0, config); }

std::string y1564ConfigSchema() {
  return fileSchema<Y1564Config>("Staccato Y.1564 config", kY1564Format, {"format", "services"});
}

}  // namespace staccato::bench
