// Runs the native unit tests: `tricktaker_tests [suite...]`, every suite without arguments.
#include <cstdio>
#include <cstring>
#include <exception>

#include "test.h"

int main(int argc, char** argv) {
  using namespace tricktaker::testing;
  int run = 0, failed = 0;
  for (const TestCase& t : registry()) {
    bool wanted = argc == 1;
    for (int i = 1; i < argc; ++i) wanted = wanted || std::strcmp(argv[i], t.suite) == 0;
    if (!wanted) continue;
    ++run;
    failures() = 0;
    try {
      t.body();
    } catch (const RequireFailed&) {
    } catch (const std::exception& e) {
      report("(test)", 0, std::string("unexpected exception: ") + e.what());
    }
    std::printf("%s %s.%s\n", failures() ? "FAIL" : "ok  ", t.suite, t.name);
    if (failures()) ++failed;
  }
  std::printf("%d tests, %d failed\n", run, failed);
  if (run == 0) std::printf("no test matched\n");
  return failed == 0 && run > 0 ? 0 : 1;
}
