"""What every page carries besides its puzzles: the running head (section title and a
rule, so a page photocopied alone is complete), the instructions, name / class / date
lines on worksheets, the footer; and the title page with its contents."""

from __future__ import annotations

from bookgen.language import N_, Words
from bookgen.layout.model import Book, Rule, Section, TextItem
from bookgen.layout.template import MM, Template
from bookgen.layout.text import LEADING, Measure, ellipsized, fitted, wrap

# Name / class / date: a line of about 8 mm to write on (print conventions).
WRITE_BAND = 9 * MM
WRITE_FIELDS = ((N_("Name"), 0.45), (N_("Class"), 0.23), (N_("Date"), 0.32))  # label, share of the width
# The first line of instructions sits this many of its own sizes below the heading's foot:
# room for its capitals and a little air. Under a heading, before the puzzles, a share of
# the layout's gap (the slots below carry their own label band).
INSTRUCTIONS_DROP = 1.5
HEAD_GAP = 0.6


def running_head(title: str, right: str, tpl: Template, measure: Measure,
                 right_size: float = 0.0) -> tuple[list[TextItem], list[Rule], float]:
    """The section title at the top left (one line, fitted), `right` at the top right, a
    rule under both; returns the next free y. `right` is the layout's header, small and
    cut to fit, or, given a `right_size`, a student's name: always whole (whole_name)."""
    size = tpl.sizes.heading
    baseline = tpl.top + size * 0.8
    texts: list[TextItem] = []
    room = tpl.content_width
    foot = baseline + size * 0.45
    if right:
        if right_size:
            names, right_size = whole_name(right, right_size, tpl, measure)
        else:
            right_size = tpl.sizes.label
            names = [ellipsized(right, right_size, tpl.content_width * 0.4, measure, True)]
        for k, line in enumerate(names):
            texts.append(TextItem(line, tpl.width - tpl.right, baseline + k * right_size * LEADING, right_size, True,
                                  "right"))
        room -= max(measure(line, right_size, True) for line in names) + 4 * MM
        foot = max(foot, baseline + (len(names) - 1) * right_size * LEADING + right_size * 0.45)
    lines, fit = fitted(title, size, room, measure, True, tpl.sizes.min)
    texts.append(TextItem(lines[0], tpl.left, baseline, fit, bold=True))
    rule_y = foot
    rules = [Rule(tpl.left, rule_y, tpl.width - tpl.right, rule_y, tpl.rule)]
    return texts, rules, rule_y + tpl.rule


def whole_name(name: str, size: float, tpl: Template, measure: Measure) -> tuple[list[str], float]:
    """A student's name in the layout's share of the running head, never cut: shrunk from
    `size` down to the layout's student_min on one line, else wrapped onto up to its
    student_lines lines, shrinking on down to the smallest type if it must."""
    width = tpl.content_width * tpl.student_width
    lines, fit = fitted(name, size, width, measure, True, min(size, tpl.student_min), 1)
    if measure(name, fit, True) <= width:
        return lines, fit
    return fitted(name, fit, width, measure, True, tpl.sizes.min, tpl.student_lines)


def section_head(section: Section, book: Book, tpl: Template, measure: Measure,
                 lines: int = 0) -> tuple[list[TextItem], list[Rule], float]:
    """Everything above a section page's puzzles; the same on each of its pages. The
    instructions take at most `lines` lines (0: the layout's instruction_lines)."""
    # A student's name or copy number is what a teacher hands out by: as big as the title.
    right = section.copy or tpl.header_for(book.title)
    texts, rules, y = running_head(section.options.title, right, tpl, measure,
                                   tpl.sizes.heading if section.copy else 0.0)
    if tpl.name_lines or book.name_line:
        more_texts, more_rules, y = write_lines(y, tpl, measure, book.words)
        texts += more_texts
        rules += more_rules
    more, y = instructions_under(section.options.instructions or "", y, tpl, measure, lines)
    return texts + more, rules, y + tpl.gap * HEAD_GAP


def instructions_under(text: str, y: float, tpl: Template, measure: Measure,
                       lines: int = 0) -> tuple[list[TextItem], float]:
    """A section's instructions in body type under its heading, which ends at `y` (the
    rule under a running head, or a small heading's baseline), shrunk to fit the layout's
    instruction_lines (or `lines`): the lines, and the y of the block's foot (room left under the last
    line for its descenders); nothing for no text. A full page's running head and a
    flowing worksheet's small heading both use this, so their instructions sit alike."""
    if not text:
        return [], y
    rows, fit = fitted(text, tpl.sizes.body, tpl.content_width, measure, False, tpl.sizes.min,
                       lines or tpl.instruction_lines)
    first = y + fit * INSTRUCTIONS_DROP
    texts = [TextItem(line, tpl.left, first + k * fit * LEADING, fit) for k, line in enumerate(rows)]
    return texts, first + (len(rows) - 1) * fit * LEADING + fit * 0.5


def instruction_rows(text: str, tpl: Template, measure: Measure) -> int:
    """How many lines `text` takes in full body type (0 for none): the most a page with
    room to spare lets its instructions take instead of shrinking them."""
    return len(wrap(text, tpl.sizes.body, tpl.content_width, measure)) if text else 0


def write_lines(y: float, tpl: Template, measure: Measure, words: Words) -> tuple[list[TextItem], list[Rule], float]:
    """"Name ____ Class ____ Date ____" with room to write above each line."""
    size = tpl.sizes.body
    baseline = y + WRITE_BAND
    texts, rules = [], []
    x = tpl.left
    gutter = 5 * MM
    usable = tpl.content_width - gutter * (len(WRITE_FIELDS) - 1)
    for message, share in WRITE_FIELDS:
        label = words.gettext(message)
        width = usable * share
        texts.append(TextItem(label, x, baseline, size))
        start = x + measure(label, size, False) + 2 * MM
        rules.append(Rule(start, baseline + 1, x + width, baseline + 1, tpl.write_line))
        x += width + gutter
    return texts, rules, baseline + size * 0.4


def footer(number: int, book: Book, tpl: Template, measure: Measure) -> list[TextItem]:
    """The layout's footer text, centred, and the book's stamp at the outer corner; the
    centred text keeps clear of the stamp on both sides, so it stays centred."""
    stamped = stamp(book, tpl, measure, outer_left=book.left_hand(number))
    text = tpl.footer_for(number, book.title)
    if not text:
        return stamped
    size = tpl.sizes.footer
    room = tpl.content_width
    if stamped:
        room -= 2 * (measure(stamped[0].text, stamped[0].size, False) + 4 * MM)
    text = ellipsized(text, size, room, measure)
    centred = TextItem(text, tpl.left + tpl.content_width / 2, _footer_baseline(tpl), size, align="center")
    return [centred] + stamped


def _footer_baseline(tpl: Template) -> float:
    return tpl.height - tpl.bottom - tpl.sizes.footer * 0.25


def stamp(book: Book, tpl: Template, measure: Measure, outer_left: bool = False) -> list[TextItem]:
    """The bookgen version and the seed, small, at the foot of the page in its outer
    corner: the right, or the left on a left-hand page of a book printed on both sides."""
    if not book.stamp:
        return []
    size = tpl.sizes.stamp
    text = ellipsized(book.stamp, size, tpl.content_width / 3, measure)
    if outer_left:
        return [TextItem(text, tpl.left, _footer_baseline(tpl), size)]
    return [TextItem(text, tpl.width - tpl.right, _footer_baseline(tpl), size, align="right")]


def title_page(book: Book, contents: list[tuple[str, int]], tpl: Template, measure: Measure) -> list[TextItem]:
    """Title, subtitle and author, each wrapped or shrunk to fit, then the contents with
    dot leaders, placed one under the other so nothing can land on anything else."""
    mid = tpl.left + tpl.content_width / 2
    width = tpl.content_width
    sizes = tpl.sizes
    texts: list[TextItem] = []
    y = tpl.top + (tpl.text_bottom - tpl.top) * 0.16
    for text, size, bold, max_lines in ((book.title, sizes.title, True, 3), (book.subtitle, sizes.subtitle, False, 2),
                                        (book.author, sizes.author, False, 1)):
        if not text:
            continue
        lines, fit = fitted(text, size, width, measure, bold, max(sizes.min, size * 0.5), max_lines)
        for line in lines:
            y += fit * LEADING
            texts.append(TextItem(line, mid, y, fit, bold, "center"))
        y += fit * 0.6
    if contents:
        texts += contents_list(contents, y + sizes.heading * 3, tpl, measure, book.words)
    return texts + stamp(book, tpl, measure)


def contents_list(contents: list[tuple[str, int]], y: float, tpl: Template, measure: Measure,
                  words: Words) -> list[TextItem]:
    """"Title . . . . . 12" lines; the spacing tightens (and the type shrinks) so a long
    list still ends above the footer. Every line's leader ends at one place, clear of the
    widest page number, so the dots stand in columns down the list."""
    size = tpl.sizes.contents
    left, right = tpl.left + 10 * MM, tpl.width - tpl.right - 10 * MM
    room = tpl.text_bottom - y - tpl.sizes.heading * 1.5
    step = min(size * 1.7, room / max(len(contents), 1))
    size = min(size, max(step / 1.25, 5.0))
    texts = [TextItem(words.gettext("Contents"), left, y, tpl.sizes.heading, bold=True)]
    y += tpl.sizes.heading * 0.6
    number_room = measure("0000", size, False)
    end = right - max(measure(str(page), size, False) for _title, page in contents) - 2 * MM
    for title, page in contents:
        y += step
        shown = ellipsized(title, size, (right - left) - number_room - 6 * MM, measure)
        texts.append(TextItem(shown, left, y, size))
        texts.append(TextItem(str(page), right, y, size, align="right"))
        start = left + measure(shown, size, False) + 2 * MM
        dots = _leader(end - start, size, measure)
        if dots:
            texts.append(TextItem(dots, end, y, size, align="right"))
    return texts


def _leader(width: float, size: float, measure: Measure) -> str:
    """As many spaced dots as fill `width`."""
    unit = measure(" .", size, False)
    return " ." * int(width // unit) if unit > 0 and width > unit else ""
