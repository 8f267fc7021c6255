#include "client/core/benchmark/frame_loss_test.h"

#include <cmath>

#include "client/core/benchmark/trial_verdict.h"

namespace staccato::bench {

Result<FrameLossResult> frameLossTest(TrialRunner& runner, const FrameLossSettings& settings) {
  FrameLossResult result;
  unsigned zeroInARow = 0;
  const int steps = int(std::floor(settings.startLoad / settings.step + 1e-9));
  for (int k = 0; k < steps && zeroInARow < settings.zeroLossToStop; ++k) {
    LossStep step;
    step.load = settings.startLoad - k * settings.step;  // not summed: no drift over the steps
    if (step.load > runner.testerCeiling() + 1e-12) {
      step.testerLimited = true;
      step.note = "above this generator's calibration (" + percentText(runner.testerCeiling()) + " of line rate): not run";
      result.steps.push_back(step);
      continue;
    }
    auto r = runner.continuous(step.load, settings.trialSeconds, "loss", percentText(step.load));
    if (!r) return r.error();
    step.offeredLoad = step.load * (r->request.pps > 0 ? r->offeredPps / r->request.pps : 0);
    step.lossRatio = r->lossRatio();
    step.txFrames = r->txFrames;
    step.rxFrames = r->rxFrames;
    step.testerLimited = !r->counted;
    step.note = r->testerLimitReason;
    if (r->counted) zeroInARow = r->lostFrames() == 0 ? zeroInARow + 1 : 0;
    result.steps.push_back(step);
  }
  return result;
}

}  // namespace staccato::bench
