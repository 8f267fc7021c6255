// The logger's structured forms (common/core/log.h): a JSON line per message with the fields
// as members, every string escaped; journald's native record with STACCATO_ fields, a value
// holding a newline in the binary form.
#include <gtest/gtest.h>

#include "common/core/log.h"

namespace staccato::log {
namespace {

TEST(LogFormat, AJsonLineHoldsTheMessageAndItsFields) {
  EXPECT_EQ(jsonLine("staccato-drone", Level::kInfo, "request 5f-1: \"va\" failed", {{"request_id", "5f-1"}, {"method", "/x/Y"}},
                     1'764'403'200'000'000'007),
            "{\"time\":\"2025-11-29T08:00:00.000000007Z\",\"level\":\"info\",\"program\":\"staccato-drone\","
            "\"message\":\"request 5f-1: \\\"va\\\" failed\",\"request_id\":\"5f-1\",\"method\":\"/x/Y\"}");
}

TEST(LogFormat, AJournalRecordNamesItsFieldsAndKeepsNewlines) {
  const std::string r = journalRecord("staccato-drone", Level::kWarning, "two\nlines", {{"request_id", "5f-1"}});
  const std::string binary = std::string("MESSAGE\n") + char(9) + std::string(7, '\0') + "two\nlines\n";
  EXPECT_EQ(r, binary + "PRIORITY=4\nSYSLOG_IDENTIFIER=staccato-drone\nSTACCATO_REQUEST_ID=5f-1\n");
}

}  // namespace
}  // namespace staccato::log
