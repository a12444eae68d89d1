#!/usr/bin/env bash
# Builds the core with AddressSanitizer and UndefinedBehaviorSanitizer (cmake
# -DTRICKTAKER_SANITIZE=ON) into build/sanitize, then runs under them the native tests and the
# Python tests of the solver, the play state, the playouts and the hardening against untrusted
# input. Each step is bounded by a timeout (about five minutes in all on two cores); any error
# a sanitizer reports ends the run with a non-zero status.
#
#   tools/sanitize.sh [extra pytest arguments]
#
# Needs the development venv (numpy, pytest, hypothesis, pybind11 for the build).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/sanitize
python=$(command -v python)
pybind11_dir=$("$python" -m pybind11 --cmakedir) || {
  echo "sanitize.sh: pybind11 is needed for the build (pip install 'pybind11>=3')" >&2
  exit 2
}

cmake -S . -B "$build" -DSKBUILD=ON -DTRICKTAKER_SANITIZE=ON -DTRICKTAKER_TESTS=ON \
  -DTRICKTAKER_LTO=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -Dpybind11_DIR="$pybind11_dir" -DPython_EXECUTABLE="$python" >/dev/null
cmake --build "$build" -j2

# The sanitizers stop at the first error (halt_on_error; -fno-sanitize-recover for UBSan).
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

timeout 300 ctest --test-dir "$build" --output-on-failure

# A copy of the package with the sanitized module in it, imported ahead of any other.
package="$build/python"
rm -rf "$package"
mkdir -p "$package"
cp -r python/tricktaker "$package/"
find "$package" -name __pycache__ -prune -exec rm -rf {} +
rm -f "$package"/tricktaker/_core*.so
cp "$build"/_core*.so "$package/tricktaker/"

# Python itself is not instrumented: the runtime is preloaded, and leak checks are off (the
# interpreter keeps its objects to the end). The C++ runtime is preloaded beside it: the
# sanitizer's hook on thrown exceptions must find it at start-up, or the first exception the
# module throws crashes the interpreter.
cxx=${CXX:-c++}
preload="$("$cxx" -print-file-name=libasan.so) $("$cxx" -print-file-name=libstdc++.so)"
PYTHONPATH="$package" LD_PRELOAD="$preload" timeout 900 "$python" -m pytest \
  -p no:cacheprovider -q -x \
  tests/test_hardening_core.py tests/test_solver.py tests/test_play_engine.py \
  tests/test_playouts.py tests/test_sampling_core.py "$@"
