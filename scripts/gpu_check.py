#!/usr/bin/env python3
"""Run the end-to-end suite on a GPU machine that has no MLIR.

The device machine has a GPU, Python and NumPy but no LLVM/MLIR, so the
programs are compiled here and run there:

  scripts/gpu_check.py prepare [BUILD_DIR] [--only REGEX] [--arrayc-flag F]...
                                             compile every end-to-end program
                                             (test/Integration with CUDA/ and
                                             Generated/, examples) for
                                             --target=cuda into .device/
                                             (with each option F too, e.g.
                                             --arrayc-flag --persistent-loops)
  scripts/gpu_check.py run [OUT_DIR] [--memcheck REGEX] [--env NAME=VALUE]...
                                             on the GPU machine: run them,
                                             compare with NumPy, print a table
                                             and 'N passed, N failed'; the
                                             programs matching REGEX run under
                                             compute-sanitizer memcheck (log
                                             in OUT_DIR, a leak or an error
                                             fails them); --env sets a
                                             variable for every program
                                             (over its DEVICE-ENV lines;
                                             DEVICE-STDERR is not checked
                                             then): ARRAYRT_GRAPHS=0 runs
                                             the suite without graphs; a
                                             program running longer than
                                             GPU_CHECK_TIMEOUT seconds (300)
                                             fails, the run goes on
  scripts/gpu_check.py sanitize OUT_DIR [--tools memcheck,racecheck,initcheck]
                       [--jobs N] [--only REGEX]
                                             on the GPU machine: every staged
                                             program (and DEVICE-CASE run)
                                             once more under each
                                             compute-sanitizer tool, N at a
                                             time; any error report, or an
                                             exit status other than the
                                             normal run's, fails it

A program's expected result is its `// NUMPY:` lines (compared as
test/Integration/numpy_ref.py does) or, for programs that must stop with an
error, a `// DEVICE-EXPECT-ERROR: <text>` line: exit status 1 and <text> on
stderr. `// DEVICE-ENV: NAME=VALUE` lines set the program's environment,
and each `// DEVICE-STDERR: REGEX` line must match its stderr.
`// DEVICE-CASE: FOLDER [NAME=VALUE ...] TEXT` lines run the program once
more in each FOLDER (`.`, or a subfolder the NumPy lines made, as the lit
test's `cd %t.dir/FOLDER` lines do), with those variables set, and expect
exit status 1 and TEXT on stderr there.
.device/ also gets the PTX of each program (checked for `.target sm_90a`),
the runtime's launch smoke test and device probe.
Programs with a `// DEVICE-SKIP: <reason>` line run on the CPU target only
(lit says why), and `prepare --only REGEX` stages the programs whose
`folder/name` matches REGEX.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGE = os.path.join(ROOT, ".device")
SOURCES = ["test/Integration", "test/Integration/CUDA",
           "test/Integration/Generated", "examples"]


# A program that hangs (a kernel waiting forever, say) fails after this
# many seconds instead of stopping the whole run.
TIMEOUT = int(os.environ.get("GPU_CHECK_TIMEOUT", "300"))


def run_bounded(command, **kwargs):
    """subprocess.run with TIMEOUT: on expiry, a result with status -9 and
    the reason in stderr."""
    try:
        return subprocess.run(command, timeout=TIMEOUT, **kwargs)
    except subprocess.TimeoutExpired as expired:
        def text(value):
            if isinstance(value, bytes):
                return value.decode(errors="replace")
            return value or ""
        return subprocess.CompletedProcess(
            command, -9, text(expired.stdout),
            text(expired.stderr) + "timed out after %d s" % TIMEOUT)


def programs():
    for folder in SOURCES:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            path = os.path.join(ROOT, folder, name)
            if not name.endswith(".mlir"):
                continue
            text = open(path).read()
            # Programs compared with NumPy, or expected to stop with an
            # error; lit alone runs the rest (several programs per test).
            compared = "// NUMPY:" in text and (
                "numpy-ref --compare" in text or folder == "examples")
            if "// DEVICE-SKIP:" in text:
                continue
            # Programs over a grid of processes need mpirun: the
            # device-check.sh sharded modes run them.
            if "shard.grid" in text:
                continue
            if compared or "// DEVICE-EXPECT-ERROR:" in text:
                yield folder, name, path, text


def prepare(build, only=None, flags=()):
    arrayc = os.path.join(build, "bin", "arrayc")
    shutil.rmtree(STAGE, ignore_errors=True)
    os.makedirs(os.path.join(STAGE, "bin"))
    manifest = []
    for folder, name, path, text in programs():
        if only and not re.search(only, "%s/%s" % (folder, name)):
            continue
        stem = "%s__%s" % (folder.replace("/", "_"), name[:-len(".mlir")])
        exe = os.path.join(STAGE, "bin", stem)
        ptx = os.path.join(STAGE, "bin", stem + ".ptx")
        entry = {"name": "%s/%s" % (folder, name), "exe": stem}
        compiled = subprocess.run(
            [arrayc, "--target=cuda", *flags, path, "-o", exe],
            capture_output=True, text=True, errors="replace")
        if compiled.returncode != 0:
            # Reported as a failure on the device, not fatal here.
            entry["compile_error"] = compiled.stderr.strip()[:300]
            manifest.append(entry)
            continue
        emitted = subprocess.run(
            [arrayc, "--target=cuda", *flags, "--emit=ptx", path, "-o", ptx],
            capture_output=True, text=True, errors="replace")
        shutil.copy(path, os.path.join(STAGE, "bin", stem + ".mlir"))
        # A program with no kernel (only I/O, say) has no PTX to check:
        # --emit=ptx writes a comment saying so.
        ptx_text = open(ptx).read() if emitted.returncode == 0 else ""
        entry["ptx_sm90a"] = (".target sm_90a" in ptx_text
                              if ".target" in ptx_text else None)
        for line in text.splitlines():
            if line.strip().startswith("// DEVICE-EXPECT-ERROR:"):
                entry["expect_error"] = line.split(":", 1)[1].strip()
            if line.strip().startswith("// DEVICE-STDERR:"):
                entry.setdefault("stderr", []).append(
                    line.split(":", 1)[1].strip())
            if line.strip().startswith("// DEVICE-ENV:"):
                name, value = line.split(":", 1)[1].strip().split("=", 1)
                entry.setdefault("env", {})[name] = value
            if line.strip().startswith("// DEVICE-CASE:"):
                folder, rest = line.split(":", 1)[1].strip().split(" ", 1)
                variables = {}
                while re.match(r"[A-Z_][A-Z0-9_]*=\S* ", rest):
                    assignment, rest = rest.split(" ", 1)
                    name, value = assignment.split("=", 1)
                    variables[name] = value
                entry.setdefault("cases", []).append(
                    [folder, rest, variables])
        manifest.append(entry)
    for tool in ["arrayrt-launch-smoke", "arrayrt-device-info"]:
        shutil.copy(os.path.join(build, "bin", tool),
                    os.path.join(STAGE, "bin"))
    shutil.copy(os.path.join(ROOT, "test", "Integration", "numpy_ref.py"),
                STAGE)
    with open(os.path.join(STAGE, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1)
    print("prepared %d programs in %s" % (len(manifest), STAGE))


def memcheck_command(exe, out_dir, case=""):
    """compute-sanitizer around `exe`, its report in a file of its own (one
    per DEVICE-CASE `case`) so that the program's stdout stays the output
    compared with NumPy."""
    suffix = "-" + case.replace("/", "_").replace(".", "here") if case else ""
    log = os.path.join(out_dir or STAGE, "memcheck-%s%s.txt"
                       % (os.path.basename(exe), suffix))
    return log, ["compute-sanitizer", "--tool", "memcheck",
                 "--error-exitcode", "3",
                 "--log-file", log, exe]


def run_under_memcheck(exe, out_dir, case, env):
    """`exe` under compute-sanitizer memcheck: the sanitizer's log and the
    program's result. compute-sanitizer exits 255 for a program that made
    no CUDA call (an error before any GPU work), whatever the program's
    own status, with a report of 0 errors: such a program is run again
    without it, to judge its own status and output."""
    sanitizer_log, command = memcheck_command(exe, out_dir, case)
    result = run_bounded(command, capture_output=True, text=True,
                            errors="replace", env=env)
    if result.returncode == 255 and sanitizer_errors(sanitizer_log) == 0:
        result = run_bounded([exe], capture_output=True, text=True,
                                errors="replace", env=env)
    return sanitizer_log, result


def memcheck_verdict(log, returncode):
    """Whether a memcheck run was clean (its exit status not memcheck's 3,
    its report summing 0 errors), and the words for the table."""
    count = sanitizer_errors(log)
    if count is None and not os.path.exists(log) and returncode in (0, 1):
        # The tool wrote no report: the program made no CUDA call.
        count = 0
    clean = returncode != 3 and count == 0
    return clean, "; memcheck %s" % ("0 errors" if clean
                                     else "FAILED (%s)" % log)


def expected_error(result, text):
    """Whether `result` stopped as an expected error does (exit status 1,
    `text` on stderr), and the words for the table."""
    return (result.returncode == 1 and text in result.stderr,
            "exit %d: %s" % (result.returncode, result.stderr.strip()[:160]))


def run(out_dir, memcheck=None, overrides=None):
    out_dir = out_dir and os.path.abspath(out_dir)  # programs run elsewhere
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    sys.path.insert(0, STAGE)
    import numpy_ref  # noqa: E402  (staged next to the programs)

    bin_dir = os.path.join(STAGE, "bin")
    log = []
    passed = failed = 0

    def record(name, ok, detail, seconds):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        log.append("%-4s %-45s %6.2fs %s" % ("PASS" if ok else "FAIL", name,
                                             seconds, detail))

    for tool in ["arrayrt-device-info", "arrayrt-launch-smoke"]:
        start = time.time()
        result = subprocess.run([os.path.join(bin_dir, tool)],
                                capture_output=True, text=True, errors="replace")
        text = (result.stdout + result.stderr).strip().replace("\n", " | ")
        record(tool, result.returncode == 0, text, time.time() - start)

    for entry in json.load(open(os.path.join(STAGE, "manifest.json"))):
        if "compile_error" in entry:
            record(entry["name"], False,
                   "did not compile: " + entry["compile_error"], 0.0)
            continue
        exe = os.path.join(bin_dir, entry["exe"])
        # Each program runs in a fresh folder, after its NumPy lines ran
        # there once: they write the .npy inputs a program may load.
        workdir = tempfile.mkdtemp(prefix=entry["exe"] + "-")
        os.chdir(workdir)
        try:
            code, _ = numpy_ref.read_test(exe + ".mlir")
            numpy_ref.numpy_output(code)
        except (Exception, SystemExit):  # no NumPy lines, or a failing setup
            pass
        start = time.time()
        env = dict(os.environ)
        env.update(entry.get("env", {}))
        env.update(overrides or {})
        checked = memcheck and re.search(memcheck, entry["name"])
        if checked:
            sanitizer_log, result = run_under_memcheck(exe, out_dir, "", env)
        else:
            result = run_bounded([exe], capture_output=True, text=True,
                                    errors="replace", env=env)
        seconds = time.time() - start
        out_path = exe + ".out"
        with open(out_path, "w") as out:
            out.write(result.stdout)
        if "expect_error" in entry:
            ok, detail = expected_error(result, entry["expect_error"])
        elif result.returncode != 0:
            ok, detail = False, "exit %d: %s" % (result.returncode,
                                                 result.stderr.strip()[:300])
        else:
            ok = numpy_ref.compare(out_path, exe + ".mlir") == 0
            detail = "matches NumPy" if ok else "differs from NumPy"
            # Under --env the program's DEVICE-STDERR may not hold; under
            # memcheck it is checked on a run of its own (the program's
            # stderr goes to the sanitizer's log there).
            expected = [] if overrides else entry.get("stderr", [])
            stderr = result.stderr
            if expected and checked:
                stderr = run_bounded([exe], capture_output=True, text=True,
                                        errors="replace", env=env).stderr
            missing = [pattern for pattern in expected
                       if not re.search(pattern, stderr)]
            if missing:
                ok = False
                detail += "; stderr lacks /%s/" % missing[0]
        if checked:
            clean, words = memcheck_verdict(sanitizer_log, result.returncode)
            ok, detail = ok and clean, detail + words
        if entry["ptx_sm90a"] is False:
            ok, detail = False, detail + "; PTX lacks .target sm_90a"
        elif entry["ptx_sm90a"]:
            detail += "; PTX .target sm_90a"
        else:
            detail += "; no kernels"
        record(entry["name"], ok, detail, seconds)
        for folder, expected, variables in entry.get("cases", []):
            start = time.time()
            os.chdir(os.path.join(workdir, folder))
            case_env = dict(env, **variables)
            if checked:
                sanitizer_log, result = run_under_memcheck(exe, out_dir,
                                                           folder, case_env)
            else:
                result = run_bounded([exe], capture_output=True, text=True,
                                        errors="replace", env=case_env)
            ok, detail = expected_error(result, expected)
            if checked:
                clean, words = memcheck_verdict(sanitizer_log,
                                                result.returncode)
                ok, detail = ok and clean, detail + words
            record("%s [%s]" % (entry["name"], folder), ok, detail,
                   time.time() - start)

    summary = "\n".join(log) + "\n%d passed, %d failed\n" % (passed, failed)
    if out_dir:
        with open(os.path.join(out_dir, "gpu-check.log"), "w") as out:
            out.write(summary)
    sys.stdout.write(summary)
    return 1 if failed else 0


from sanitizer_reports import tool_options, vendor_initcheck_errors  # noqa


def sanitizer_errors(log):
    """The error count of a compute-sanitizer report: its ERROR SUMMARY, or
    racecheck's hazards; 0 when the program ended before touching the GPU
    (nothing to check); None when the tool itself failed."""
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    found = re.search(r"ERROR SUMMARY: (\d+) error", text)
    if found:
        return int(found.group(1))
    found = re.search(r"RACECHECK SUMMARY: \d+ hazards? displayed "
                      r"\((\d+) errors?, (\d+) warnings?\)", text)
    if found:
        return int(found.group(1)) + int(found.group(2))
    if "terminated before first instrumented API call" in text:
        return 0
    return None


def sanitize(out_dir, tools, jobs, only=None):
    """Runs every staged program, in a folder of its own with its NumPy
    inputs, under each tool of `tools`, `jobs` at a time."""
    import concurrent.futures
    out_dir = os.path.abspath(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    bin_dir = os.path.join(STAGE, "bin")
    runs = []
    for entry in json.load(open(os.path.join(STAGE, "manifest.json"))):
        if "compile_error" in entry or (only and
                                        not re.search(only, entry["name"])):
            continue
        expect = 1 if "expect_error" in entry else 0
        for tool in tools:
            runs.append((entry, tool, ".", {}, expect))
            for folder, _, variables in entry.get("cases", []):
                runs.append((entry, tool, folder, variables, 1))

    def one(job):
        entry, tool, folder, variables, expect = job
        exe = os.path.join(bin_dir, entry["exe"])
        workdir = tempfile.mkdtemp(prefix="%s-%s-" % (entry["exe"], tool))
        # The NumPy lines write the inputs (in their own process: threads
        # share one working directory).
        subprocess.run([sys.executable, os.path.join(STAGE, "numpy_ref.py"),
                        exe + ".mlir"], cwd=workdir, capture_output=True)
        suffix = "" if folder == "." else "-" + folder.replace("/", "_")
        log = os.path.join(out_dir, "%s-%s%s.txt" % (tool, entry["exe"],
                                                     suffix))
        command = ["compute-sanitizer", "--tool", tool, "--error-exitcode",
                   "3", "--log-file", log]
        command += tool_options(tool)
        command.append(exe)
        env = dict(os.environ, **entry.get("env", {}))
        env.update(variables)
        start = time.time()
        result = run_bounded(command, cwd=os.path.join(workdir, folder),
                                capture_output=True, text=True, errors="replace",
                                env=env)
        errors = sanitizer_errors(log)
        vendor = []
        if tool == "initcheck" and errors:
            vendor = vendor_initcheck_errors(
                open(log, errors="replace").read())
            errors -= len(vendor)
        returncode = result.returncode
        if vendor and errors == 0 and returncode == 3:
            # The tool's status for the libraries' reports alone.
            returncode = run_bounded(
                [exe], cwd=os.path.join(workdir, folder), capture_output=True,
                env=env).returncode
        if errors == 0 and returncode not in (0, 1, 3):
            # The tool's own status when the program exited before any GPU
            # work: the program's is the one to check.
            returncode = run_bounded(
                [exe], cwd=os.path.join(workdir, folder), capture_output=True,
                env=env).returncode
        ok = errors == 0 and returncode == expect
        name = entry["name"] + ("" if folder == "." else " [%s]" % folder)
        detail = "%d errors, exit %d" % (errors if errors is not None else -1,
                                         returncode)
        if vendor:
            detail += "; %d in vendor code (%s)" % (
                len(vendor), ", ".join(sorted(set(vendor))))
        if not ok:
            detail += " (expected exit %d; %s)" % (
                expect, result.stderr.strip().replace("\n", " | ")[:200])
        shutil.rmtree(workdir, ignore_errors=True)
        return ok, "%-4s %-9s %-45s %6.2fs %s" % (
            "PASS" if ok else "FAIL", tool, name, time.time() - start, detail)

    lines, failed = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for ok, line in pool.map(one, runs):
            lines.append(line)
            failed += not ok
            print(line, flush=True)
    summary = "%d sanitizer runs (%s), %d passed, %d failed" % (
        len(runs), ",".join(tools), len(runs) - failed, failed)
    with open(os.path.join(out_dir, "sanitize.log"), "w") as out:
        out.write("\n".join(lines) + "\n" + summary + "\n")
    print(summary)
    return 1 if failed else 0


def take_option(args, name):
    """Removes `name VALUE` from `args` and returns VALUE (None without it)."""
    if name not in args:
        return None
    at = args.index(name)
    value = args[at + 1]
    del args[at:at + 2]
    return value


def main(argv):
    if "-h" in argv or "--help" in argv:
        print(__doc__)
        return 0
    args = argv[2:]
    if len(argv) >= 2 and argv[1] == "prepare":
        only = take_option(args, "--only")
        flags = []
        while True:
            flag = take_option(args, "--arrayc-flag")
            if not flag:
                break
            flags.append(flag)
        prepare(os.path.abspath(args[0] if args else
                                os.path.join(ROOT, "build")), only, flags)
        return 0
    if len(argv) >= 2 and argv[1] == "run":
        memcheck = take_option(args, "--memcheck")
        overrides = {}
        while True:
            assignment = take_option(args, "--env")
            if not assignment:
                break
            name, value = assignment.split("=", 1)
            overrides[name] = value
        return run(args[0] if args else None, memcheck, overrides)
    if len(argv) >= 3 and argv[1] == "sanitize":
        tools = (take_option(args, "--tools") or
                 "memcheck,racecheck,initcheck").split(",")
        jobs = int(take_option(args, "--jobs") or 8)
        only = take_option(args, "--only")
        return sanitize(args[0], tools, jobs, only)
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
