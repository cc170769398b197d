"""bench/render.py's second figure (a helper of it, not a benchmark of its own): the
whole of a cached rebuild from the shell against the whole of a bare ReportLab script
drawing the same pages, each a process of its own (issue 31: within 1.5x). See
bench/render.py's own description."""

from __future__ import annotations

import io
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from benchlib import ROOT, Report, load_average, median

# The bare script's whole run: nothing but ReportLab, the fonts and the recorded calls.
BARE_SCRIPT = """\
import pickle, sys
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
with open(sys.argv[1], "rb") as f:
    book = pickle.load(f)
for name, path in book["fonts"]:
    pdfmetrics.registerFont(TTFont(name, path))
c = canvas.Canvas(sys.argv[2], pagesize=book["size"], invariant=1, initialFontName=book["first_font"])
title, author, subject, keywords, creator = book["meta"]
c.setTitle(title); c.setAuthor(author); c.setSubject(subject); c.setKeywords(keywords); c.setCreator(creator)
rl_config.useA85 = 0
for calls in book["pages"]:
    for name, args, kwargs in calls:
        if name == "path":
            path = c.beginPath()
            for step, xy in args:
                getattr(path, step)(*xy)
        elif name == "drawPath":
            c.drawPath(path, **dict(kwargs))
        elif name == "setDash":
            c.setDash(*args)
        else:
            getattr(c, name)(*args, **dict(kwargs))
    c.showPage()
c.save()
"""


def _plain(pages: list) -> list:
    """The recorded calls as plain tuples (a path as its steps, drawn by the drawPath
    that follows), for the bare script."""
    return [[("path", tuple(args[0].steps), ()) if name == "beginPath" else
             (name, () if name == "drawPath" else args, kwargs) for name, args, kwargs in calls] for calls in pages]


def record_build(spec_path: Path, folder: Path, record_pages: Callable[..., list]) -> tuple[int, Path]:
    """Build the book once in this process (filling the cache the timed rebuilds read),
    recording the pages its render draws; the bare script's input written beside it:
    the recorded pages, and the fonts' files. Returns the page count and that input."""
    import bookgen.build as b
    from bookgen.spec import load

    seen: dict[str, Any] = {}

    def recording(layout: Any, drawn: list, out: Any, meta: Any, fonts: Any, marks: Any, words: Any,
                  jobs: int = 1) -> None:
        if "pages" not in seen:  # the book, not a separate answer file
            seen.update(pages=record_pages(layout, drawn, fonts, words), layout=layout, meta=meta, fonts=fonts)
        real(layout, drawn, out, meta, fonts, marks, words, jobs)

    real, b.render = b.render, recording
    try:
        b.build(load(spec_path), folder / "first.pdf", jobs=os.cpu_count() or 1, use_cache=True)
    finally:
        b.render = real
    fonts, meta, layout = seen["fonts"], seen["meta"], seen["layout"]
    files = []
    for face in {face.pdf_name: face for face in (fonts.regular, fonts.bold)}.values():
        source = face.source()
        path = folder / f"{face.pdf_name}.ttf"
        path.write_bytes(source.getvalue() if isinstance(source, io.BytesIO) else Path(source).read_bytes())
        files.append((face.pdf_name, str(path)))
    book = {"pages": _plain(seen["pages"]), "fonts": files, "size": (layout.template.width, layout.template.height),
            "first_font": fonts.checked("", False).pdf_name,
            "meta": (meta.title, meta.author, meta.subject, ", ".join(meta.keywords), meta.creator)}
    data = folder / "bare.pickle"
    data.write_bytes(pickle.dumps(book))
    return len(layout.pages), data


def timed(command: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """Wall and CPU seconds (the process and every child it waited for) of one run."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode:
        raise SystemExit(f"{command[:2]}... failed:\n{done.stderr}")
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def rebuild(spec_path: Path, repeats: int, report: Report, record_pages: Callable[..., list],
            against: list[Path] = ()) -> dict[str, Any]:
    """The whole cached rebuild from the shell against the bare script's whole run (and,
    interleaved with them, the rebuild by each checkout of `against`, with its own .venv:
    before and after a change in one run)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        # Compiled bytecode, as an installed package runs (bench/startup.py does the same).
        env.update(BOOKGEN_CACHE_DIR=str(folder / "cache"), PYTHONPYCACHEPREFIX=str(folder / "bytecode"))
        os.environ["BOOKGEN_CACHE_DIR"] = env["BOOKGEN_CACHE_DIR"]
        pages, data = record_build(spec_path, folder, record_pages)
        ours = [sys.executable, "-m", "bookgen", "build", str(spec_path), "-o", str(folder / "rebuilt.pdf"), "-q"]
        bare = [sys.executable, "-c", BARE_SCRIPT, str(data), str(folder / "bare.pdf")]
        sides = [("bookgen", ours, ROOT), ("bare", bare, ROOT)]
        sides += [(str(other), [str(other / ".venv" / "bin" / "python"), *ours[1:]], other) for other in against]
        times: dict[str, list[tuple[float, float]]] = {side: [] for side, _, _ in sides}
        for _side, command, cwd in sides:
            timed(command, env, cwd)  # bytecode compiled, files in the page cache
        for _ in range(repeats):  # interleaved
            for side, command, cwd in sides:
                times[side].append(timed(command, env, cwd))
    wall = {side: median([w for w, _ in runs]) for side, runs in times.items()}
    cpu = {side: median([c for _, c in runs]) for side, runs in times.items()}
    jobs = os.cpu_count() or 1
    report.say(f"{spec_path.name} rebuilt from its cache ({pages} pages, {jobs} jobs): bookgen {wall['bookgen']:.2f} s "
               f"wall, {cpu['bookgen']:.2f} s CPU; the bare script {wall['bare']:.2f} s wall, {cpu['bare']:.2f} s CPU: "
               f"{wall['bookgen'] / wall['bare']:.2f}x wall, {cpu['bookgen'] / cpu['bare']:.2f}x CPU "
               f"(medians of {repeats}; load {load_average()})")
    for other in against:
        report.say(f"  {other}: {wall[str(other)]:.2f} s wall, {cpu[str(other)]:.2f} s CPU")
    return {"spec": spec_path.name, "pages": pages, "jobs": jobs, "repeats": repeats,
            "bookgen_wall_s": round(wall["bookgen"], 3), "bookgen_cpu_s": round(cpu["bookgen"], 3),
            "bare_wall_s": round(wall["bare"], 3), "bare_cpu_s": round(cpu["bare"], 3),
            "wall_ratio": round(wall["bookgen"] / wall["bare"], 3), "cpu_ratio": round(cpu["bookgen"] / cpu["bare"], 3),
            "load": load_average()}
