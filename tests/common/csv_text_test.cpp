// CSV cells: RFC 4180 quoting, and text a spreadsheet would run as a formula made inert.
#include "common/core/csv_text.h"

#include <gtest/gtest.h>

namespace staccato {
namespace {

TEST(CsvText, QuotesWhatNeedsQuoting) {
  EXPECT_EQ(csvCell("fake0"), "fake0");
  EXPECT_EQ(csvCell("a,b"), "\"a,b\"");
  EXPECT_EQ(csvCell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csvCell("two\nlines"), "\"two\nlines\"");
}

TEST(CsvText, FormulasBecomeTextNumbersStayNumbers) {
  EXPECT_EQ(csvCell("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
  for (const char* formula : {"+1+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx", "=1"})
    EXPECT_EQ(csvCell(formula).find('\''), csvCell(formula)[0] == '"' ? 1u : 0u) << formula;
  for (const char* number : {"-1.5", "+2", "-0", "1e3", "-4.25e-3"}) EXPECT_EQ(csvCell(number), number);
  EXPECT_EQ(csvCell("-inf"), "'-inf");
  EXPECT_EQ(csvCell(""), "");
}

}  // namespace
}  // namespace staccato
