#include "client/core/benchmark/y1564_json.h"

#include "client/core/benchmark/json_fields.h"

namespace staccato::bench {

template <class V>
void fields(V& v, AcceptanceCriteria& a) {
  v("ftd_ms", a.maxFtdMs);
  v("fdv_ms", a.maxFdvMs);
  v("flr", a.maxFlr);
  v("avail", a.minAvail);
}

template <class V>
void fields(V& v, Y1564Service& s) {
  v("name", s.name);
  v("frame_size", s.frameSize);
  v("vlan", s.vlan);
  v("pcp", s.pcp);
  v("dscp", s.dscp);
  v("cir_mbps", s.cirMbps);
  v("eir_mbps", s.eirMbps);
  v("cbs_bytes", s.cbsBytes);
  v("ebs_bytes", s.ebsBytes);
  v("colour", s.colour);
  v("yellow_mark", s.yellowMark);
  v("sac", s.sac);
}

template <class V>
void fields(V& v, Y1564Config& c) {
  v("services", c.services);
  v("cir_steps", c.cirSteps);
  v("step_seconds", c.stepSeconds);
  v("performance_seconds", c.performanceSeconds);
  v("ses_loss_ratio", c.sesLossRatio);
  v("rate_tolerance", c.rateTolerance);
}

Result<Y1564Config> parseY1564Config(std::string_view json) {
  auto in = JsonIn::parse(json);
  if (!in) return in.error();
  if ((*in)["format"].text() != kY1564Format)
    return makeError("format", "not a Staccato Y.1564 config (expected \"" + std::string(kY1564Format) + "\")");
  Y1564Config c;
  FieldReader::get(*in, c);
  if (auto s = in->status(); !s) return s.error();
  return c;
}

std::string y1564ConfigJson(const Y1564Config& config) {
  JsonWriter w;
  w.beginObject();
  w.add("format", kY1564Format);
  FieldWriter fw(w);
  fields(fw, const_cast<Y1564Config&>(config));  // the walk takes parts by reference; writing changes nothing
  w.endObject();
  return w.text();
}

std::string y1564ConfigSchema() {
  return fileSchema<Y1564Config>("Staccato Y.1564 config", kY1564Format, {"format", "services"});
}

}  // namespace staccato::bench
