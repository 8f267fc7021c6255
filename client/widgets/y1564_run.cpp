#include "client/widgets/y1564_run.h"

namespace staccato::client {

Y1564Run::Y1564Run(QObject* parent) : WorkerRun(parent) {}

bool Y1564Run::start(const bench::Y1564Config& config, bench::Y1564Tests tests, Y1564ExecutorFactory::Opener open,
                     std::string generator, std::string ports) {
  if (running() || !open) return false;
  result_ = {};
  result_.generator = generator;
  result_.ports = ports;
  result_.config = config;
  progress_ = {};
  seconds_ = {};
  seconds_.config = config;
  seconds_.performance.resize(config.services.size());
  // The job opens and owns the executor (so it ends on the worker too); everything it finds is
  // posted to this object's thread, where result_, progress_ and seconds_ are kept.
  return launch([this, config, tests, open, generator, ports](StopRequested stopRequested) {
    auto finish = [&](bench::Y1564Result r) {
      r.generator = generator;
      r.ports = ports;
      post([this, r = std::move(r)]() mutable {
        result_ = std::move(r);
        end();
      });
    };
    auto opened = open();
    if (!opened) {
      bench::Y1564Result r;
      r.config = config;
      r.error = "cannot open the ports: " + opened.error().toString();
      return finish(std::move(r));
    }
    Y1564Progress plan;
    if (tests != bench::Y1564Tests::kPerformance) plan.plan = bench::configurationSteps(config, opened->lineRateBps);
    if (tests != bench::Y1564Tests::kConfiguration) plan.performanceSeconds = config.performanceSeconds;
    post([this, plan, lineRate = opened->lineRateBps] {
      progress_ = plan;
      result_.lineRateBps = lineRate;
      emit this->opened();
    });
    bench::Y1564Hooks hooks;
    hooks.stopRequested = stopRequested;
    hooks.stepDone = [this](const bench::Y1564StepResult& s) {
      post([this, s] {
        result_.configuration.push_back(s);
        progress_.stepsDone = result_.configuration.size();
        emit stepDone();
      });
    };
    hooks.secondDone = [this](uint32_t second, const std::vector<bench::SecondCounts>& perService) {
      post([this, second, perService] {
        progress_.secondsDone = second + 1;
        for (size_t i = 0; i < perService.size() && i < seconds_.performance.size(); ++i)
          seconds_.performance[i].perSecond.push_back(perService[i]);
        emit secondDone();
      });
    };
    bench::Y1564Result r = bench::runY1564(config, opened->lineRateBps, *opened->executor, hooks, tests);
    opened->executor.reset();  // ends its ports' traffic here, before the GUI hears the run ended
    finish(std::move(r));
  });
}

}  // namespace staccato::client
