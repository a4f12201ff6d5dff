// The per-step timing table behind JAXLIB_CPU_STEP_TRACE (step_trace.h). Steps are keyed by
// address: a program's steps live as long as the program, and the report describes each step
// when it is first recorded, so a freed program leaves only its summary behind.
#include "backends/cpu/executor/program/step_trace.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

namespace {

struct StepTimes {
  std::string what;  // op name and source location
  int depth = 0;
  std::vector<int64_t> nanos;
};

class StepTable {
 public:
  void Record(const RegionStep& step, int depth, int64_t nanos) {
    std::lock_guard<std::mutex> lock(mu_);
    StepTimes& t = steps_[&step];
    if (t.nanos.empty()) {
      t.depth = depth;
      t.what = Describe(step);
    }
    t.nanos.push_back(nanos);
  }
  ~StepTable() { Print(); }

 private:
  static std::string Describe(const RegionStep& step) {
    if (!step.op) return "?";
    const compiler::Op& op = *step.op;
    std::string s = compiler::OpDescription(op);
    if (op.kind == compiler::OpKind::kFusion && !op.regions.empty())
      s += " (" + std::to_string(op.regions[0]->ops.size()) + " ops)";
    return s;
  }
  void Print() {
    std::vector<const StepTimes*> rows;
    for (const auto& [step, t] : steps_) rows.push_back(&t);
    if (rows.empty()) return;
    auto total = [](const StepTimes* t) {
      int64_t s = 0;
      for (int64_t n : t->nanos) s += n;
      return s;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const StepTimes* a, const StepTimes* b) { return total(a) > total(b); });
    std::fprintf(stderr, "jaxlib-cpu step trace: %8s %10s %10s  step (depth: regions nested; outer steps include inner ones)\n",
                 "runs", "total ms", "median us");
    for (const StepTimes* t : rows) {
      std::vector<int64_t> v = t->nanos;
      std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
      std::fprintf(stderr, "jaxlib-cpu step trace: %8zu %10.3f %10.1f  %*s%s\n", t->nanos.size(),
                   static_cast<double>(total(t)) * 1e-6, static_cast<double>(v[v.size() / 2]) * 1e-3, 2 * t->depth, "",
                   t->what.c_str());
    }
  }

  std::mutex mu_;
  std::map<const RegionStep*, StepTimes> steps_;
};

StepTable& Table() {
  static StepTable table;  // printed when static objects are destroyed at exit
  return table;
}

}  // namespace

bool StepTraceEnabled() {
  static const bool on = [] {
    const char* v = std::getenv("JAXLIB_CPU_STEP_TRACE");
    if (!v || !*v || std::string(v) == "0") return false;
    Table();  // constructed before any step can be recorded, so destroyed after them
    return true;
  }();
  return on;
}

void RecordStepTime(const RegionStep& step, int depth, int64_t nanos) { Table().Record(step, depth, nanos); }

}  // namespace jaxlib::cpu
