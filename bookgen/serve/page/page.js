// The composer page. The form is drawn from what the server says the spec declares and
// offers (/api/check); every change is checked by the spec's own reader, and a book with
// no problem is built and shown as images of its real PDF (/api/preview). Nothing here
// knows an option by name but the class list, which has a field of its own, and the
// printer's settings, folded under "More". The page's words come from the server, in
// the teacher's language (bookgen/serve/words.py).
"use strict";

const TOKEN = document.body.dataset.token;
const WORDS = JSON.parse(document.getElementById("words").textContent);
// The book's options a teacher rarely changes: under "More: the printer's settings".
const PRINTER = ["seed", "font", "bold_font", "duplex", "copies", "subtitle", "name_line"];
// A section's choices a teacher seldom changes: under its "More".
const SECTION_MORE = ["title", "symmetry", "levels"];
const PROGRESS_MS = 400;
const SAVED = "bookgen-state";  // the state kept across a change of the page's language
const MAX_CLASS_LIST_BYTES = 256 * 1024;
const TYPING_MS = 400;
let state = null;        // what the fields hold: {book: {...}, sections: [{...}]}
let form = null;         // the fields, as the server describes them
let checkSeq = 0;        // only the newest answer is drawn
let previewSeq = 0;
let previewAbort = null;
let typingTimer = null;
let openedNotes = [];    // what opening a spec left out (its files), shown until another is opened
let progressTimer = null;

const $ = (id) => document.getElementById(id);

// A page word, its {placeholders} filled.
function t(key, values = {}) {
  return (WORDS[key] || key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node[key] = value;
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

async function call(path, body, signal) {
  const response = await fetch(path, {
    method: "POST", signal,
    headers: {"Content-Type": "application/json", "X-Bookgen-Page": TOKEN},
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ----- values

function holder(path) {
  const found = path.match(/^sections\[(\d+)\]\.(.+)$/);
  return found ? [state.sections[Number(found[1])], found[2]] : [state.book, path];
}
function valueOf(field) {
  const [where, name] = holder(field.path);
  return name in where ? where[name] : field.default;
}
function setValue(path, value) {
  const [where, name] = holder(path);
  where[name] = value;
}

function changed(path, value, typing) {
  setValue(path, value);
  clearTimeout(typingTimer);
  if (typing) typingTimer = setTimeout(() => check(path), TYPING_MS);
  else check(path);
}

// ----- talking to the server

async function check(changedPath) {
  const seq = ++checkSeq;
  const sent = JSON.stringify(state);
  markStale();
  try {
    const answer = await call("/api/check", {state: JSON.parse(sent), changed: changedPath || null});
    if (seq !== checkSeq) return;
    adopt(answer, JSON.parse(sent));
    addEvents(answer.events);
    if (!answer.problems.length) preview();
    else showStatus(t("not_built"), false);
  } catch (error) {
    if (seq === checkSeq) showGeneral([error.message]);
  }
}

async function preview() {
  const seq = ++previewSeq;
  if (previewAbort) previewAbort.abort();
  previewAbort = new AbortController();
  showStatus(t("making"), true);
  watchProgress(seq);
  try {
    const answer = await call("/api/preview", {state}, previewAbort.signal);
    if (seq !== previewSeq || answer.superseded) return;
    stopProgress();
    if (answer.problems.length) { draw(answer); showStatus(t("not_built"), false); return; }
    showBuilt(answer);
  } catch (error) {
    if (error.name !== "AbortError" && seq === previewSeq) { stopProgress(); showStatus(t("failed", {reason: error.message}), false); }
  }
}

// While a build runs, the server says how many of its puzzles are made (the build's
// child writes the count as it goes): a bar and "12 of 48 puzzles made".
function watchProgress(seq) {
  stopProgress();
  let shownFirst = false;
  const ask = async () => {
    try {
      const said = await call("/api/progress", {});
      if (seq !== previewSeq || progressTimer === null) return;
      if (said.of) {
        const counts = {made: said.made, total: said.of};
        $("progress-box").hidden = false;
        $("progress").max = said.of;
        $("progress").value = said.made;
        $("progress-count").textContent = said.made < said.of ? t("made_of", counts) : t("laying_out", counts);
      }
      if (said.first && !shownFirst) { shownFirst = true; showFirstPage(said.first); }
    } catch (error) { /* the next answer says it */ }
    if (seq === previewSeq && progressTimer !== null) progressTimer = setTimeout(ask, PROGRESS_MS);
  };
  progressTimer = setTimeout(ask, PROGRESS_MS / 2);
}

// A class set's first sheet, made from the first child's puzzles before the rest (the
// server's bookgen.serve.early): shown alone, in full colour, until the whole set is built.
function showFirstPage(src) {
  $("pages").replaceChildren(el("figure", {className: "early"},
    el("img", {src, alt: t("page_n", {number: 1})}),
    el("figcaption", {}, t("page_n", {number: 1}))));
  $("pages").classList.remove("stale");
}

function stopProgress() {
  clearTimeout(progressTimer);
  progressTimer = null;
  $("progress-box").hidden = true;
}

// The server's answer: its form, problems and notes; values it settled (a level the new
// size does not reach) are taken unless the teacher has changed them since.
function adopt(answer, sent) {
  const settled = answer.state;
  state.sections.forEach((section, k) => {
    const before = sent.sections[k], after = settled.sections[k];
    if (!before || !after) return;
    for (const [name, value] of Object.entries(after))
      if (JSON.stringify(before[name]) !== JSON.stringify(value) &&
          JSON.stringify(section[name]) === JSON.stringify(before[name])) section[name] = value;
  });
  form = answer.form;
  draw(answer);
}

// ----- drawing the form

function draw(answer) {
  const focused = document.activeElement && document.activeElement.dataset.path;
  const selection = focused && "selectionStart" in document.activeElement
    ? [document.activeElement.selectionStart, document.activeElement.selectionEnd] : null;
  const [classFields, bookFields] = partition(form.book, (f) => f.widget === "names");
  const [printer, plainFields] = partition(bookFields, (f) => f.widget === "file" || PRINTER.includes(f.name));
  // A "More" the teacher opened stays open when the form is drawn again.
  const opened = new Set([...document.querySelectorAll("details[data-key]")].filter((d) => d.open)
    .map((d) => d.dataset.key));
  const open = opened.has("printer") ||
    printer.some((f) => f.widget !== "seed" && f.widget !== "file" && changedFromDefault(f));
  const more = printer.length ? el("details", {className: "field wide more", open, dataset: {key: "printer"}},
    el("summary", {textContent: t("printer")}),
    el("div", {className: "fields"}, printer.map(drawField))) : null;
  $("book-fields").replaceChildren(...plainFields.map(drawField), ...(more ? [more] : []));
  $("class-field").replaceChildren(...classFields.map(drawField));
  $("sections").replaceChildren(...form.sections.map((fields, k) => drawSection(fields, k, opened)));
  showProblems(answer.problems || []);
  if (answer.notes) showNotes(answer.notes);
  if (focused) {
    const again = document.querySelector(`[data-path="${CSS.escape(focused)}"]`);
    if (again) {
      again.focus();
      if (selection && again.setSelectionRange) try { again.setSelectionRange(...selection); } catch (e) { /* number */ }
    }
  }
}

function changedFromDefault(field) {
  const value = valueOf(field);
  return value !== field.default && value !== "" && value !== undefined && value !== null;
}

function partition(items, test) {
  return [items.filter(test), items.filter((item) => !test(item))];
}

function drawSection(fields, index, opened = new Set()) {
  const title = state.sections[index].title || "";
  const typeField = fields.find((f) => f.name === "type");
  const kind = typeField && (typeField.choices.find((c) => c.value === state.sections[index].type) || {}).label;
  const named = kind ? t("section_named", {number: index + 1, kind: kind.replace(/ \([^)]*\)$/, "")})
                     : t("section", {number: index + 1});
  const move = (to) => () => {
    const [section] = state.sections.splice(index, 1);
    state.sections.splice(to, 0, section);
    check(null);
  };
  const head = el("div", {className: "section-head"},
    el("legend", {textContent: `${named}${title ? ": " + title : ""}`}),
    el("button", {type: "button", className: "small", textContent: "↑", title: t("move_up"), disabled: index === 0,
                  ariaLabel: t("move_up"), onclick: move(index - 1)}),
    el("button", {type: "button", className: "small", textContent: "↓", title: t("move_down"), ariaLabel: t("move_down"),
                  disabled: index === state.sections.length - 1, onclick: move(index + 1)}),
    el("button", {type: "button", className: "small", textContent: t("remove"), disabled: state.sections.length === 1,
                  onclick: () => { state.sections.splice(index, 1); check(null); }}));
  // The section's usual choices first (its type, count and the type's own options); the
  // common ones that have a default of their own (large print, hints...) under "More".
  const usual = (f) => !SECTION_MORE.includes(f.name) &&
    (f.own || !(f.optional || f.widget === "check" || f.widget === "textarea"));
  const [more, first] = partition(fields, (f) => !usual(f));
  first.sort((a, b) => (b.name === "type") - (a.name === "type"));  // the kind of puzzle first
  const open = opened.has(`section-${index}`) || more.some(changedFromDefault);
  return el("fieldset", {className: "section", dataset: {index}}, head,
            el("div", {className: "fields"}, first.map(drawField),
               el("details", {className: "field wide more", open, dataset: {key: `section-${index}`}},
                  el("summary", {textContent: t("more") + ": " + more.map(label).join(", ")}),
                  el("div", {className: "fields"}, more.map(drawField)))));
}

function label(field) {
  if (field.label) return field.label;
  const words = field.name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function drawField(field) {
  const id = "f-" + field.path.replace(/[^A-Za-z0-9]/g, "-");
  const widget = WIDGETS[field.widget] || WIDGETS.text;
  const control = widget(field, id);
  const wide = ["textarea", "names", "subset", "file"].includes(field.widget) || field.name === "title";
  return el("div", {className: "field" + (wide ? " wide" : ""), dataset: {field: field.path}},
    el("label", {htmlFor: id, textContent: label(field)}),
    control,
    el("p", {className: "help", textContent: field.help}),
    whyNot(field),
    el("div", {className: "error", id: id + "-error"}));
}

// Choices not offered, grouped by check's words for why.
function whyNot(field) {
  const reasons = new Map();
  for (const choice of field.choices || [])
    if (!choice.offered) reasons.set(choice.why, [...(reasons.get(choice.why) || []), choice.label]);
  if (field.toggle && !field.toggle.offered) reasons.set(field.toggle.why, [valueOf(field) ? "off" : "on"]);
  if (!reasons.size) return null;
  return el("details", {className: "why"}, el("summary", {textContent: t("why_not")}),
    el("ul", {}, [...reasons].map(([why, values]) => el("li", {textContent: `${values.join(", ")}: ${why}`}))));
}

const WIDGETS = {
  text(field, id) {
    return el("input", {type: "text", id, value: valueOf(field) ?? "", maxLength: field.max || 200,
      placeholder: field.default ?? "", dataset: {path: field.path},
      oninput: (e) => changed(field.path, e.target.value, true)});
  },
  textarea(field, id) {
    return el("textarea", {id, value: valueOf(field) ?? "", maxLength: field.max || 400, dataset: {path: field.path},
      placeholder: "(the type's own instructions)", oninput: (e) => changed(field.path, e.target.value, true)});
  },
  number(field, id) {
    return el("input", {type: "number", id, min: field.min, max: field.max, value: valueOf(field) ?? "",
      dataset: {path: field.path}, oninput: (e) => changed(field.path, e.target.value, true)});
  },
  seed(field, id) {
    const input = el("input", {type: "text", id, value: valueOf(field) ?? "", dataset: {path: field.path},
      inputMode: "numeric", oninput: (e) => changed(field.path, e.target.value, true)});
    const fresh = el("button", {type: "button", className: "small", textContent: t("new_puzzles"),
      title: t("new_puzzles_help"),
      onclick: () => changed(field.path, String(100000 + crypto.getRandomValues(new Uint32Array(1))[0] % 900000))});
    return el("div", {className: "row"}, input, fresh);
  },
  select(field, id) {
    const value = String(valueOf(field) ?? "");
    const options = field.optional || field.default === null
      ? [el("option", {value: "", textContent: field.default ? `(${t("default")}: ${field.default})` : `(${t("default")})`})] : [];
    for (const choice of field.choices)
      options.push(el("option", {value: choice.value, disabled: !choice.offered && choice.value !== value,
        textContent: choice.label + (choice.offered ? "" : ` (${t("not_offered")})`), title: choice.why}));
    const select = el("select", {id, dataset: {path: field.path}, onchange: (e) => pick(field, e.target.value)},
      options);
    select.value = value;
    return select;
  },
  check(field, id) {
    const on = valueOf(field) === true;
    return el("div", {className: "row"}, el("input", {type: "checkbox", id, checked: on, dataset: {path: field.path},
      disabled: field.toggle && !field.toggle.offered, title: field.toggle ? field.toggle.why : "",
      onchange: (e) => changed(field.path, e.target.checked)}));
  },
  subset(field, id) {
    let chosen = valueOf(field);
    chosen = Array.isArray(chosen) ? chosen : [String(chosen)];
    return el("div", {className: "row", id}, field.choices.map((choice) => el("label", {},
      el("input", {type: "checkbox", checked: chosen.includes(choice.value), disabled: !choice.offered,
        title: choice.why, dataset: {path: `${field.path}:${choice.value}`},
        onchange: (e) => changed(field.path, e.target.checked ? [...chosen, choice.value]
                                                              : chosen.filter((v) => v !== choice.value))}),
      " " + choice.label)));
  },
  names(field, id) {
    const names = valueOf(field);
    const text = Array.isArray(names) ? names.join("\n") : (names || "");
    const area = el("textarea", {id, value: text, rows: 6, dataset: {path: field.path},
      placeholder: "Ana\nBen, easy\nChloé", className: "drop",
      title: "One name a line; a comma and a level after a name (Ben, easy) makes that student's puzzles at that level",
      oninput: (e) => changed(field.path, e.target.value.split("\n"), true)});
    dropTarget(area, field);
    const count = Array.isArray(names) ? names.filter((n) => n.trim()).length : 0;
    const choose = el("label", {className: "button small"}, t("choose_list"),
      el("input", {type: "file", accept: ".txt,.csv,text/plain,text/csv", dataset: {path: field.path + ":file"},
        onchange: (e) => e.target.files[0] && readClassList(e.target.files[0], field)}));
    return el("div", {}, area, el("div", {className: "row"}, choose,
      el("span", {className: "help", textContent: count ? t("children", {count}) : t("no_children")})));
  },
  file(field, id) {
    return el("input", {type: "text", id, value: valueOf(field) ?? "", disabled: true, title: field.note,
      placeholder: field.note, dataset: {path: field.path}});
  },
};

function pick(field, value) {
  if (field.name === "type") {           // a new type keeps the section's common options
    const [section] = holder(field.path);
    const common = ["title", "count", "per_page", "large_print", "layout", "instructions"];
    const kept = Object.fromEntries(Object.entries(section).filter(([k]) => common.includes(k)));
    Object.keys(section).forEach((k) => delete section[k]);
    Object.assign(section, kept, {type: value});
  }
  changed(field.path, value);
}

// ----- the class list from a file: read here, parsed by the server's own reader

function dropTarget(area, field) {
  area.addEventListener("dragover", (e) => { e.preventDefault(); area.classList.add("over"); });
  area.addEventListener("dragleave", () => area.classList.remove("over"));
  area.addEventListener("drop", (e) => {
    e.preventDefault();
    area.classList.remove("over");
    if (e.dataTransfer.files[0]) readClassList(e.dataTransfer.files[0], field);
  });
}

async function readClassList(file, field) {
  if (file.size > MAX_CLASS_LIST_BYTES) return fieldError(field.path, t("too_large", {name: file.name}));
  try {
    const answer = await call("/api/classlist", {name: file.name, text: await file.text()});
    if (answer.error) return fieldError(field.path, answer.error);
    changed(field.path, answer.names);
    draw({problems: [], notes: []});
  } catch (error) {
    fieldError(field.path, error.message);
  }
}

// ----- problems, status and pages

// A problem beside its field; with a fix (a student's level a section lacks: its nearest
// level), a button that makes it.
function fieldError(path, message, fix) {
  const box = document.querySelector(`[data-field="${CSS.escape(path)}"]`);
  if (!box) return false;
  box.classList.add("invalid");
  for (let open = box.closest("details"); open; open = open.parentElement.closest("details")) open.open = true;
  const shown = box.querySelector(".error");
  const button = fix && !shown.querySelector(`[data-fix="${CSS.escape(fix.path)}"]`)
    ? el("button", {type: "button", className: "small", textContent: t("use_nearest"), dataset: {fix: fix.path},
                    onclick: () => changed(fix.path, fix.value)}) : null;
  shown.append(el("div", {textContent: message}, button ? " " : null, button));
  return true;
}

function showProblems(problems) {
  const general = [];
  for (const problem of problems) {
    const path = problem.field.replace(/\[\d+\](\..*)?$/, "");  // students[3].level is the class list's
    if (!problem.field || !(fieldError(problem.field, problem.message, problem.fix) ||
                            fieldError(path, problem.message, problem.fix)))
      general.push(problem.said || problem.line || problem.message);
  }
  showGeneral(general);
}

function showGeneral(lines) {
  $("general").replaceChildren(...lines.map((line) => el("div", {textContent: line})));
}

// Notes on the book as it now is (a font chosen for its letters): replaced by each answer,
// so a note goes when its cause does.
function showNotes(notes) {
  $("notes").replaceChildren(...[...openedNotes, ...(notes || [])].map((n) => el("div", {textContent: n})));
}

// What the page changed for the teacher (a level the new size lacks): kept until dismissed.
function addEvents(events) {
  for (const text of events || []) {
    const note = el("div", {className: "event"}, el("span", {textContent: text}),
      el("button", {type: "button", className: "small", textContent: t("dismiss"),
                    onclick: () => { note.remove(); }}));
    $("events").append(note);
  }
}

function showStatus(text, busy) {
  $("status").textContent = text;
  $("status").classList.toggle("busy", busy);
}

// Until the newest choices are built, the pages are greyed and the downloads are off:
// a download is always the book the form now describes.
function markStale() {
  $("pages").classList.add("stale");
  for (const id of ["dl-pdf", "dl-answers", "dl-spec"]) {
    $(id).classList.add("disabled");
    $(id).removeAttribute("href");
  }
}

function span(pages) {
  const run = pages[pages.length - 1] - pages[0] === pages.length - 1;
  return run && pages.length > 1 ? `${pages[0]}–${pages[pages.length - 1]}` : pages.join(", ");
}

function showBuilt(answer) {
  const parts = [t("pages", {count: answer.pages})];
  if (answer.answers.length) parts.push(t("answers_on", {pages: span(answer.answers)}));
  if (answer.hints.length) parts.push(t("hints_on", {pages: span(answer.hints)}));
  parts.push(t("puzzles", {count: answer.puzzles}), t("seed", {seed: answer.seed}),
             t("seconds", {seconds: answer.seconds.toFixed(1)}));
  showStatus(parts.join(" · "), false);
  // What tests and scripts read, whatever the page's language.
  Object.assign($("status").dataset, {built: answer.build, pages: answer.pages, puzzles: answer.puzzles,
                                      seed: answer.seed});
  showNotes(answer.notes);
  const link = (id, name, enabled) => {
    $(id).classList.toggle("disabled", !enabled);
    if (enabled) { $(id).href = answer.files + name; $(id).download = name; } else $(id).removeAttribute("href");
  };
  link("dl-pdf", "book.pdf", true);
  link("dl-answers", "answers.pdf", answer.answers.length > 0);
  link("dl-spec", "book.yaml", true);
  const answers = new Set(answer.answers);
  const figures = [];
  for (let n = 1; n <= answer.shown; n++)
    figures.push(el("figure", {},
      el("button", {type: "button", className: "enlarge", title: t("enlarge", {number: n}),
                    ariaLabel: t("enlarge", {number: n}), onclick: () => enlarge(answer.files, n)},
        el("img", {src: `${answer.files}page-${n}.png`, alt: t("page_n", {number: n})})),
      el("figcaption", {}, t("page_n", {number: n}), answers.has(n) ? el("b", {textContent: " · " + t("answers")}) : null)));
  $("pages").replaceChildren(...figures);
  $("pages").classList.remove("stale");
}

// A page opened large, drawn by the server at print-like resolution; Escape or Close ends it.
function enlarge(files, n) {
  $("large-image").src = `${files}large-page-${n}.png`;
  $("large-image").alt = t("page_n", {number: n});
  $("large").showModal();
  $("large-close").focus();
}
$("large-close").addEventListener("click", () => $("large").close());
$("large").addEventListener("click", (e) => { if (e.target === $("large")) $("large").close(); });

// ----- starting, adding sections, opening a spec, the page's language

$("page-language").addEventListener("change", (e) => {
  if (state) sessionStorage.setItem(SAVED, JSON.stringify(state));
  location.search = "?lang=" + encodeURIComponent(e.target.value);
});

$("add-section").addEventListener("click", () => {
  state.sections.push({type: "sudoku", count: "2"});
  check(`sections[${state.sections.length - 1}].type`);
});

$("open").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  e.target.value = "";
  if (!file) return;
  try {
    const answer = await call("/api/open", {text: await file.text()});
    if (answer.error) return showGeneral([answer.error]);
    state = answer.state;
    form = answer.form;
    openedNotes = answer.opened || [];
    markStale();
    draw(answer);
    if (!answer.problems.length) preview();
    else showStatus(t("not_built"), false);
  } catch (error) {
    showGeneral([error.message]);
  }
});

(async function start() {
  const saved = sessionStorage.getItem(SAVED);   // the book composed before the language changed
  sessionStorage.removeItem(SAVED);
  let answer;
  try {
    answer = await call("/api/check", {state: saved ? JSON.parse(saved) : null});
  } catch (error) {
    answer = await call("/api/check", {state: null});
  }
  state = answer.state;
  form = answer.form;
  draw(answer);
  preview();
})();
