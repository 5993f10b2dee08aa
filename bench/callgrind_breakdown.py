#!/usr/bin/env python3
"""Where one emulator launch of a bench/peers workload spends its instructions, per kernel thread and per
barrier crossing, counted by callgrind (valgrind).

Instruction counts do not move with the load of a shared machine, and callgrind attributes each
instruction to the source file it came from, inlined code included: the index arithmetic inlined into a
kernel's thread body counts apart from the kernel's own lines.

Callgrind's call tree cannot follow the emulator's fibers (a switch to another stack looks like returns),
so a launch cannot be cut out of a run by function (--toggle-collect). Instead the runner is profiled
twice: one launch (--budget 0), and many (--budget 1e9: a warm-up, the untimed launches of the settle
span and the runner's most timed launches; the runner's JSON counts them). The difference of the two
profiles, function by function and source file by source file, divided by the difference of the counts,
is one launch in steady state (stacks mapped, caches of the previous launch warm); what the
program does once (inputs, the oracle, start-up) cancels out. What the benchmark does around each
launch (filling the output, comparing it with the oracle) is in the difference too and is shown apart.

    bench/callgrind_breakdown.py BUILD_DIR WORKLOAD SIZE [--checked] [--compiled] [--out DIR]

BUILD_DIR holds bench/peers/bench_peers_tessera[_phased][_checked] (--compiled: the compiled path) (configured where OpenCL is installed,
scripts/setup.sh --peers). One worker (TESSERA_WORKERS=1), seed 0.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

# Thread and crossing counts of the workloads (bench/peers/workloads.cpp).
def threads_of(workload, n):
    return n if workload == "reduction_256" else n * n

def crossings_of(workload, n):
    return {"tile_average_2x2": n * n, "tile_average_16x16": n * n * 9,
            "matmul_16x16": n * n * 2 * (n // 16), "reduction_256": n * 9}[workload]

INDEX_FILES = ("row_major.hpp", "tiled_index.hpp", "coordinate.hpp", "index.hpp", "tiled_shape.hpp",
               "emulator/launch.hpp")
VIEW_FILES = ("array_view.hpp", "bounds.hpp", "data_home.hpp", "home_handle.hpp", "extent.hpp",
              "array.hpp", "view_storage.hpp")
BARRIER_CALL_FILES = ("tile_barrier.hpp", "source_site.hpp", "execution_hooks.hpp")

# (category, description) in the order of the table.
CATEGORIES = [
    ("switch", "context switch (`tessera_fiber_switch`)"),
    ("fiber", "fiber start and end (`make_fiber`, `fiber_main`, `tessera_fiber_start`)"),
    ("barrier", "barrier bookkeeping (`barrier_wait`'s inlined crossing, `end_phase`)"),
    ("phases", "compiled path: the phase loop (`phase_runner`: resume, rendezvous, frames)"),
    ("suspend", "compiled path: suspending at a barrier (`phased.hpp`: the awaiter, the promise)"),
    ("tile", "per-tile setup and teardown (`tile_runner::run`, `sigsetjmp`, results)"),
    ("monitor", "the checks' calls from the runner (`begin_tile`, `end_tile`, `phase_turn`; the held-write test at each barrier)"),
    ("scheduler", "scheduler (tile loop, failure bookkeeping, hazard-log scope, oneTBB)"),
    ("index", "index arithmetic (tile and local index from the linear numbers)"),
    ("barrier_call", "the kernel's call to the barrier (source site)"),
    ("view", "array_view element access (bounds, data home)"),
    ("kernel", "the kernel's own code"),
    ("hook", "checks: hook entry (`__tsan_*`) and dispatch (`on_access`)"),
    ("classify", "checks: address classification (`memory_map`)"),
    ("shadow", "checks: the checks' shadows and tables"),
    ("report", "checks: findings and bookkeeping off the access path"),
    ("other", "other"),
]

def core_by_function(fn):
    """A cost in the emulator's core (or in a library header inlined into it), by the function it is in."""
    if "fiber_main" in fn or "make_fiber" in fn:
        return "fiber"
    if re.search(r"tile_runner::(run|exception_report|prepare_fibers)\b", fn) or "stack_pool" in fn:
        return "tile"
    if "run_tiled" in fn or "for_each_task" in fn or "first_failure" in fn or "worker::here" in fn:
        return "scheduler"
    return "barrier"  # barrier_wait (its inlined crossing), end_phase, yield_polling


def category(path, fn):
    """Callgrind names a cost's source file exactly (inlined code included) but, where fibers switch stacks,
    not always the function it ran in: the file decides first."""
    if fn.startswith("tessera::kernels::oracle") or "peers::" in fn or fn.startswith("main") \
            or "mersenne" in fn or "uniform_int_distribution" in fn:
        return "bench"
    if fn.startswith("tessera_fiber_switch"):
        return "switch"
    if fn.startswith("tessera_fiber_start"):
        return "fiber"
    if fn.startswith("__tsan_"):
        return "hook"
    if "emulator/src/checks/" in path or "checks/" in path and path.endswith(".hpp") and "emulator" in path:
        if "memory_map" in path:
            return "classify"
        # The monitor's access path (the entry from the hooks, its general and tile_static word paths) is
        # dispatch; what the checks do inside it is theirs (their files).
        on_access_path = re.search(r"on_access|on_watched_access|on_word|second_read|quiet_read|took_running_thread|take_thread", fn)
        if re.search(r"access_monitor::((begin|end)(_tiles?|_points)?|next_tile|tile_ended)\(|phase_turn|before_barrier|thread_done", fn) \
                or not on_access_path and path.endswith("access_monitor.hpp"):
            return "monitor"
        if on_access_path or "hold_write" in fn or "settle_held" in fn:
            if path.endswith(("access_monitor.cpp", "access_monitor.hpp", "check_context.hpp", "check_pack.hpp")):
                return "hook"
            return "shadow"
        if "hazard_log::scope" in fn:
            return "scheduler"
        if "hazard_log::current" in fn:
            return "tile"
        if any(k in fn for k in ("hazard_log::record", "make_finding", "check_context::report", "begin_checks")) \
                or path.endswith(("hazard_log.cpp", "finding.hpp")):
            return "report"
        return "shadow"
    if "emulator/src/report/" in path or "symboliz" in fn or "hazard_report" in fn:
        return "report"
    if path.endswith(("phase_runner.cpp", "phase_runner.hpp")) or "phase_runner::" in fn and "/usr/include/" in path:
        return "phases"
    if path.endswith("emulator/phased.hpp"):
        return "suspend"
    if "emulator/src/" in path:
        if path.endswith("scheduler.cpp"):
            return "scheduler"
        if path.endswith(("stack_pool.hpp", "stack_pool.cpp")):
            return "tile"
        if path.endswith("fiber_switch_x86_64.cpp"):
            return "fiber"
        return core_by_function(fn)
    if path.endswith(INDEX_FILES):
        return "index"
    if path.endswith(BARRIER_CALL_FILES):
        return "barrier_call"
    if path.endswith(VIEW_FILES):
        return "view"
    if "conformance/kernels/" in path:
        return "kernel"
    # Library code (the C++ standard library's headers, libc, oneTBB): by the function it ran in.
    if "tbb" in path or "tbb::" in fn:
        return "scheduler"
    if "sigsetjmp" in fn or "sigjmp_save" in fn:
        return "tile"
    if "memory_map::" in fn:
        return "classify"
    if "access_monitor::on_access" in fn:
        return "hook"
    if any(k in fn for k in ("races_check", "cross_tile_table", "word_table", "uninitialized", "spin_")):
        return "shadow"
    if "hazard_log::scope" in fn:
        return "scheduler"
    if "tessera::detail::barrier_wait" in fn:
        return "barrier"
    if "tessera::emulator::detail::" in fn and "{lambda(tessera::tiled_index" not in fn:
        return core_by_function(fn)
    if "{lambda(tessera::tiled_index" in fn:
        return "kernel"
    return "other"


LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*?):(.*?)(?: \[[^\]]*\])?$")

def profile(path):
    """Exclusive instructions per (source file, function), from callgrind_annotate."""
    out = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", path], capture_output=True, text=True,
                         check=True).stdout
    costs = collections.Counter()
    started = False
    for line in out.splitlines():
        if "file:function" in line:
            started = True
            continue
        if not started or not line.strip() or line.startswith("-"):
            continue
        m = LINE.match(line)
        if not m:
            continue
        n = int(m.group(1).replace(",", ""))
        fn = re.sub(r"'\d+$", "", m.group(3).strip())  # callgrind's recursion marks: the fibers confuse its stack
        costs[(m.group(2), fn)] += n
    return costs

def hook_calls(path):
    """Calls of the checks' access hooks (__tsan_*), from the raw callgrind file."""
    names, calls = {}, 0
    current = None
    with open(path) as f:
        for line in f:
            if line.startswith(("fn=", "cfn=")):  # names are compressed to (id) across fn= and cfn= alike
                m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if m:
                    if m.group(2):
                        names[m.group(1)] = m.group(2)
                    current = names.get(m.group(1), "")
                else:
                    current = line.split("=", 1)[1].strip()
                if line.startswith("fn="):
                    current = None
            elif line.startswith("calls=") and current is not None:
                if current.startswith("__tsan_"):
                    calls += int(line.split("=")[1].split()[0])
                current = None
    return calls

def run(build, workload, size, checked, budget, out, compiled=False):
    prog = os.path.join(build, "bench/peers/bench_peers_tessera" + ("_phased" if compiled else "") + ("_checked" if checked else ""))
    env = dict(os.environ, TESSERA_WORKERS="1", TESSERA_SEED="0", TESSERA_CHECKS="report" if checked else "off")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, prog, "--workload", workload, "--size",
           str(size), "--budget", budget]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    result = json.loads(r.stdout.strip().splitlines()[-1])
    if not result.get("ok"):
        sys.exit(f"{' '.join(cmd)}: {result}")
    return 1 + result.get("settling_launches", 0) + len(result["samples"])

def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("build")
    p.add_argument("workload")
    p.add_argument("size", type=int)
    p.add_argument("--checked", action="store_true")
    p.add_argument("--compiled", action="store_true", help="the compiled path (bench_peers_tessera_phased[_checked])")
    p.add_argument("--out", default="callgrind-breakdown")
    p.add_argument("--json", help="also write the categories (instructions per launch) here")
    p.add_argument("--reuse", action="store_true", help="read the profiles an earlier run left in --out")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    label = ("compiled-" if a.compiled else "") + ("checked" if a.checked else "off")
    stem = os.path.join(a.out, f"{a.workload}-{a.size}-{label}")
    counts = stem + ".launches"
    if a.reuse:
        with open(counts) as f:
            launches = int(f.read())
    else:
        one = run(a.build, a.workload, a.size, a.checked, "0", stem + ".1.out", a.compiled)
        many = run(a.build, a.workload, a.size, a.checked, "1e9", stem + ".8.out", a.compiled)
        launches = many - one
        with open(counts, "w") as f:
            f.write(str(launches))
    p1, p8 = profile(stem + ".1.out"), profile(stem + ".8.out")
    per_launch = collections.Counter()
    by_cat = collections.Counter()
    for key in set(p1) | set(p8):
        d = (p8[key] - p1[key]) / launches
        per_launch[key] = d
        by_cat[category(*key)] += d
    threads, crossings = threads_of(a.workload, a.size), crossings_of(a.workload, a.size)
    accesses = (hook_calls(stem + ".8.out") - hook_calls(stem + ".1.out")) / launches if a.checked else 0
    launch_total = sum(v for k, v in by_cat.items() if k != "bench")
    print(f"## {a.workload} N={a.size}, {('compiled path, ' if a.compiled else '') + ('checked' if a.checked else 'checks off')}: {threads} threads, {crossings} crossings"
          + (f", {accesses:.0f} checked accesses" if accesses else "") + " per launch")
    print(f"instructions per launch (emulator, net of the benchmark's own work): {launch_total:,.0f}")
    print("| where | per thread | per crossing | share |" + (" per access |" if accesses else ""))
    print("|---|---:|---:|---:|" + ("---:|" if accesses else ""))
    for cat, desc in CATEGORIES:
        v = by_cat.get(cat, 0)
        if abs(v) < 0.001 * launch_total:
            continue
        row = f"| {desc} | {v / threads:.1f} | {v / crossings:.1f} | {100 * v / launch_total:.1f}% |"
        if accesses:
            row += f" {v / accesses:.1f} |"
        print(row)
    print(f"| **total** | **{launch_total / threads:.1f}** | **{launch_total / crossings:.1f}** | 100% |"
          + (f" **{launch_total / accesses:.1f}** |" if accesses else ""))
    print(f"(the benchmark's own fill and comparison per launch, not counted: {by_cat.get('bench', 0) / threads:.1f} per thread)")
    others = sorted(((v, k) for k, v in per_launch.items() if category(*k) == "other" and v > 0.002 * launch_total), reverse=True)
    for v, (path, fn) in others[:8]:
        print(f"  other: {v / threads:.1f}/thread  {path}:{fn[:150]}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"workload": a.workload, "size": a.size, "checked": a.checked, "threads": threads, "crossings": crossings,
                       "accesses": accesses, "per_launch": by_cat}, f, indent=1)

if __name__ == "__main__":
    main()
