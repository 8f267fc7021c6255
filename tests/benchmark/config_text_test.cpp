// Settings typed as text (client/core/benchmark/config_text): the one reading the CLI's options
// and the GUI Benchmark page's fields share.
#include "client/core/benchmark/config_text.h"

#include <gtest/gtest.h>

#include <limits>

namespace staccato::bench {
namespace {

TEST(ConfigText, ADecimalIsAllOfTheTextAndInItsRange) {
  EXPECT_EQ(*parseDecimal("2.5", 0, 10), 2.5);
  EXPECT_EQ(*parseDecimal("0", 0, 10), 0);
  EXPECT_EQ(parseDecimal("0", 0, 10, true).error().message, "'0' is not a number in (0, 10]");
  EXPECT_EQ(parseDecimal("10.5", 0, 10).error().message, "'10.5' is not a number in [0, 10]");
  for (const char* bad : {"", "2s", "nan", "inf", "-1", "1e999"})
    EXPECT_FALSE(parseDecimal(bad, 0, 10)) << bad;
  // Unbounded above: the range says so (the CLI's rates and scales, which the drone bounds).
  EXPECT_EQ(parseDecimal("0", 0, std::numeric_limits<double>::infinity(), true).error().message, "'0' is not a number above 0");
  EXPECT_EQ(parseDecimal("-1", 0).error().message, "'-1' is not a number of at least 0");
  EXPECT_FALSE(parseDecimal("inf", 0));
}

TEST(ConfigText, LossGoalsAreNamedByTheirLossLowestFirst) {
  auto one = parseLossGoals("0, 0.5");
  ASSERT_TRUE(one) << one.error().toString();
  ASSERT_EQ(one->size(), 2u);
  EXPECT_EQ((*one)[0].name, "NDR");
  EXPECT_EQ((*one)[0].lossRatio, 0);
  EXPECT_EQ((*one)[1].name, "PDR");
  EXPECT_DOUBLE_EQ((*one)[1].lossRatio, 0.005);
  auto several = parseLossGoals("1 0.1;0");
  ASSERT_TRUE(several);
  ASSERT_EQ(several->size(), 3u);
  EXPECT_EQ((*several)[0].name, "NDR");
  EXPECT_EQ((*several)[1].name, "PDR 0.1 %");
  EXPECT_EQ((*several)[2].name, "PDR 1 %");
  EXPECT_EQ(parseLossGoals("0,0.5")->size(), 2u);  // the CLI's spelling
  EXPECT_TRUE(parseLossGoals("0, 50"));
}

TEST(ConfigText, LossGoalsOutOfRangeRepeatedOrMissingSayWhatToFix) {
  EXPECT_EQ(parseLossGoals("0, 51").error().message, "'51' is not a number in [0, 50] (a loss in percent)");
  EXPECT_EQ(parseLossGoals("half").error().message, "'half' is not a number in [0, 50] (a loss in percent)");
  EXPECT_EQ(parseLossGoals("nan").error().message, "'nan' is not a number in [0, 50] (a loss in percent)");
  EXPECT_EQ(parseLossGoals("0,;x").error().message, "'x' is not a number in [0, 50] (a loss in percent)");
  EXPECT_EQ(parseLossGoals("0.5 0.50").error().message, "'0.50' is named twice");
  EXPECT_EQ(parseLossGoals(" ").error().message, "give at least one loss in percent, e.g. 0 for NDR");
  EXPECT_EQ(parseLossGoals("x").error().path, "");  // the caller names its option or field
}

TEST(ConfigText, FrameSizesByCommasOrSpacesKeepACustomMixWhole) {
  auto sizes = parseFrameSizeList("64,128  imix imix:64x7,1518x1");
  ASSERT_TRUE(sizes) << sizes.error().toString();
  ASSERT_EQ(sizes->size(), 4u);
  EXPECT_EQ((*sizes)[1], FrameSize::fixed(128));
  EXPECT_EQ((*sizes)[2], FrameSize::imix());
  EXPECT_EQ((*sizes)[3].label(), "imix:64x7,1518x1");
  // The CLI's spelling: commas only, a mix followed by more sizes, or by the default mix.
  auto cli = parseFrameSizeList("64,imix:64x7,1518x1,512,imix");
  ASSERT_TRUE(cli) << cli.error().toString();
  ASSERT_EQ(cli->size(), 4u);
  EXPECT_EQ((*cli)[1].label(), "imix:64x7,1518x1");
  EXPECT_EQ((*cli)[2], FrameSize::fixed(512));
  EXPECT_EQ((*cli)[3], FrameSize::imix());
  EXPECT_EQ(parseFrameSizeList("imix:64x7,594x4,1518x1")->front(), FrameSize::imix());
}

TEST(ConfigText, FrameSizesOutOfRangeRepeatedOrMissingSayWhatToFix) {
  EXPECT_EQ(parseFrameSizeList("64 12").error().message,
            "'12': frame size 12 is out of range (allowed 64..16384, FCS included)");
  EXPECT_EQ(parseFrameSizeList("64 128,64").error().message, "'64' is named twice");
  EXPECT_EQ(parseFrameSizeList("64, 128,")->size(), 2u);  // a run of separators is one
  EXPECT_EQ(parseFrameSizeList(" ; ").error().message, "give at least one frame size, e.g. 64,512,1518 or imix");
}

TEST(ConfigText, TrialSecondsSetEveryFullLengthTrialAndKeepTheSearchConsistent) {
  BenchmarkConfig c;
  c.search.initialTrialSeconds = 1;
  c.search.durationSum = 0;
  setTrialSeconds(c, 0.5);
  EXPECT_EQ(c.search.trialSeconds, 0.5);
  EXPECT_EQ(c.latency.trialSeconds, 0.5);
  EXPECT_EQ(c.frameLoss.trialSeconds, 0.5);
  EXPECT_EQ(c.search.initialTrialSeconds, 0.5);  // no longer than the full trials
  EXPECT_EQ(c.search.durationSum, 0);            // unset stays unset
  c.search.durationSum = 20;
  setTrialSeconds(c, 60);
  EXPECT_EQ(c.search.initialTrialSeconds, 0.5);
  EXPECT_EQ(c.search.durationSum, 60);  // at least one full trial
}

TEST(ConfigText, APrecisionIsRelativeAlone) {
  BenchmarkConfig c;
  c.search.absolutePrecision = 0.001;
  setRelativePrecision(c, 0.02);
  EXPECT_EQ(c.search.relativePrecision, 0.02);
  EXPECT_EQ(c.search.absolutePrecision, 0);
}

}  // namespace
}  // namespace staccato::bench
