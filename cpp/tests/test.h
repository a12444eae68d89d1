// A small test framework for the native unit tests: TEST(suite, name) defines a test, CHECK(c)
// and CHECK_EQ(a, b) record a failure and go on, REQUIRE(c) ends the test. test_main.cc runs
// the tests whose suite is named on the command line (all without one), prints each failure
// with its file and line, and returns 1 if any failed. No dependency beyond the compiler.
#pragma once

#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace tricktaker::testing {

struct TestCase {
  const char* suite;
  const char* name;
  std::function<void()> body;
};

inline std::vector<TestCase>& registry() {
  static std::vector<TestCase> tests;
  return tests;
}

// Failures of the test that is running.
inline int& failures() {
  static int count = 0;
  return count;
}

struct Registrar {
  Registrar(const char* suite, const char* name, std::function<void()> body) {
    registry().push_back(TestCase{suite, name, std::move(body)});
  }
};

// Thrown by REQUIRE to end a test whose later checks would be meaningless.
struct RequireFailed {};

inline void report(const char* file, int line, const std::string& what) {
  ++failures();
  std::printf("    %s:%d: %s\n", file, line, what.c_str());
}

template <class A, class B>
void check_eq(const A& a, const B& b, const char* expr_a, const char* expr_b, const char* file,
              int line) {
  if (a == b) return;
  std::ostringstream out;
  out << "CHECK_EQ(" << expr_a << ", " << expr_b << "): " << +a << " != " << +b;
  report(file, line, out.str());
}

}  // namespace tricktaker::testing

#define TT_CONCAT2(a, b) a##b
#define TT_CONCAT(a, b) TT_CONCAT2(a, b)

#define TEST(suite, name)                                                        \
  static void TT_CONCAT(test_, TT_CONCAT(suite, TT_CONCAT(_, name)))();          \
  static const ::tricktaker::testing::Registrar TT_CONCAT(registrar_, __LINE__)( \
      #suite, #name, &TT_CONCAT(test_, TT_CONCAT(suite, TT_CONCAT(_, name))));   \
  static void TT_CONCAT(test_, TT_CONCAT(suite, TT_CONCAT(_, name)))()

#define CHECK(cond) \
  ((cond) ? (void)0 : ::tricktaker::testing::report(__FILE__, __LINE__, "CHECK(" #cond ")"))

#define CHECK_EQ(a, b) ::tricktaker::testing::check_eq((a), (b), #a, #b, __FILE__, __LINE__)

#define REQUIRE(cond)                                                          \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ::tricktaker::testing::report(__FILE__, __LINE__, "REQUIRE(" #cond ")"); \
      throw ::tricktaker::testing::RequireFailed{};                            \
    }                                                                          \
  } while (0)

// The statement must throw an exception of the given type.
#define CHECK_THROWS(statement, type)                                           \
  do {                                                                          \
    bool thrown = false;                                                        \
    try {                                                                       \
      statement;                                                                \
    } catch (const type&) {                                                     \
      thrown = true;                                                            \
    }                                                                           \
    if (!thrown)                                                                \
      ::tricktaker::testing::report(__FILE__, __LINE__,                         \
                                    "CHECK_THROWS(" #statement ", " #type ")"); \
  } while (0)
