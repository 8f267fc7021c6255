#include "client/core/benchmark/rfc2889_address_result.h"

#include "client/core/benchmark/rfc2889_result_file.h"
#include "common/core/si_units.h"

namespace staccato::bench {

std::string Rfc2889AddressResult::answer() const {
  std::string value;
  if (cachingSettings) {
    value = (caching.atLeast ? "at least " : "") + std::to_string(caching.capacity) + " addresses";
  } else {
    value = learning.ratePps > 0 ? (learning.atLeast ? "at least " : "") + formatSi(learning.ratePps, "fps")
                                 : "none: not every address was learned even at " +
                                       formatSi(learningSettings ? learningSettings->minPps : 0, "fps");
  }
  return answerOf(search().trials.empty() ? "" : value, error, search().complete, search().note);
}

std::string rfc2889ResultJson(const Rfc2889AddressResult& r) {
  JsonWriter w;
  beginRfc2889Result(w, r.generator, r.cachingSettings ? "address_caching_capacity" : "address_learning_rate", r.startNs,
                     r.endNs);
  w.beginObject("ports");
  w.add("learning", r.learningPort);
  w.add("test", r.testPort);
  w.add("monitor", r.monitorPort);
  w.endObject();
  w.beginObject("settings");
  w.add("aging_seconds", r.agingSeconds);
  w.add("test_rate_fps", r.testPps);
  if (r.cachingSettings) {
    w.add("max_addresses", r.cachingSettings->maxAddresses);
    w.add("resolution", r.cachingSettings->resolution);
    w.add("learning_rate_fps", r.cachingSettings->learningPps);
  }
  if (r.learningSettings) {
    w.add("addresses", r.learningSettings->addresses);
    w.add("min_rate_fps", r.learningSettings->minPps);
    w.add("max_rate_fps", r.learningSettings->maxPps);
    w.add("resolution", r.learningSettings->resolution);
  }
  w.endObject();
  w.beginObject("result");
  w.add("complete", r.complete());
  w.add("at_least", r.search().atLeast);
  if (r.cachingSettings) w.add("capacity_addresses", r.caching.capacity);
  else w.add("learning_rate_fps", r.learning.ratePps);
  w.add("answer", r.answer());
  w.add("note", r.search().note);
  w.add("error", r.error);
  w.endObject();
  w.beginArray("trials");
  for (const AddressTrial& t : r.search().trials) {
    w.beginObject();
    w.add("addresses", t.addresses);
    w.add("asked_rate_fps", t.askedPps);
    w.add("learning_rate_fps", t.learningPps);
    w.add("learning_sent", t.learningSent);
    w.add("test_sent", t.testSent);
    w.add("forwarded", t.forwarded);
    w.add("flooded", t.flooded);
    w.add("judged", t.judged());
    w.add("passed", t.passed());
    w.add("tester_note", t.testerNote);
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.text() + "\n";
}

}  // namespace staccato::bench
