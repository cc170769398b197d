// The composer page. The form is drawn from what the server says the spec declares and
// offers (/api/check); every change is checked by the spec's own reader, and a book with
// no problem is built and shown as images of its real PDF (/api/preview). Nothing here
// knows an option by name but the class list, which has a field of its own.
"use strict";

const TOKEN = document.body.dataset.token;
const MAX_CLASS_LIST_BYTES = 256 * 1024;
const TYPING_MS = 400;
let state = null;        // what the fields hold: {book: {...}, sections: [{...}]}
let form = null;         // the fields, as the server describes them
let checkSeq = 0;        // only the newest answer is drawn
let previewSeq = 0;
let previewAbort = null;
let typingTimer = null;
let openedNotes = [];    // what opening a spec left out (its files), shown until another is opened

const $ = (id) => document.getElementById(id);

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
    if (!answer.problems.length) preview();
    else showStatus("Not built: a choice below needs changing.", false);
  } catch (error) {
    if (seq === checkSeq) showGeneral([error.message]);
  }
}

async function preview() {
  const seq = ++previewSeq;
  if (previewAbort) previewAbort.abort();
  previewAbort = new AbortController();
  showStatus("Making the book", true);
  try {
    const answer = await call("/api/preview", {state}, previewAbort.signal);
    if (seq !== previewSeq || answer.superseded) return;
    if (answer.problems.length) { draw(answer); showStatus("Not built: a choice below needs changing.", false); return; }
    showBuilt(answer);
  } catch (error) {
    if (error.name !== "AbortError" && seq === previewSeq) showStatus(`Not built: ${error.message}`, false);
  }
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
  const [fileFields, plainFields] = partition(bookFields, (f) => f.widget === "file");
  const files = fileFields.length ? el("details", {className: "field wide"},
    el("summary", {textContent: "Files beside the spec (" + fileFields.map(label).join(", ").toLowerCase() + ")"}),
    fileFields.map(drawField)) : null;
  $("book-fields").replaceChildren(...plainFields.map(drawField), ...(files ? [files] : []));
  $("class-field").replaceChildren(...classFields.map(drawField));
  $("sections").replaceChildren(...form.sections.map(drawSection));
  showProblems(answer.problems || []);
  showNotes(answer.notes);
  if (focused) {
    const again = document.querySelector(`[data-path="${CSS.escape(focused)}"]`);
    if (again) {
      again.focus();
      if (selection && again.setSelectionRange) try { again.setSelectionRange(...selection); } catch (e) { /* number */ }
    }
  }
}

function partition(items, test) {
  return [items.filter(test), items.filter((item) => !test(item))];
}

function drawSection(fields, index) {
  const title = state.sections[index].title || "";
  const move = (to) => () => {
    const [section] = state.sections.splice(index, 1);
    state.sections.splice(to, 0, section);
    check(null);
  };
  const head = el("div", {className: "section-head"},
    el("legend", {textContent: `Section ${index + 1}${title ? ": " + title : ""}`}),
    el("button", {type: "button", className: "small", textContent: "↑", title: "Move up", disabled: index === 0,
                  onclick: move(index - 1)}),
    el("button", {type: "button", className: "small", textContent: "↓", title: "Move down",
                  disabled: index === state.sections.length - 1, onclick: move(index + 1)}),
    el("button", {type: "button", className: "small", textContent: "Remove", disabled: state.sections.length === 1,
                  onclick: () => { state.sections.splice(index, 1); check(null); }}));
  // The section's usual choices first (its type, count and the type's own options); the
  // common ones that have a default of their own (large print, hints...) under "More".
  const usual = (f) => f.own || !(f.optional || f.widget === "check" || f.widget === "textarea");
  const [first, more] = partition(fields, usual);
  const open = more.some((f) => { const v = valueOf(f); return v !== f.default && v !== "" && v !== undefined; });
  return el("fieldset", {className: "section", dataset: {index}}, head,
            el("div", {className: "fields"}, first.map(drawField),
               el("details", {className: "field wide more", open},
                  el("summary", {textContent: "More: " + more.map(label).join(", ").toLowerCase()}),
                  el("div", {className: "fields"}, more.map(drawField)))));
}

function label(field) {
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
  return el("details", {className: "why"}, el("summary", {textContent: "Not offered here, and why"}),
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
    const fresh = el("button", {type: "button", className: "small", textContent: "New puzzles",
      title: "A new seed: new puzzles at the same levels",
      onclick: () => changed(field.path, String(100000 + crypto.getRandomValues(new Uint32Array(1))[0] % 900000))});
    return el("div", {className: "row"}, input, fresh);
  },
  select(field, id) {
    const value = String(valueOf(field) ?? "");
    const options = field.optional || field.default === null
      ? [el("option", {value: "", textContent: field.default ? `(default: ${field.default})` : "(default)"})] : [];
    for (const choice of field.choices)
      options.push(el("option", {value: choice.value, disabled: !choice.offered && choice.value !== value,
        textContent: choice.label + (choice.offered ? "" : " (not offered)"), title: choice.why}));
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
    const choose = el("label", {className: "button small"}, "Choose a class list…",
      el("input", {type: "file", accept: ".txt,.csv,text/plain,text/csv", dataset: {path: field.path + ":file"},
        onchange: (e) => e.target.files[0] && readClassList(e.target.files[0], field)}));
    return el("div", {}, area, el("div", {className: "row"}, choose,
      el("span", {className: "help", textContent: count ? `${count} name${count === 1 ? "" : "s"}` : "no names: one book"})));
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
  if (file.size > MAX_CLASS_LIST_BYTES) return fieldError(field.path, `${file.name}: larger than 256 KB`);
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

function fieldError(path, message) {
  const box = document.querySelector(`[data-field="${CSS.escape(path)}"]`);
  if (!box) return false;
  box.classList.add("invalid");
  for (let open = box.closest("details"); open; open = open.parentElement.closest("details")) open.open = true;
  const shown = box.querySelector(".error");
  shown.append(el("div", {textContent: message}));
  return true;
}

function showProblems(problems) {
  const general = [];
  for (const problem of problems) {
    const path = problem.field.replace(/\[\d+\](\..*)?$/, "");  // students[3].level is the class list's
    if (!problem.field || !(fieldError(problem.field, problem.message) || fieldError(path, problem.message)))
      general.push(problem.line || problem.message);
  }
  showGeneral(general);
}

function showGeneral(lines) {
  $("general").replaceChildren(...lines.map((line) => el("div", {textContent: line})));
}

function showNotes(notes) {
  $("notes").replaceChildren(...[...openedNotes, ...(notes || [])].map((n) => el("div", {textContent: n})));
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
  if (pages.length === 1) return `page ${pages[0]}`;
  const run = pages[pages.length - 1] - pages[0] === pages.length - 1;
  return "pages " + (run ? `${pages[0]}–${pages[pages.length - 1]}` : pages.join(", "));
}

function showBuilt(answer) {
  const parts = [`${answer.pages} page${answer.pages === 1 ? "" : "s"}`];
  if (answer.answers.length) parts.push(`answers on ${span(answer.answers)}`);
  if (answer.hints.length) parts.push(`hints on ${span(answer.hints)}`);
  parts.push(`${answer.puzzles} puzzle${answer.puzzles === 1 ? "" : "s"}`, `seed ${answer.seed}`,
             `made in ${answer.seconds.toFixed(1)} s`);
  showStatus(parts.join(" · "), false);
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
    figures.push(el("figure", {}, el("img", {src: `${answer.files}page-${n}.png`, alt: `page ${n}`}),
      el("figcaption", {}, `page ${n}`, answers.has(n) ? el("b", {textContent: " · answers"}) : null)));
  $("pages").replaceChildren(...figures);
  $("pages").classList.remove("stale");
}

// ----- starting, adding sections, opening a spec

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
    else showStatus("Not built: a choice below needs changing.", false);
  } catch (error) {
    showGeneral([error.message]);
  }
});

(async function start() {
  const answer = await call("/api/check", {state: null});
  state = answer.state;
  form = answer.form;
  draw(answer);
  preview();
})();
