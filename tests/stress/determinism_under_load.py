#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The determinism tests, again and again, with busy loops competing for the cores.

Why: which events run safely, which speculatively and which roll back depends on how the
operating system schedules the ranks. A determinism test that needs rollbacks used to see none
when the cores were oversubscribed (determinism_phold_safe_remote failed 2 runs of 3 with two
busy loops beside it), so the tests now force rollbacks deterministically. This script shows
that they pass whatever the load: it starts --busy processes that spin (nice 0, like a
colleague's job), runs the ctest tests matching --regex --passes times in a row, and stops at
the first failing pass unless --keep-going. By hand, after engine changes:

    /usr/bin/python3 tests/stress/determinism_under_load.py --build build --passes 10 --busy 2

Prints one line per pass (passed/failed, tests, wall seconds, the load average) and a summary;
writes the failing pass's ctest output to --log-dir. Exit status 0 when every pass passed, 1 when
one failed, 2 on bad arguments.
"""
import argparse
import multiprocessing
import os
import subprocess
import sys
import time

ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def spin():
    """A busy loop: the competing job."""
    while True:
        pass


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build", help="the CMake build directory")
    parser.add_argument("--passes", type=int, default=10, help="passes of the whole set (>= 1)")
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside the tests (>= 0)")
    parser.add_argument("--regex", default="^determinism_",
                        help="ctest -R expression selecting the tests")
    parser.add_argument("--jobs", type=int, default=1, help="ctest -j (>= 1)")
    parser.add_argument("--log-dir", default=".", help="where a failing pass's output goes")
    parser.add_argument("--keep-going", action="store_true", help="run every pass")
    args = parser.parse_args()
    if args.passes < 1 or args.busy < 0 or args.jobs < 1:
        parser.error(f"--passes {args.passes} (>= 1), --busy {args.busy} (>= 0), "
                     f"--jobs {args.jobs} (>= 1): a value is out of range")
    if not os.path.isfile(os.path.join(args.build, "CTestTestfile.cmake")):
        parser.error(f"--build {args.build}: not a CMake build directory (no CTestTestfile.cmake)")
    return args


def count_tests(build, regex):
    listing = subprocess.run(["ctest", "-N", "-R", regex], cwd=build, capture_output=True,
                             text=True, check=True).stdout
    for line in listing.splitlines():
        if line.startswith("Total Tests:"):
            return int(line.split(":")[1])
    raise RuntimeError(f"ctest -N printed no 'Total Tests:' line in {build}")


def main():
    args = parse_args()
    tests = count_tests(args.build, args.regex)
    if tests == 0:
        print(f"--regex {args.regex!r} selects no test in {args.build}", file=sys.stderr)
        return 2
    loops = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for loop in loops:
        loop.start()
    failed = []
    try:
        for number in range(1, args.passes + 1):
            start = time.monotonic()
            done = subprocess.run(["ctest", "-R", args.regex, "-j", str(args.jobs),
                                   "--timeout", "600", "--output-on-failure"],
                                  cwd=args.build, capture_output=True, text=True, env=ENV)
            seconds = time.monotonic() - start
            verdict = "passed" if done.returncode == 0 else "FAILED"
            print(f"pass {number}/{args.passes}: {verdict}, {tests} tests, {seconds:.0f} s, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
            if done.returncode != 0:
                log = os.path.join(args.log_dir, f"determinism_under_load_pass{number}.log")
                with open(log, "w") as out:
                    out.write(done.stdout + done.stderr)
                print(f"  ctest output: {log}", flush=True)
                failed.append(number)
                if not args.keep_going:
                    break
    finally:
        for loop in loops:
            loop.terminate()
    ran = number
    print(f"{ran - len(failed)} of {ran} passes passed with {args.busy} busy loops"
          + (f"; failed: {failed}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
