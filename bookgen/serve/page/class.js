// The class section of the composer page: a class record opened by its file name, each
// student's sets (level and mark of each section), this week's marks, and next week's
// set made, recorded and shown in one click, in the page's words (t). It uses page.js's
// helpers (el, $, call, t, state, showBuilt, showStatus) and talks to bookgen/serve/class_api.py.
"use strict";

const CLASS_MARKS = ["done", "needed help", "not done"];
let classRecord = null;   // the record as the server last described it

function classSection() {
  const box = $("class-record");
  const path = el("input", {type: "text", id: "record-path", placeholder: "class-4b.sqlite", maxLength: 500,
    value: localStorage.getItem("bookgen-record") || ""});
  const create = el("input", {type: "checkbox", id: "record-create"});
  const open = el("button", {type: "button", id: "record-open", textContent: t("record_open"), onclick: classOpen});
  const next = el("button", {type: "button", id: "record-next", textContent: t("record_next"),
    disabled: true, onclick: classNext});
  box.append(
    el("legend", {textContent: t("record_legend")}),
    el("p", {className: "help", textContent: t("record_help")}),
    el("div", {className: "row"}, path, open),
    el("label", {}, create, " ", t("record_create")),
    el("div", {id: "record-problem", className: "problems", role: "alert"}),
    el("div", {id: "record-body"}),
    next);
}

async function classOpen() {
  const path = $("record-path").value.trim();
  localStorage.setItem("bookgen-record", path);
  classShow(await call("/api/class/open", {path, create: $("record-create").checked}));
}

function classShow(answer) {
  $("record-problem").replaceChildren(...(answer.error ? [el("p", {textContent: answer.error})] : []));
  if (answer.error) return;
  classRecord = answer;
  $("record-next").disabled = false;
  const sets = answer.sets;
  const head = el("tr", {}, el("th", {textContent: t("record_student")}), el("th", {textContent: t("record_section")}),
    ...sets.map((s) => el("th", {textContent: `${s.number}`,
      title: t("record_set_title", {title: s.title, date: s.date, seed: s.seed})})));
  const latest = answer.latest;
  const marked = new Map((latest ? latest.marks : []).map((m) => [`${m.student}|${m.section}`, m.mark]));
  const rows = answer.rows.map((row) => el("tr", {},
    el("td", {textContent: row.student || t("record_book")}), el("td", {textContent: row.title}),
    ...row.cells.map((cell, k) => {
      const level = cell.level ? t(`level.${cell.level}`) : "";
      if (latest && k === sets.length - 1 && cell.level) return el("td", {}, level, " ", markSelect(row, marked));
      return el("td", {className: cell.mark ? `mark-${cell.mark.replace(" ", "-")}` : "",
        textContent: level ? `${level}${cell.mark ? " · " + t(`mark.${cell.mark}`) : ""}` : ""});
    })));
  const last = sets[sets.length - 1];
  const summary = sets.length
    ? t("record_summary", {count: sets.length, title: last.title, date: last.date})
    : t("record_none");
  $("record-body").replaceChildren(el("p", {id: "record-summary", textContent: summary}),
    sets.length ? el("div", {className: "record-scroll"}, el("table", {id: "record-table"}, head, ...rows)) : "");
}

function markSelect(row, marked) {
  const now = marked.get(`${row.student}|${row.section}`) || "";
  const select = el("select", {dataset: {student: row.student, section: String(row.section)},
    className: "record-mark", title: t("record_how", {student: row.student || t("record_book")}),
    onchange: (e) => classMark(row, e.target.value)},
    el("option", {value: "", textContent: "—"}),
    ...CLASS_MARKS.map((m) => el("option", {value: m, textContent: t(`mark.${m}`)})));
  select.value = now;
  return select;
}

async function classMark(row, mark) {
  if (!mark) return;
  classShow(await call("/api/class/mark", {path: classRecord.path, set: classRecord.latest.number,
    student: row.student, section: row.section, mark}));
}

async function classNext() {
  $("record-next").disabled = true;
  showStatus(t("record_making"), true);
  try {
    // A preview asked for meanwhile (a field typed in) supersedes this build: ask again.
    let answer = null;
    for (let tries = 0; tries < 3 && (!answer || answer.superseded); tries++)
      answer = await call("/api/class/next", {path: classRecord.path, state});
    if (answer.error || (answer.problems && answer.problems.length)) {
      $("record-problem").replaceChildren(el("p", {textContent: answer.error || answer.problems[0].line}));
      showStatus(t("record_not_made"), false);
      return;
    }
    if (answer.superseded) return;
    showBuilt(answer);
    if (answer.record) showStatus(`${$("status").textContent} · ${answer.record}`, false);
    classShow(answer.class);
  } finally {
    $("record-next").disabled = false;
  }
}

classSection();
