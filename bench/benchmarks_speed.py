"""docs/benchmarks.md's sections for issue 31's figures (a helper of benchmarks_page.py,
not a benchmark): the engine against Simon Tatham's, start-up, the slow rows' worst
cases, a class set and rendering, each with its ratio to the other side or to the goal.
Like the rest of the page, a function of bench.json alone."""

from __future__ import annotations

from typing import Any, Callable

Table = Callable[[list[str], list[list[str]]], list[str]]
Num = Callable[[float | None], str]
Ratio = Callable[[float | None, float | None], str]

HOW_TO_TATHAM = ("To run his side, build his programs from a checkout of his puzzle collection with "
                 "`sh bench/tatham/build.sh <the folder holding keen.c and solo.c> out/tatham` and run `make bench` "
                 "again (or name another folder holding `keen-timing` and `solo-timing` in `BOOKGEN_TATHAM`).")


def versus(fig: dict, table: Table, ms: Num, ratio: Ratio) -> list[str]:
    """Generation per pair, alone and with the re-proof every printed puzzle gets, and
    the 68 KenKen solved, with Tatham's side and the ratios where his programs ran."""
    his = fig["tatham"]
    lines = [f"Median CPU ms of seeds 0-{fig['seeds'] - 1}; \"with re-proof\" adds the proof every puzzle gets before "
             "it is printed (the type's `certify`), what a book build pays."]
    if his:
        lines[0] += (" Simon Tatham's Keen and Solo built at -O3 by `bench/tatham/build.sh`, timed in process by "
                     "`bench/tatham/timing.c`, each seed his after ours.")
    else:
        lines[0] += " His programs are not built on this machine, so his side is missing. " + HOW_TO_TATHAM
    lines.append("")
    rows = []
    for g in fig.get("generation", []):
        proved = g.get("bookgen_certified_ms")
        rows.append([g["work"], f"`{g['tatham_params']}`", ms(g["bookgen_ms"]), ms(proved), ms(g["tatham_ms"]),
                     ratio(g["bookgen_ms"], g["tatham_ms"]), ratio(proved, g["tatham_ms"])])
    solve = fig.get("solve")
    if solve:
        rows.append([solve["work"], "", ms(solve["bookgen_ms"]), "", ms(solve["tatham_ms"]),
                     ratio(solve["bookgen_ms"], solve["tatham_ms"]), ""])
    lines += table(["work", "Tatham's parameters", "bookgen ms", "with re-proof", "Tatham ms", "ratio",
                    "ratio with re-proof"], rows)
    for item in fig.get("startup", []):  # earlier runs of versus.py timed start-up too
        lines += [f"{item['work']}, wall from the shell (median of {item['repeats']}): {ms(item['bookgen_ms'])} ms.", ""]
    return lines


def startup(fig: dict, table: Table, ms: Num, ratio: Ratio) -> list[str]:
    lines = [f"Whole commands from the shell, CPU time (user + system) of the process, the median of "
             f"{fig['commands'][0]['repeats']} runs with compiled bytecode, beside issue 31's goals; the Python "
             f"interpreter alone (`python -c pass`) takes {ms(fig['python_ms'])} ms.", ""]
    rows = [[c["work"], ms(c["cpu_ms"]), ms(c["min_ms"]), ms(c["goal_ms"]), ratio(c["cpu_ms"], c["goal_ms"])]
            for c in fig["commands"]]
    return lines + table(["command", "median CPU ms", "least", "goal ms", "ratio to the goal"], rows)


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in options.items())


def worst_cases(fig: dict, table: Table, ms: Num, ratio: Ratio) -> list[str]:
    goal = fig["goal_seconds"]
    seeds = fig["rows"][0]["seeds"] if fig["rows"] else 0
    lines = [f"The rows issue 31 names as slow, each made on seeds 0-{seeds - 1} and proved as a build proves it; "
             f"CPU seconds, against the goal of every offered row's 99th percentile over 100 seeds under {goal:g} s "
             "(the 99th percentile is given from 100 seeds).", ""]
    rows = [[r["work"], f"{r['median_proved_s']:.3f}", f"{r['worst_proved_s']:.3f} (seed {r['worst_seed']})",
             "-" if r["p99_proved_s"] is None else f"{r['p99_proved_s']:.3f}",
             ratio(r["worst_proved_s"], r["median_proved_s"]), ratio(r["p99_proved_s"] or r["worst_proved_s"], goal)]
            for r in fig["rows"]]
    lines += table(["row", "median s", "worst s", "99th percentile s", "worst / median", "ratio to the goal"], rows)
    slow = fig["recorded"]
    lines += [f"From the measured offer's records (100 seeds a row, measured when each was written; nothing "
              f"measured here): {len(slow)} offered rows with a worst case over {goal:g} s.", ""]
    if slow:
        lines += table(["type", "options", "median s", "worst s", "ratio to the goal", "measured"],
                       [[r["type"], _options(r["options"]), f"{r['median_s']:.3f}", f"{r['worst_s']:.2f}",
                         ratio(r["worst_s"], goal), r["measured"]] for r in slow])
    return lines


def class_set(fig: dict, table: Table, ms: Num, ratio: Ratio) -> list[str]:
    goal = fig["goal_seconds"]
    lines = [f"{fig['students']} students' German worksheets ({fig['puzzles']} puzzles: two 6x6 sudoku, two 4x4 "
             f"KenKen and a 4x4 sliding puzzle each, every other child at medium), built cold by `bookgen build` "
             f"(median of {fig['repeats']}), against the goal of {goal:g} s on 2 cores.", ""]
    rows = [[str(b["jobs"]), f"{b['wall_s']:.2f}", f"{b['cpu_s']:.2f}", ratio(b["wall_s"], goal)] for b in fig["builds"]]
    lines += table(["jobs", "wall s", "CPU s", "wall: ratio to the goal"], rows)
    first = fig.get("first_page")
    if first:  # bench.json from before the first page was timed has none
        lines += [f"The first page of its preview, as the composer makes it (a process warmed as its fork server "
                      f"is, from the spec's text to the first sheet's image, no puzzle cache): median "
                      f"{first['median_s']:.2f} s, worst {first['worst_s']:.2f} s of {first['runs']} runs, "
                      f"{ratio(first['median_s'], first['goal_seconds'])} of the goal of "
                      f"{first['goal_seconds']:g} s.", ""]
    return lines


def render(fig: dict, table: Table, ms: Num, ratio: Ratio) -> list[str]:
    lines = ["Drawing and writing a book's pages, against a bare ReportLab script making the same canvas calls "
             "(`bench/render.py`), CPU ms a page.", ""]
    rows = [[r["spec"], str(r["pages"]), ms(r["bookgen_ms_per_page"]), ms(r["bare_ms_per_page"]),
             ratio(r["bookgen_ms_per_page"], r["bare_ms_per_page"]), "yes" if r["same_bytes"] else "no"]
            for r in fig["render"]]
    lines += table(["book", "pages", "bookgen ms a page", "bare ReportLab ms a page", "ratio", "same PDF bytes"], rows)
    if fig.get("rebuild"):  # bench.json from before the whole rebuild was timed has none
        lines += ["The whole of a cached rebuild (`bookgen build` from the shell, every puzzle read from the cache and "
                  "proved again, its default jobs) against the whole of a bare script drawing the same pages (a fresh "
                  "Python: ReportLab imported, the fonts registered, the recorded calls made), seconds; the goal is "
                  "1.5×.", ""]
        rows = [[r["spec"], str(r["pages"]), str(r["jobs"]), f"{r['bookgen_wall_s']:.2f}", f"{r['bare_wall_s']:.2f}",
                 ratio(r["bookgen_wall_s"], r["bare_wall_s"]), f"{r['bookgen_cpu_s']:.2f}", f"{r['bare_cpu_s']:.2f}",
                 ratio(r["bookgen_cpu_s"], r["bare_cpu_s"])] for r in fig["rebuild"]]
        lines += table(["book", "pages", "jobs", "bookgen wall s", "bare wall s", "ratio", "bookgen CPU s", "bare CPU s",
                        "CPU ratio"], rows)
    return lines
