/* fleeodds web page: a form generated from the rules system's JSON Schema, results from the
   JSON API, the whole question kept in the link (#s=<base64url JSON>). Plain JavaScript. */
"use strict";

/* The page's own words come from the server's message catalogue (GET api/text?lang=…, built from
   fleeodds/web/page_text.py): loaded at start and on the language switch; t(key) reads them. */
const S = {
  lang: "en", system: null, example: "", method: "both", trials: 1000000, seed: 0,
  scenario: {}, schema: null, systems: [], examples: [], units: [], roles: [],
  resultId: null, job: null, outcomes: [], text: {},
  // fields whose text the page could not read as a number ("deux" in a number field): path -> message
  bad: {},
};
const $ = (id) => document.getElementById(id);
const t = (k, vars) => {
  let s = Object.prototype.hasOwnProperty.call(S.text, k) ? S.text[k] : k;
  for (const [a, b] of Object.entries(vars || {})) s = s.replace("{" + a + "}", b);
  return s;
};
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};
const clone = (o) => JSON.parse(JSON.stringify(o === undefined ? null : o));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// the number format of the page's language, served with its texts (/api/text, from its CLDR locale)
const locale = () => S.text["number:locale"] || "en-GB";
const decimalSign = () => S.text["number:decimal"] || ".";
const listSep = () => S.text["number:list"] || ", ";
// a system's or an example's title in the page's language (the API answers one per language: titles)
// the languages the page offers: its language buttons
const pageLangs = () => [...document.querySelectorAll("[data-lang]")].map((b) => b.dataset.lang);
const shownTitle = (x) => (x.titles && x.titles[S.lang]) || x.title;
const pct = (p, d = 2) => (p === null || p === undefined) ? "" :
  new Intl.NumberFormat(locale(), { style: "percent", minimumFractionDigits: d, maximumFractionDigits: d }).format(p);
const num = (n) => new Intl.NumberFormat(locale()).format(n);
const human = (v) => (typeof v === "string" ? v.replace(/_/g, " ") : String(v));
/* A value as people name it, in the page's language: the schema's "x-enum-labels" beside the
   "enum" (the server writes them from what the rules system declares), else the value itself. */
const enumLabels = (s) => {
  const names = s && (s["x-enum-labels"] || s["x-value-labels"]);  // the names of an enum's, or a text field's, values
  return names && typeof names === "object" ? names : {};
};
const valueName = (s, v) => (typeof v === "boolean" ? t(v ? "yes" : "no") :
  (Object.prototype.hasOwnProperty.call(enumLabels(s), String(v)) ? String(enumLabels(s)[String(v)]) : human(v)));

async function api(path, body, opts) {
  // the page's language, for the language of error messages
  const init = body === undefined ? { headers: { "Accept-Language": S.lang } } :
    { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": S.lang }, body: JSON.stringify(body) };
  let r;
  try { r = await fetch(path, Object.assign(init, opts || {})); }
  catch (e) { throw failure(0, null); }  // no answer at all: the server is stopped or unreachable
  const data = await r.json().catch(() => null);
  if (!r.ok) throw failure(r.status, data);
  return data;
}
/* Every failed request becomes one Error with a message in the page's language: the server's
   own words where it gave some for a question it refused (400, 404, 422: they name the field),
   the page's words for a busy server (429), a server failure (5xx) or no answer (network). */
function failure(status, data) {
  const detail = data && typeof data.detail === "string" ? data.detail : "";
  const errors = data && Array.isArray(data.errors) ? data.errors : [];
  let msg;
  if (status === 0) msg = t("err_network");
  else if (status === 429) msg = t("err_busy");
  else if (status >= 500) msg = t("err_server", { s: status });
  else msg = detail || t("err_http", { s: status });
  const e = new Error(msg);
  e.status = status; e.raw = data;
  // field errors are shown next to their fields; the others as one message
  e.data = { detail: msg, errors: status >= 400 && status < 500 && status !== 429 ? errors : [] };
  return e;
}

/* ------------------------------------------------------------------ dotted paths */
const parts = (path) => path.split(".");
function getAt(obj, path) {
  let node = obj;
  for (const p of parts(path)) { if (node === null || typeof node !== "object" || !(p in node)) return undefined; node = node[p]; }
  return node;
}
function setAt(obj, path, value) {
  const ps = parts(path); let node = obj;
  for (let i = 0; i < ps.length - 1; i++) {
    if (node[ps[i]] === undefined || node[ps[i]] === null || typeof node[ps[i]] !== "object") node[ps[i]] = {};
    node = node[ps[i]];
  }
  const last = ps[ps.length - 1];
  if (value === undefined) { if (Array.isArray(node)) node[last] = null; else delete node[last]; }
  else node[last] = value;
}

/* ------------------------------------------------------------------ schema helpers */
function resolve(node) {
  if (!node) return {};
  let out = node;
  if (node.$ref) {
    const name = node.$ref.split("/").pop();
    const target = (S.schema.$defs || S.schema.definitions || {})[name] || {};
    out = Object.assign({}, resolve(target), node); delete out.$ref;
    if (target.title && !node.title) out.title = target.title;
  }
  if (out.anyOf) {
    const branches = out.anyOf.filter((b) => b.type !== "null");
    const nullable = branches.length < out.anyOf.length;
    if (branches.length === 1) {
      const b = resolve(branches[0]);
      const merged = Object.assign({}, b, out, { nullable });
      delete merged.anyOf;
      for (const k of ["type", "enum", "properties", "items", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "additionalProperties"])
        if (b[k] !== undefined) merged[k] = b[k];
      if (out.items && !b.items) merged.items = out.items;
      return merged;
    }
    return Object.assign({}, out, { nullable, mixed: true });
  }
  return out;
}
const kind = (s) => {
  if (s.const !== undefined) return "const";
  if (s.enum) return "enum";
  if (s.mixed) return "text";
  if (s.type === "object" || s.properties) return s.properties ? "object" : "free";
  if (s.type === "array") {
    const it = resolve(s.items || {});
    if (it.enum) return "multi";
    if (it.type === "object" || it.properties) return "list";
    return "csv";
  }
  if (s.type === "boolean") return "bool";
  if (s.type === "integer" || s.type === "number") return "number";
  return "text";
};
/* "x-when": {"field": [values…]} on a property: it applies only while each named field of the
   same table (its value, or its schema default) is one of the values, e.g. Hell Dorado's
   {"type": ["fuite"]}. The form shows a property only while it applies. */
function whenKeys(node, out) {
  if (node && typeof node === "object") {
    if (node["x-when"] && typeof node["x-when"] === "object") Object.keys(node["x-when"]).forEach((k) => out.add(k));
    for (const v of Object.values(node)) whenKeys(v, out);
  }
  return out;
}
function applies(s, table, tableValue) {
  const when = s["x-when"];
  if (!when || typeof when !== "object") return true;
  return Object.entries(when).every(([k, allowed]) => {
    let v = tableValue && typeof tableValue === "object" ? tableValue[k] : undefined;
    if (v === undefined || v === null) { const d = resolve((table.properties || {})[k]); v = d.default; }
    return Array.isArray(allowed) ? allowed.some((a) => same(a, v)) : same(allowed, v);
  });
}
function leafPaths(schema, value, prefix, out) {
  const s = resolve(schema);
  const k = kind(s);
  if (k === "object") {
    for (const [name, sub] of Object.entries(s.properties)) {
      if (!applies(resolve(sub), s, value)) continue;
      const p = prefix ? prefix + "." + name : name;
      leafPaths(sub, value ? value[name] : undefined, p, out);
    }
  } else if (k === "list") {
    (Array.isArray(value) ? value : []).forEach((v, i) => leafPaths(s.items, v, prefix + "." + i, out));
  } else if (k !== "const" && k !== "free" && !FILE_FIELD.test(prefix)) {
    out.push({ path: prefix, title: s.title || prefix, schema: s });
  }
  return out;
}
// a setup's value as people name it ("6e édition" for "6th"), else as written
function changeText(path, v) {
  const hit = leafPaths(S.schema, S.scenario, "", []).find((x) => x.path === path);
  const s = hit ? hit.schema : null;
  if (s && (typeof v === "string" || typeof v === "number" || typeof v === "boolean")) {
    const it = s.enum || !s.items ? s : resolve(s.items);  // a list's values are named by its items
    if (Object.prototype.hasOwnProperty.call(enumLabels(it), String(v)) || typeof v === "boolean") return valueName(it, v);
  }
  return typeof v === "string" ? v : typeof v === "number" ? numText(v) : JSON.stringify(v);
}
function titleOf(path) {
  const hit = leafPaths(S.schema, S.scenario, "", []).find((x) => x.path === path);
  return hit ? hit.title : path;
}
/* Numbers as people type them: "12.5" in both languages, "12,5" in French (a comma is the French
   decimal sign), "1 000" with French grouping spaces; "−3" with a typographic minus. The English
   page refuses "12,5" rather than guess (a comma groups thousands in English: never another number).
   Returns the number, or undefined for a text that is no number. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
function readNumber(text) {
  let v = String(text).trim().replace(/\u2212/g, "-");
  if (decimalSign() === ",") v = v.replace(/(\d)[\s\u00a0\u202f]+(?=\d)/g, "$1").replace(/^([+-]?\d*),(\d)/, "$1.$2").replace(/^([+-]?\d+),$/, "$1");
  if (!NUMBER_TEXT.test(v)) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
// a number as the page's language writes it in a field: 2,9 in French, 2.9 in English (no grouping)
const numText = (n) => (typeof n === "number" ? String(n).replace(".", decimalSign()) : String(n));
/* The value of a number field's text: {value} (undefined when empty), or {error}: the field's path
   and message, as the server words its own ("combat.margin: « 7,5 » n'est pas un nombre entier…"). */
function numberField(text, s, path) {
  const v = String(text).trim();
  if (v === "") return { value: undefined };
  const n = readNumber(v);
  if (n === undefined) return { error: notNumber(path, s, v) };
  if (s.type === "integer" && !Number.isInteger(n)) return { error: notNumber(path, s, v, true) };
  return { value: n };
}
/* A code typed as people name it: "retraite" for D&D's mode "withdraw" (the field's names in the
   page's language, from the schema's x-enum-labels / x-value-labels), else the text as written. */
const fold = (x) => String(x).trim().toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\s+/g, " ");
function codeOf(text, s) {
  const names = enumLabels(s), want = fold(text);
  for (const code of Object.keys(names)) if (fold(code) === want) return code;
  for (const [code, name] of Object.entries(names)) if (fold(name) === want) return code;
  return undefined;
}
function parseScalar(text, s) {
  const v = text.trim();
  if (v === "") return undefined;
  if (s && (s.type === "integer" || s.type === "number")) { const n = readNumber(v); return n === undefined ? v : n; }
  if (s && s.type === "boolean") return ["true", "oui", "yes", t("yes")].includes(v.toLowerCase());
  const code = s ? codeOf(v, s) : undefined;
  if (code !== undefined) return s.enum ? s.enum.find((e) => String(e) === code) ?? code : code;
  if (s && s.type === "string") return v;
  const n = /^[+-]?[\d.,\s\u00a0\u202f\u2212]+$/.test(v) ? readNumber(v) : undefined;
  if (n !== undefined) return n;
  if (v === "true" || v === "false") return v === "true";
  return v;
}
/* The values a text field takes, when the schema names them (D&D's mode, edition; a unit's
   shipped profiles): the form offers them as a drop-down, by name, and submits the code. */
function knownValues(s) {
  const names = Object.keys(enumLabels(s));
  const listed = Array.isArray(s.examples) ? s.examples.filter((x) => typeof x === "string") : [];
  const all = [...new Set(listed.concat(names))];
  return all.length >= 2 ? all : null;
}

/* ------------------------------------------------------------------ the form */
/* A field's help line: a long description shows its first sentence, the rest folded under it. */
const LONG_HELP = 150;
// abbreviations a sentence does not end at ("p. ex.", "e.g.", "ch. 6")
const ABBREV = /(^|[\s(])(p|ex|e\.g|i\.e|cf|ch|etc|vs|n°|no|min|max|env|sec|art|éd|ed|pp?)\.$/i;
function splitHelp(text) {
  if (!text || text.length <= LONG_HELP) return [text || "", ""];
  for (const stop of [".", ";"]) {
    const re = stop === "." ? /\.\s+/g : /;\s+/g;
    let m;
    while ((m = re.exec(text)) !== null) {
      const end = m.index + 1;
      if (end > (stop === "." ? 160 : 200)) break;
      if (end < 20 || (stop === "." && ABBREV.test(text.slice(0, end)))) continue;
      // a head cut at ";" reads as a sentence that goes on: "…" in place of the ";"
      const head = stop === "." ? text.slice(0, end) : text.slice(0, m.index).trimEnd() + "…";
      return [head, text.slice(m.index + m[0].length)];
    }
  }
  return [text, ""];
}
function helpNode(s) {
  const [head, rest] = splitHelp(s.description || "");
  if (!rest) { const line = helpText(s); return line ? el("p", { class: "help", text: line }) : null; }
  // a long help: its first sentence, the rest folded under it; the range and default stay in sight
  const facts = helpText(Object.assign({}, s, { description: "" }));
  const more = el("details", { class: "help-more" }, el("summary", { class: "help", text: head }), el("p", { class: "help", text: rest }));
  return facts ? el("div", { class: "help-box" }, more, el("p", { class: "help", text: facts })) : more;
}
function helpText(s) {
  const bits = [];
  if (s.description) bits.push(s.description.trim().replace(/\s*[;,:]$/, ""));
  const lo = s.minimum !== undefined ? s.minimum : s.exclusiveMinimum, hi = s.maximum;
  const u = unitOf(s);
  if (lo !== undefined && hi !== undefined) bits.push(t("range", { a: num(lo), b: num(hi) }) + (u ? " " + u : ""));
  else if (u) bits.push(t("unit_in", { u }));
  if (s.default !== undefined && s.default !== null && typeof s.default !== "object" && s.default !== "")
    bits.push(t("default", { v: valueName(s, s.default) }));
  return bits.join(" · ");
}
// units as players write them in the page's language (served with its texts: "unit:hp")
const unitOf = (s) => (s.unit ? S.text["unit:" + s.unit] || s.unit : "");
// a field's name starts with a capital letter, as on a form (the schema writes "situation", "mode de déplacement")
const capital = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
function labelText(s, name) {
  const title = capital(s.title || human(name));
  const u = unitOf(s);
  // a title that already names its abbreviation, "Leadership (Ld)", keeps the unit in its help line
  return u && !title.includes("(") && !title.toLowerCase().includes(u.toLowerCase()) ? title + " (" + u + ")" : title;
}
// the server reads no file for a browser: such fields are refused there, and not offered here
const FILE_FIELD = /(_file|_path|_dir|_folder)$/;
/* A field's new value. ``inherited``: the value its table's profile gives it (x-profiles), shown
   in the box: a value equal to it is left out (the profile gives it), as a value equal to the
   default is where no profile gives one (a default is no reason to drop a value that differs
   from the profile's). */
function onField(path, s, value, inherited) {
  const base = inherited !== undefined ? inherited : s.default;
  if (value !== undefined && base !== undefined && same(value, base)) value = undefined;
  setAt(S.scenario, path, value);
  const leaf = path.split(".").pop();
  if (NAMING.includes(path)) S.ownTitle = true; else followTitle();
  if ((S.schema && whenKeys(S.schema, new Set()).has(leaf)) || s["x-profiles"]) { setAside(); renderForm(); }
  clearErrors(); updateShare(); refreshPickers();
  clearTimeout(S.timer); S.timer = setTimeout(compute, 350);  // the answer follows the form
}
function field(name, schema, path, value, inherited) {
  const s = resolve(schema);
  const k = kind(s);
  const id = "f-" + path.replace(/\./g, "-");
  if (k === "const" || k === "free" || FILE_FIELD.test(name)) return null;
  if (k === "object") {
    const box = el("fieldset", { class: "group", "data-path": path }, el("legend", { text: capital(s.title || human(name)) }));
    if (s.description) box.append(helpNode({ description: s.description }));
    // a first-time player sees the table's first single-value fields (a unit's profile and
    // characteristics), its required ones and those the question sets; lists of choices, nested
    // tables and the later fields wait, folded, under "More options (n)"
    const grid = el("div", { class: "grid" }), rest = el("div", { class: "grid" });
    let shown = 0, folded = 0;
    // the table's profile (a unit's "Night Goblins", a fighter's card): its values fill the boxes
    const prof = profileOf(s, value);
    for (const [sub, subSchema] of Object.entries(s.properties)) {
      const inh = prof && sub !== prof.field ? prof.values[sub] : undefined;
      const f = field(sub, subSchema, path ? path + "." + sub : sub, value ? value[sub] : undefined, inh);
      if (!f) continue;
      // the chosen profile's card under its box (the whole row: a card is long)
      if (prof && sub === prof.field) { f.append(profileCard(s, prof)); f.classList.add("wide"); }
      const given = value && typeof value === "object" && value[sub] !== undefined;
      const single = !["multi", "csv", "list", "object", "free"].includes(kind(resolve(subSchema)));
      if ((single && shown < MAIN_FIELDS) || given || (s.required || []).includes(sub)) { grid.append(f); shown += single; }
      else { rest.append(f); folded++; }
    }
    box.append(grid);
    if (folded) box.append(foldable(path, t("more_fields", { n: folded }), rest));
    return box;
  }
  if (k === "list") {
    const items = Array.isArray(value) ? value : [];
    const box = el("fieldset", { class: "group list", "data-path": path }, el("legend", { text: capital(s.title || human(name)) }));
    if (s.description) box.append(el("p", { class: "help", text: s.description }));
    items.forEach((item, i) => {
      const sub = field(String(i), Object.assign({}, s.items, { title: capital(s.title || human(name)) + " " + (i + 1) }),
        path + "." + i, item);
      const rm = el("button", { type: "button", class: "small", text: t("remove_item") });
      rm.onclick = () => { const arr = clone(getAt(S.scenario, path) || []); arr.splice(i, 1); setAt(S.scenario, path, arr); renderForm(); updateShare(); };
      if (sub) { sub.querySelector("legend").append(" ", rm); box.append(sub); }
    });
    const add = el("button", { type: "button", class: "small", text: t("add_item") });
    add.onclick = () => {
      const arr = clone(getAt(S.scenario, path) || []);
      arr.push(arr.length ? clone(arr[arr.length - 1]) : {});
      setAt(S.scenario, path, arr); renderForm(); updateShare();
    };
    box.append(add);
    return box;
  }
  const wrap = el("div", { class: "field", "data-path": path });
  const label = el("label", { for: id, text: labelText(s, name) });
  let input;
  // a value the table's profile gives (not written in the scenario): shown in the box, editable
  const fromProfile = value === undefined && inherited !== undefined && inherited !== null;
  if (fromProfile) { value = inherited; wrap.classList.add("from-profile"); wrap.title = t("from_profile"); }
  const set = (v) => onField(path, s, v, inherited);
  if (k === "bool" && !s.nullable) {
    input = el("input", { type: "checkbox", id });
    input.checked = value !== undefined ? !!value : !!s.default;
    input.onchange = () => set(input.checked);
    wrap.classList.add("check");
    wrap.append(input, label);
  } else if (k === "enum" || k === "bool" || ((k === "text") && knownValues(s))) {
    // a text field whose values the schema names (a mode, an edition, a shipped profile) is a choice too
    const opts = k === "bool" ? [true, false] : (s.enum || knownValues(s));
    input = el("select", { id });
    if (s.nullable || s.default === undefined) input.append(el("option", { value: "__unset__", text: t("unset") }));
    // the codes stay the submitted values; aliases of one value ("6th", "6") are offered once,
    // under the first code of that name
    const first = new Map();
    for (const o of opts) {
      const name = valueName(s, o);
      if (first.has(name)) continue;
      first.set(name, o);
      input.append(el("option", { value: JSON.stringify(o), text: capital(name) }));  // "Infanterie", as a choice
    }
    const cur = value !== undefined ? value : s.default;
    input.value = cur === undefined || cur === null ? "__unset__" : JSON.stringify(cur);
    if (input.selectedIndex < 0 && first.has(valueName(s, cur))) input.value = JSON.stringify(first.get(valueName(s, cur)));
    if (input.selectedIndex < 0) { input.append(el("option", { value: JSON.stringify(cur), text: capital(valueName(s, cur)) })); input.value = JSON.stringify(cur); }
    input.onchange = () => set(input.value === "__unset__" ? undefined : JSON.parse(input.value));
    // a choice longer than a grid column holds ("Test de moral après un combat perdu") takes the
    // form's whole row, the box as wide as its longest choice (never wider than the form)
    if (Math.max(...[...input.options].map((o) => o.text.length)) > WIDE_CHOICE) wrap.classList.add("wide");
    wrap.append(label, input);
  } else if (k === "multi") {
    const chosen = Array.isArray(value) ? value : (Array.isArray(s.default) ? s.default : []);
    input = el("div", { class: "multi", id, role: "group" });
    const it = resolve(s.items);
    for (const o of it.enum) {
      const cb = el("input", { type: "checkbox", value: o, id: id + "-" + o });
      cb.checked = chosen.includes(o);
      cb.onchange = () => {
        const vals = [...input.querySelectorAll("input:checked")].map((x) => x.value);
        set(s.nullable && !vals.length && value === undefined ? undefined : vals);
      };
      input.append(el("label", { class: "opt" }, cb, " " + capital(valueName(it, o))));
    }
    wrap.append(el("span", { class: "label", text: labelText(s, name) }), input);
  } else {
    const numeric = k === "number";
    // a number field is a text box read by the page (a browser's number box reads "12,5" as 125
    // in English, and gives nothing for a text it cannot read): "12,5" is 12.5 on the French page
    input = el("input", { id, type: "text", inputmode: numeric ? (s.type === "integer" ? "numeric" : "decimal") : null,
      class: numeric ? "num" : null, "data-number": numeric ? s.type : null,
      "data-min": numeric && s.minimum !== undefined ? s.minimum : null, "data-max": numeric && s.maximum !== undefined ? s.maximum : null });
    const shown = value !== undefined && value !== null ? value : "";
    input.value = k === "csv" && Array.isArray(shown) ? shown.map(numText).join(listSep()) : numText(shown);
    if (s.default !== undefined && s.default !== null && typeof s.default !== "object") input.placeholder = numText(s.default);
    const known = Object.keys(enumLabels(s));
    if ((Array.isArray(s.examples) && s.examples.length) || known.length) {
      const dl = el("datalist", { id: id + "-list" });
      // suggestions: the codes the field takes, each with its name in the page's language
      for (const x of (Array.isArray(s.examples) && s.examples.length ? s.examples : known))
        dl.append(el("option", { value: String(x), label: valueName(s, x) !== human(x) ? valueName(s, x) : null }));
      input.setAttribute("list", dl.id); wrap.append(dl);
    }
    input.onchange = () => {
      let v;
      if (numeric) {
        const read = numberField(input.value, s, path);
        if (read.error) {
          // a text that is no number of the field's kind: the field is marked by name, the question waits
          S.bad[path] = read.error;
          clearErrors(); updateShare(); clearTimeout(S.timer); S.timer = setTimeout(compute, 350);
          return;
        }
        delete S.bad[path];
        v = read.value;
      } else if (k === "csv") {
        // a list: "a, b" (in French "a ; b", since "2,5" is a number there)
        const sep = decimalSign() === "," ? /;|,(?!\d)/ : ",";
        v = input.value.trim() === "" ? undefined : input.value.split(sep).map((x) => parseScalar(x, resolve(s.items || {})));
      } else v = parseScalar(input.value, s.mixed ? Object.assign({}, s, { type: undefined }) : s);
      set(v);
    };
    wrap.append(label, input);
  }
  const help = helpNode(s);
  if (help) wrap.append(help);
  return wrap;
}
/* The profile a table names (its field with "x-profiles": a unit's profile, a fighter's card, a
   runner's preset) and the values it gives the table's other fields: {field, key, name, values},
   or null. Names are matched as the loaders read them: exactly, without case, or by their label. */
function profileOf(s, value) {
  for (const [name, sub] of Object.entries(s.properties || {})) {
    const r = resolve(sub), table = r["x-profiles"];
    if (!table || typeof table !== "object") continue;
    const chosen = value && typeof value === "object" ? value[name] : undefined;
    if (typeof chosen !== "string" || !chosen) return null;
    const labels = enumLabels(r);
    const key = chosen in table ? chosen : Object.keys(table).find((k) => fold(k) === fold(chosen) ||
      (labels[k] !== undefined && fold(labels[k]) === fold(chosen)));
    return key === undefined ? null : { field: name, key, name: labels[key] || key, values: table[key] };
  }
  return null;
}
// a value of the profile as its card reads: names of coded values, lists joined, a weapon's damage
function cardValue(s, v) {
  if (Array.isArray(v)) {
    if (!v.length) return t("none_short");
    const it = resolve(s.items || {});
    return v.map((x) => (x && typeof x === "object" ? [x.name, Array.isArray(x.damage) ? "(" + x.damage.join("/") + ")" : ""].filter(Boolean).join(" ")
      : valueName(it, x))).join(", ");
  }
  return v && typeof v === "object" ? JSON.stringify(v) : valueName(s, v);
}
/* The chosen profile's card, under its box: "Profile Night Goblins: Movement (M) 4 ·
   Leadership (Ld) 5 · …". The boxes hold the same values; a box changed by the player replaces
   the profile's value (as a field written in the scenario file does). */
function profileCard(s, prof) {
  const bits = [];
  for (const [k, v] of Object.entries(prof.values)) {
    const sub = (s.properties || {})[k];
    if (!sub || k === "name") continue;
    const r = resolve(sub);
    bits.push(capital(r.title || human(k)) + " " + cardValue(r, v));
  }
  return el("p", { class: "help profile-card", "data-profile": prof.key },
    el("strong", { text: t("profile_card", { p: prof.name }) }), " " + bits.join(" · "));
}
/* The title, French title and description that came with an example (or a link) describe its
   question: once a field of the question changes, they are left out, so that the answer, the
   chart and the downloads are named after the question asked (each system names a scenario
   without a title from its units, e.g. "Night Goblins vs Orc Boyz (7th)"). A title typed on the
   page is kept. */
function followTitle() {
  if (S.ownTitle) return;
  let gone = false;
  for (const k of NAMING) if (S.scenario[k] !== undefined) { delete S.scenario[k]; gone = true; }
  if (gone) for (const k of NAMING) { const x = $("f-" + k); if (x) x.value = ""; }
}

/* Folded parts of the form ("More options"): <details> that stay open or closed as the player
   left them when the form is drawn again (another language, a field that shows sections). */
const MAIN_FIELDS = 7;
// characters of a choice that a grid column's select box shows whole (15.5rem at 15 px)
const WIDE_CHOICE = 24;
const NAMING = ["title", "title_fr", "description"];
function foldable(path, summary, body) {
  const key = path || "(top)";
  const d = el("details", { class: "more", "data-more": key }, el("summary", { text: summary }), body);
  S.opened = S.opened || new Set();
  d.open = S.opened.has(key);
  d.ontoggle = () => { if (d.open) S.opened.add(key); else S.opened.delete(key); };
  return d;
}
function renderForm() {
  const form = $("form");
  form.textContent = "";
  // the fields are drawn again from the question: no unreadable text is left in them (the run's
  // settings, outside the form, keep theirs)
  S.bad = Object.fromEntries(Object.entries(S.bad).filter(([p]) => p in SIZING));
  if (!S.schema) return;
  const s = resolve(S.schema);
  if (!s.properties || !Object.keys(s.properties).length) return renderJsonEditor(form);
  const main = el("div", { class: "grid main-fields" });
  const extra = [], naming = [];
  for (const [name, sub] of Object.entries(s.properties || {})) {
    if (name === "compare" || name === "decide") continue;  // setups and the decision have their own cards
    const r = resolve(sub);
    if (!applies(r, s, S.scenario)) continue;  // a section of another scenario type
    const f = field(name, sub, name, S.scenario[name]);
    if (!f) continue;
    const big = f.tagName === "FIELDSET";
    // every system's scenario names itself (title, title_fr, description): that is not the question
    if (NAMING.includes(name)) { naming.push(f); continue; }
    // long optional tables go under "More options", except those that apply to this case only
    // (a Fuite's fleeing fighter, a Passe's attacker): they are the question itself
    // so do the tables this question leaves as they are (a Break test's close combat, its rules options)
    const optional = !r["x-when"] && !(s.required || []).includes(name);
    const many = optional && r.properties && Object.keys(r.properties).length > 8;
    const untouched = optional && big && S.scenario[name] === undefined;
    if (many || untouched) extra.push(f); else if (big) form.append(f); else main.append(f);
  }
  form.prepend(main);
  if (naming.length) extra.push(el("div", { class: "grid" }, ...naming));
  if (extra.length) {
    const box = el("div");
    extra.forEach((x) => box.append(x));
    form.append(foldable("", t("more_options"), box));
  }
  refreshPickers();
}

// Top-level sections that no longer apply (the scenario type changed) are set aside, and put
// back when they apply again: the scenario never carries a section its type refuses.
function setAside() {
  const s = resolve(S.schema); S.aside = S.aside || {};
  for (const [name, sub] of Object.entries(s.properties || {})) {
    const on = applies(resolve(sub), s, S.scenario);
    if (!on && S.scenario[name] !== undefined) { S.aside[name] = S.scenario[name]; delete S.scenario[name]; }
    else if (on && S.scenario[name] === undefined && S.aside[name] !== undefined) { S.scenario[name] = S.aside[name]; delete S.aside[name]; }
  }
}
// a system that publishes no JSON Schema yet: its scenario is edited as JSON text
function renderJsonEditor(form) {
  const wrap = el("div", { class: "field", "data-path": "" });
  const area = el("textarea", { id: "f-json", rows: "18", spellcheck: "false" });
  area.value = JSON.stringify(S.scenario, null, 2);
  area.onchange = () => {
    try { S.scenario = JSON.parse(area.value); clearErrors(); updateShare(); refreshPickers(); compute(); }
    catch (e) { showErrors({ message: "scenario: " + e.message }, $("form-errors")); }
  };
  wrap.append(el("label", { for: "f-json", text: t("json_scenario") }), area, el("p", { class: "help", text: t("json_help") }));
  form.append(wrap);
}

/* ------------------------------------------------------------------ errors next to their fields */
// "combat.margin: this is not a number; expected a whole number from 1 to 20", as the server words its own
// (a number that is not whole, "7,5" in an integer field, is named so)
function notNumber(path, s, text, whole) {
  let w = t(s.type === "integer" ? "a_whole_number" : "a_number");
  const lo = s.minimum !== undefined ? s.minimum : s.exclusiveMinimum, hi = s.maximum;
  if (lo !== undefined && hi !== undefined) w += " " + t("range", { a: num(lo), b: num(hi) });
  if (whole) return t("not_whole", { p: path, v: text, w });
  // the English page reads no decimal comma: it says how to write "12,5"
  const comma = /^[+-]?\d+,\d+$/.test(text.trim()) && s.type !== "integer";
  if (comma && decimalSign() === ".") w += t("point_hint", { v: text.trim().replace(",", ".") });
  return text ? t("not_number_v", { p: path, v: text, w }) : t("not_number", { p: path, w });
}
function clientErrors() { return Object.entries(S.bad).map(([path, message]) => ({ path, message })); }
// a field's name as the form shows it, for the summary above the form
function fieldName(target) {
  const x = target.tagName === "FIELDSET" ? target.querySelector("legend") : target.querySelector("label, .label");
  return x ? (x.firstChild && x.firstChild.nodeType === 3 ? x.firstChild.textContent : x.textContent).trim() : "";
}
function clearErrors() {
  document.querySelectorAll(".field-error").forEach((x) => x.remove());
  document.querySelectorAll(".invalid").forEach((x) => x.classList.remove("invalid"));
  $("form-errors").hidden = true; $("form-errors").textContent = "";
}
function showErrors(err, box) {
  clearErrors();
  let lines = err ? ((err.data && err.data.errors && err.data.errors.length) ? err.data.errors : [{ path: "", message: err.message }]) : [];
  if (box === $("form-errors")) {
    // the fields the page itself could not read come with the server's own errors
    const named = new Set(lines.map((x) => x.path));
    lines = lines.concat(clientErrors().filter((x) => !named.has(x.path)));
  }
  const loose = [], listed = [];
  let marked = 0;
  for (const line of lines) {
    let p = line.path, target = null;
    while (p && !target) {
      target = document.querySelector('#form [data-path="' + CSS.escape(p) + '"]');
      if (!target) p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
    }
    if (!target && line.path) { const top = document.querySelector('[data-path="' + CSS.escape(line.path) + '"]'); target = top; }
    if (target && box === $("form-errors")) {
      target.classList.add("invalid");
      const msg = el("p", { class: "field-error", role: "alert", text: line.message });
      if (target.tagName === "FIELDSET") target.querySelector("legend").after(msg); else target.append(msg);
      for (let d = target.closest("details"); d; d = d.parentElement.closest("details")) d.open = true;
      marked++;
      // the summary lists what it announces: each field by its name, with its message
      const name = fieldName(target), input = target.querySelector("input, select, textarea");
      const item = el("li", {});
      if (name) item.append(input && input.id ? el("a", { href: "#" + input.id, text: name }) : el("strong", { text: name }), " — ");
      item.append(line.message);
      if (input && input.id) item.firstChild.onclick = (ev) => { ev.preventDefault(); input.focus(); };
      listed.push(item);
    } else loose.push(line.message);
  }
  box.hidden = false; box.textContent = "";
  if (marked) box.append(el("p", { text: t(marked === 1 ? "fix_one" : "fix") }), el("ul", { class: "fix-list" }, ...listed));
  for (const m of loose) box.append(el("p", { class: "msg", text: m }));
  if (box === $("form-errors")) {
    const first = document.querySelector(".invalid");
    if (first) first.scrollIntoView({ block: "center" });
    else {  // a message that names no field: the summary at the top of the form comes into sight
      const r = box.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) box.scrollIntoView({ block: "center" });
    }
  }
  return marked > 0;
}

/* ------------------------------------------------------------------ the share link */
function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text); let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64urlDecode(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64); const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
function shareState() {
  const st = { v: 1, system: S.system, scenario: S.scenario, lang: S.lang, method: S.method, trials: S.trials, seed: S.seed };
  if (S.example) st.example = S.example;  // "Start from" shows it again when the link is opened
  const added = (S.added || []).filter((l) => S.scenario.compare && l in S.scenario.compare);
  if (added.length) st.added = added;
  if (S.ownTitle) st.own_title = true;  // a title typed on the page stays when the question changes
  const sweep = sweepState();
  if (sweep) st.sweep = sweep;
  return st;
}
/* The "Vary a field" settings, in the link too: {vary: [[field, values], …], outcome, per_setup},
   or null while no values are typed. */
function sweepState() {
  if (!$("sweep-field-1")) return null;
  const vary = [];
  for (const i of [1, 2]) {
    const f = $("sweep-field-" + i).value, v = $("sweep-values-" + i).value.trim();
    if (f && v) vary.push([f, v]);
  }
  if (!vary.length) return S.sweep || null;  // a link's sweep not yet put back in its boxes
  const out = { vary };
  const o = $("sweep-outcome").value || S.sweepOutcome;
  if (o) out.outcome = o;
  if (!$("per-setup-row").hidden && $("per-setup").checked) out.per_setup = true;
  return out;
}
// a link's sweep settings back in their boxes (once the form's fields are listed), then drawn
function applySweep() {
  const sw = S.sweep; S.sweep = null;
  if (!sw || !Array.isArray(sw.vary)) return false;
  let ok = false;
  sw.vary.slice(0, 2).forEach((pair, i) => {
    if (!Array.isArray(pair) || typeof pair[0] !== "string" || typeof pair[1] !== "string") return;
    const sel = $("sweep-field-" + (i + 1));
    if (![...sel.options].some((o) => o.value === pair[0])) return;
    sel.value = pair[0]; $("sweep-values-" + (i + 1)).value = pair[1]; ok = true;
  });
  if (typeof sw.outcome === "string") {
    S.sweepOutcome = sw.outcome;
    if ([...$("sweep-outcome").options].some((o) => o.value === sw.outcome)) $("sweep-outcome").value = sw.outcome;
  }
  $("per-setup").checked = sw.per_setup === true;
  return ok;
}
/* The link's address: the server's public address in hosted mode (GET /api/config's base_url,
   `fleeodds serve --public --base-url`), else this page's own. A loopback address (127.0.0.1,
   localhost) opens only on the computer the server runs on: the page says so instead of
   promising the same answer to whoever opens it. */
const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0)$/i;
function shareBase() {
  const b = S.config && typeof S.config.base_url === "string" && /^https?:\/\//i.test(S.config.base_url)
    ? S.config.base_url : location.origin + location.pathname;
  return b.split("#")[0].replace(/\/?$/, "/");
}
function isLoopback(url) {
  try { return LOOPBACK.test(new URL(url).hostname); } catch (e) { return false; }
}
function updateShare() {
  const hash = "#s=" + b64urlEncode(JSON.stringify(shareState()));
  history.replaceState(null, "", hash);
  const link = shareBase() + hash;
  $("share-link").value = link;
  const local = isLoopback(link);
  $("share-help").textContent = t(local ? "share_local" : "share_help");
  $("share").classList.toggle("local", local);
}
function readHash() {
  const m = /[#&]s=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!m) return null;
  try { const o = JSON.parse(b64urlDecode(m[1])); return o && typeof o === "object" ? o : null; } catch (e) { return null; }
}

/* ------------------------------------------------------------------ systems, examples, language */
function applyLang() {
  document.documentElement.lang = S.lang;
  document.querySelectorAll("[data-i18n]").forEach((x) => { x.textContent = t(x.dataset.i18n); });
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.classList.toggle("on", S.lang === b.dataset.lang); b.setAttribute("aria-pressed", S.lang === b.dataset.lang);
  }
  document.querySelector(".lang").setAttribute("aria-label", t("language"));
  const sys = $("system"); sys.textContent = "";
  for (const s of S.systems) sys.append(el("option", { value: s.key, text: shownTitle(s) }));
  sys.value = S.system;
  const ex = $("example"); ex.textContent = "";
  ex.append(el("option", { value: "", text: t("defaults") }));
  // an example is named by its title; its file name, and the whole of a long title that the
  // closed box cuts, are in the line under the box (it wraps)
  for (const e of S.examples.filter((x) => x.system === S.system))
    ex.append(el("option", { value: e.name, title: e.name.split("/").pop(), text: shownTitle(e) }));
  ex.value = S.example || "";
  exampleHelp();
  const info = S.systems.find((s) => s.key === S.system);
  $("upload-box").hidden = !(info && info.list_building);
  renderRoles();
}
function exampleHelp() {
  const e = S.examples.find((x) => x.name === S.example);
  $("example-help").textContent = e ? shownTitle(e) + " — " + e.name.split("/").pop() : "";
  $("example-help").hidden = !e;
}
// the page's texts in a language (returned, not kept: a failed language switch keeps the page's words)
const loadText = (lang) => api("api/text?lang=" + encodeURIComponent(lang));
async function loadSchema() {
  S.schema = await api("api/schema/" + encodeURIComponent(S.system) + "?lang=" + S.lang);
}
function defaults() {
  const s = resolve(S.schema); const out = { system: S.system };
  for (const [name, sub] of Object.entries(s.properties || {})) {
    const r = resolve(sub);
    if ((s.required || []).includes(name) && (r.properties || r.type === "object")) out[name] = {};
  }
  return out;
}
async function pickExample(name) {
  S.example = name; S.aside = {}; S.added = []; S.ownTitle = false; exampleHelp();
  S.scenario = name ? await api("api/examples/" + name) : defaults();
  clearResult();  // the answer on the page was another scenario's: never shown under this one's form
  renderForm(); updateShare(); compute();
}

/* ------------------------------------------------------------------ ask and see */
// the run's settings; trials and seed are whole numbers as people type them ("1 000 000" in
// French), a text that is none is listed by name with the form's fields ("7,5" is never 75)
const SIZING = { trials: { type: "integer", minimum: 1, maximum: 10000000, fallback: 1000000 },
  seed: { type: "integer", minimum: 0, fallback: 0 } };
function sizing() {
  S.method = $("method").value;
  for (const [id, s] of Object.entries(SIZING)) {
    const read = numberField($(id).value, s, id);
    if (read.error) S.bad[id] = read.error; else delete S.bad[id];
    S[id] = read.value === undefined ? s.fallback : read.value;
  }
}
async function compute() {
  sizing(); updateShare(); clearErrors();
  refreshMap();  // the table follows the form at once, whatever the answer takes
  if (S.job) { api("api/jobs/" + S.job + "/cancel", {}).catch(() => {}); S.job = null; }
  // only the latest question draws on the page; an older one still on its way stops quietly
  const gen = S.gen = (S.gen || 0) + 1;
  if (clientErrors().length) {
    // a field the page cannot read: no answer; the server still checks the other fields
    hideProgress();
    let err = null;
    try { await api("api/toml", { scenario: S.scenario, lang: S.lang }); } catch (e) { err = e; }
    if (gen !== S.gen) return;
    staleResult(showErrors(err && err.data && err.data.errors && err.data.errors.length ? err : null, $("form-errors")));
    return;
  }
  const body = { scenario: S.scenario, method: S.method, trials: S.method === "exact" ? null : S.trials, seed: S.seed, lang: S.lang };
  $("run").disabled = true;
  try {
    let st = await api("api/jobs?wait=0.3", body);
    if (gen !== S.gen) { if (st.state === "running") api("api/jobs/" + st.id + "/cancel", {}).catch(() => {}); return; }
    S.job = st.id;
    let partialShown = false;
    while (st.state === "running") {
      // the exact part of the answer is shown as soon as it is known, the Monte Carlo part after
      if (st.partial && !partialShown) { showResult(st.partial); partialShown = true; }
      showProgress(st);
      // a long poll: the server answers as soon as the job moves on, or after half a second
      st = await api("api/jobs/" + st.id + "?wait=0.5");
      if (gen !== S.gen) return;
    }
    hideProgress();
    S.job = null;
    if (st.state === "done") showResult(st.result);
    else if (st.state === "error") staleResult(showErrors({ message: st.error.detail, data: st.error }, $("form-errors")));
    else $("answer").textContent = t("cancelled");
  } catch (e) {
    if (gen !== S.gen) return;
    // whatever failed (refused, busy, crashed, unreachable), the progress stops and says why
    hideProgress(); S.job = null;
    staleResult(showErrors(e, $("form-errors")));
  } finally { if (gen === S.gen) $("run").disabled = false; }
}
/* ------------------------------------------------------------------ the table seen from above
   A scenario that places its pieces on a table declares their shapes (its system's table_shapes);
   api/table validates the form's scenario and returns them with the map's words (no odds are
   computed). The page draws them as SVG, in the card's own width so that the text keeps its size on
   a phone, each time the form changes (with the answer's own debounce). A system that declares no
   shapes gets no map: the page knows no game. */
const SVGNS = "http://www.w3.org/2000/svg";
const sv = (tag, attrs, ...kids) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};
async function refreshMap() {
  const gen = S.mapGen = (S.mapGen || 0) + 1, system = S.system;
  // a table that takes a moment (its paths are found on the server) fades the last one meanwhile
  clearTimeout(S.mapPending); S.mapPending = setTimeout(() => $("table-map").classList.add("pending"), 250);
  let r;
  try { r = await api("api/table", { scenario: S.scenario, lang: S.lang }); }
  catch (e) {
    if (gen !== S.mapGen) return;
    clearTimeout(S.mapPending); $("table-map").classList.remove("pending");
    // a scenario the server refuses: the last table drawn (of this game) stays, greyed, until the form is fixed
    if (!S.map || S.map.system !== system) { S.map = null; $("table-map").hidden = true; return; }
    $("table-map").classList.add("stale");
    $("map-note").textContent = t(e.status >= 400 && e.status < 500 && e.status !== 429 ? "map_stale" : "map_failed");
    return;
  }
  if (gen !== S.mapGen) return;
  clearTimeout(S.mapPending); $("table-map").classList.remove("pending");
  S.map = r.shapes ? Object.assign(r, { system }) : null;
  drawMap();
}
// a length in the map's unit, its singular for 1 (below 2 in French: "1,5 unité"), else its plural
const unitText = (d, w) => num(d) + "\u00a0" + (new Intl.PluralRules(locale()).select(d) === "one" ? w.unit_one : w.unit_other);
function drawMap() {
  const box = $("table-map"), m = S.map;
  box.hidden = !m;
  if (!m) return;
  const sh = m.shapes, w = m.words, col = m.colours;
  const pts = [];  // what the view frames: bases, zones, rings, the move
  const add = (x, y, r) => { pts.push([x - (r || 0), y - (r || 0)], [x + (r || 0), y + (r || 0)]); };
  for (const b of sh.bases || []) add(b.x, b.y, b.r);
  for (const z of sh.zones || []) if (z.shape === "disc") add(z.x, z.y, z.r); else pts.push([z.x0, z.y0], [z.x1, z.y1]);
  for (const g of sh.rings || []) add(g.x, g.y, g.r);
  for (const p of sh.path || []) add(p[0], p[1]);
  if (sh.end) add(sh.end.x, sh.end.y, sh.end.r);
  if (sh.destination) add(sh.destination[0], sh.destination[1], 0.5);
  if (!pts.length) { box.hidden = true; return; }
  let x0 = Math.min(...pts.map((p) => p[0])), x1 = Math.max(...pts.map((p) => p[0]));
  let y0 = Math.min(...pts.map((p) => p[1])), y1 = Math.max(...pts.map((p) => p[1]));
  const pad = Math.max(1, 0.06 * Math.max(x1 - x0, y1 - y0));
  x0 -= pad; x1 += pad; y0 -= pad; y1 += pad * 1.5;  // room above for the top base's name
  // one scale on both axes; the drawing between 0.45 and 1.1 times as high as it is wide
  if ((y1 - y0) / (x1 - x0) > 1.1) { const g = (y1 - y0) / 1.1 - (x1 - x0); x0 -= g / 2; x1 += g / 2; }
  if ((y1 - y0) / (x1 - x0) < 0.45) { const g = 0.45 * (x1 - x0) - (y1 - y0); y0 -= g / 2; y1 += g / 2; }
  const W = Math.max(260, Math.round($("map-svg").clientWidth || 600)), k = W / (x1 - x0), H = Math.round((y1 - y0) * k);
  const X = (x) => +((x - x0) * k).toFixed(1), Y = (y) => +((y1 - y) * k).toFixed(1), R = (r) => +(r * k).toFixed(1);
  const svg = sv("svg", { xmlns: SVGNS, viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
    "aria-label": t("map_title") + (m.title ? " — " + m.title : "") });
  svg.append(sv("defs", {}, sv("marker", { id: "map-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7,
    markerHeight: 7, orient: "auto-start-reverse" }, sv("path", { d: "M0,0 L10,5 L0,10 z", fill: col.mover }))));
  // a grid every d units, d the first of 0.5, 1, 2, 5, 10… at least 50 px apart
  const d = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500].find((v) => v * k >= 50) || 1000;
  const grid = sv("g", { stroke: "#e3e6ea", "stroke-width": 1 });
  for (let gx = Math.ceil(x0 / d) * d; gx <= x1; gx += d) grid.append(sv("line", { x1: X(gx), x2: X(gx), y1: 0, y2: H }));
  for (let gy = Math.ceil(y0 / d) * d; gy <= y1; gy += d) grid.append(sv("line", { y1: Y(gy), y2: Y(gy), x1: 0, x2: W }));
  svg.append(grid);
  // random placement zones (one outline per distinct zone, the names of those placed in it at its centre)
  const zones = new Map();
  for (const z of sh.zones || []) {
    const key = JSON.stringify([z.shape, z.x, z.y, z.r, z.x0, z.y0, z.x1, z.y1]);
    if (!zones.has(key)) zones.set(key, Object.assign({ names: [] }, z));
    zones.get(key).names.push(z.name);
  }
  const halo = { "paint-order": "stroke", stroke: "#fff", "stroke-width": 3, "stroke-linejoin": "round" };
  for (const z of zones.values()) {
    const st = { fill: col.zone, "fill-opacity": 0.14, stroke: col.zone, "stroke-width": 1.5, "stroke-dasharray": "6 4" };
    let cx, cy;
    if (z.shape === "disc") { svg.append(sv("circle", Object.assign({ cx: X(z.x), cy: Y(z.y), r: R(z.r) }, st))); cx = X(z.x); cy = Y(z.y); }
    else {
      svg.append(sv("rect", Object.assign({ x: X(z.x0), y: Y(z.y1), width: R(z.x1 - z.x0), height: R(z.y1 - z.y0) }, st)));
      cx = X((z.x0 + z.x1) / 2); cy = Y((z.y0 + z.y1) / 2);
    }
    const txt = sv("text", Object.assign({ x: cx, y: cy - (z.names.length - 1) * 8, "text-anchor": "middle", "font-size": 13, fill: "#1d2430" }, halo));
    z.names.forEach((n, i) => txt.append(sv("tspan", { x: cx, dy: i ? 16 : 0 }, n)));
    svg.append(txt);
  }
  for (const poly of sh.terrain || [])
    svg.append(sv("polygon", { points: poly.map((p) => X(p[0]) + "," + Y(p[1])).join(" "), fill: col.terrain, stroke: col.terrain_edge, "stroke-width": 1.2 }));
  for (const g of sh.rings || [])
    svg.append(sv("circle", { cx: X(g.x), cy: Y(g.y), r: R(g.r), fill: "none", stroke: col.ring, "stroke-width": 1.6, "stroke-dasharray": "8 3 2 3" }));
  if ((sh.path || []).length >= 2)
    svg.append(sv("polyline", { points: sh.path.map((p) => X(p[0]) + "," + Y(p[1])).join(" "), fill: "none", stroke: col.mover,
      "stroke-width": 2, "stroke-dasharray": "7 4", "marker-end": "url(#map-arrow)" }));
  if (sh.end) svg.append(sv("circle", { cx: X(sh.end.x), cy: Y(sh.end.y), r: R(sh.end.r), fill: "none", stroke: col.mover, "stroke-width": 2, "stroke-dasharray": "2 3" }));
  if (sh.destination) {
    const [dx, dy] = [X(sh.destination[0]), Y(sh.destination[1])];
    svg.append(sv("path", { d: `M${dx - 6},${dy - 6} L${dx + 6},${dy + 6} M${dx - 6},${dy + 6} L${dx + 6},${dy - 6}`, stroke: col.destination, "stroke-width": 2.5 }));
  }
  for (const b of sh.bases || [])
    svg.append(sv("circle", { cx: X(b.x), cy: Y(b.y), r: R(b.r), fill: col[b.side] || "#555", "fill-opacity": 0.88, stroke: "#1d2430", "stroke-width": 1 },
      sv("title", {}, b.name)));
  // the names over everything, each above its base, else below, right or left of it: inside the drawing,
  // where it covers no base, no name already written and the scale (bases in contact are common), and
  // if it can, no terrain either (a name over a wall stays readable on its white outline)
  const scaleText = unitText(d, w), scaleW = Math.max(R(d), 7.2 * scaleText.length) + 12;
  const boxes = [[6, H - 30, 6 + scaleW, H]], discs = (sh.bases || []).map((b) => [X(b.x), Y(b.y), R(b.r)]);
  const walls = (sh.terrain || []).map((poly) => [Math.min(...poly.map((p) => X(p[0]))), Math.min(...poly.map((p) => Y(p[1]))),
    Math.max(...poly.map((p) => X(p[0]))), Math.max(...poly.map((p) => Y(p[1])))]);
  const meets = (bx, o) => bx[0] < o[2] && o[0] < bx[2] && bx[1] < o[3] && o[1] < bx[3];
  const hits = (bx, strict) => bx[0] < 0 || bx[1] < 0 || bx[2] > W || bx[3] > H || boxes.some((o) => meets(bx, o)) ||
    (strict && walls.some((o) => meets(bx, o))) ||
    discs.some(([cx, cy, cr]) => Math.max(bx[0] - cx, 0, cx - bx[2]) ** 2 + Math.max(bx[1] - cy, 0, cy - bx[3]) ** 2 < cr * cr);
  for (const b of sh.bases || []) {
    const cx = X(b.x), cy = Y(b.y), r = R(b.r), tw = 7.4 * String(b.name).length, th = 14;
    const spots = [[cx, cy - r - 5, "middle"], [cx, cy + r + th + 1, "middle"], [cx + r + 4, cy + 5, "start"], [cx - r - 4, cy + 5, "end"]];
    const boxOf = ([x, y, a]) => { const x0 = a === "middle" ? x - tw / 2 : a === "start" ? x : x - tw; return [x0, y - th + 2, x0 + tw, y + 3]; };
    const spot = spots.find((p) => !hits(boxOf(p), true)) || spots.find((p) => !hits(boxOf(p), false)) || spots[0];
    boxes.push(boxOf(spot));
    svg.append(sv("text", Object.assign({ x: spot[0], y: spot[1], "text-anchor": spot[2], "font-size": 13, fill: "#1d2430", class: "map-name" }, halo), b.name));
  }
  // the scale: a bar of the grid's step, bottom left
  const sb = sv("g", { class: "map-scale" });
  sb.append(sv("rect", { x: 6, y: H - 30, width: scaleW, height: 26, fill: "#fff", "fill-opacity": 0.85, rx: 3 }));
  sb.append(sv("path", { d: `M12,${H - 12} v6 h${R(d)} v-6`, fill: "none", stroke: "#1d2430", "stroke-width": 2 }));
  sb.append(sv("text", { x: 12, y: H - 15, "text-anchor": "start", "font-size": 12, fill: "#1d2430" }, scaleText));
  svg.append(sb);
  $("map-svg").replaceChildren(svg);
  // the legend: only what is on the map, in the scenario's own words
  const swatch = (...kids) => sv("svg", { width: 22, height: 16, viewBox: "0 0 22 16", "aria-hidden": "true" }, ...kids);
  const items = [];
  for (const side of ["mover", "enemy", "ally"])
    if ((sh.bases || []).some((b) => b.side === side))
      items.push([w[side], swatch(sv("circle", { cx: 11, cy: 8, r: 6.5, fill: col[side], stroke: "#1d2430" }))]);
  if ((sh.terrain || []).length) items.push([w.terrain, swatch(sv("rect", { x: 2, y: 2, width: 18, height: 12, fill: col.terrain, stroke: col.terrain_edge }))]);
  if ((sh.rings || []).length) items.push([w.ring, swatch(sv("circle", { cx: 11, cy: 8, r: 6.5, fill: "none", stroke: col.ring, "stroke-width": 1.6, "stroke-dasharray": "4 2" }))]);
  if (zones.size) items.push([w.zone, swatch(sv("rect", { x: 2, y: 2, width: 18, height: 12, fill: col.zone, "fill-opacity": 0.2, stroke: col.zone, "stroke-dasharray": "4 2" }))]);
  if ((sh.path || []).length >= 2) items.push([w.path, swatch(sv("path", { d: "M2,8 H20", stroke: col.mover, "stroke-width": 2, "stroke-dasharray": "5 3" }))]);
  if (sh.end) items.push([w.end, swatch(sv("circle", { cx: 11, cy: 8, r: 6.5, fill: "none", stroke: col.mover, "stroke-width": 2, "stroke-dasharray": "2 2" }))]);
  if (sh.destination) items.push([w.destination, swatch(sv("path", { d: "M6,3 L16,13 M6,13 L16,3", stroke: col.destination, "stroke-width": 2.5 }))]);
  items.push([t("map_grid", { d: unitText(d, w) }), swatch(sv("path", { d: "M2,4 H20 M2,12 H20 M7,1 V15 M15,1 V15", stroke: "#c9ced5" }))]);
  $("map-legend").replaceChildren(...items.map(([text, sw]) => el("li", {}, sw, text)));
  // still a field the page cannot read: the map is of the form without it
  const unreadable = clientErrors().length > 0;
  box.classList.toggle("stale", unreadable);
  $("map-note").textContent = unreadable ? t("map_stale") :
    (sh.chargers && sh.chargers.length ? w.again.replace("{names}", sh.chargers.join(", ")) : "");
}
function showProgress(st) {
  $("progress-box").hidden = false;
  const bar = $("progress");
  // a bar fills only while trials are being done; waiting for the kernels, the exact solver or
  // the drawing of the answer, it moves without a level (never a full bar with no answer)
  const counting = st.phase === "simulating" && st.done && st.done < (st.total || 0);
  if (counting) { bar.max = Math.max(1, st.total || 1); bar.value = st.done; } else bar.removeAttribute("value");
  let text;
  if (st.phase === "exact") text = t("exact_running");
  else if (st.phase === "finishing" || (st.done && st.done >= (st.total || 0)))
    text = t(st.warming_up ? "finishing_warm" : "finishing", { n: num(st.done || 0) });
  else if (st.phase === "preparing" || !st.done)
    text = st.compiling_seconds ? t("compiling", { n: num(st.compiling_seconds) }) : t("preparing");
  else text = t("running") + " " + num(st.done || 0) + " / " + num(st.total || 0) + " " + t("trials_done");
  $("progress-text").textContent = text;
}
function hideProgress() { $("progress-box").hidden = true; }
// an answer to another question must not stay on screen as if it answered this one
function showInputNotes(list, id) {
  // inputs that change nothing here (docs/inputs.md): accepted, and said on the answer card
  const box = $(id || "input-notes"); box.textContent = "";
  for (const n of list || []) box.append(el("li", {}, el("strong", { text: t("input_note") }), n));
  box.hidden = !box.children.length;
}
function staleResult(fields) {
  S.resultId = null;
  showInputNotes([]);
  $("see").classList.add("stale");
  $("answer").textContent = fields ? t("fix_to_see") : t("no_answer");
}
function clearResult() {
  S.resultId = null;
  showInputNotes([]);
  $("answer").textContent = "";
  $("outcomes").textContent = "";
  $("chart").innerHTML = "";
  $("notes").textContent = "";
  $("metric-box").hidden = true;
}
function showResult(r) {
  S.resultId = r.id;
  $("see").classList.remove("stale");
  $("answer").textContent = r.answer;
  showInputNotes(r.input_notes);
  showDecision();
  // (a placed scenario's table seen from above is drawn from the form itself: drawMap)
  const tab = $("outcomes"); tab.textContent = "";
  const cols = [["label", t("outcome_col")]];
  const has = (k) => r.wide.some((x) => x[k] !== undefined && x[k] !== null);
  if (has("exact")) cols.push(["exact", t("exact")]);
  if (has("fraction")) cols.push(["fraction", t("fraction")]);
  if (has("monte_carlo")) cols.push(["monte_carlo", t("mc")], ["ci", t("ci")], ["count", t("count")]);
  tab.append(el("thead", {}, el("tr", {}, ...cols.map(([, h]) => el("th", { scope: "col", text: h })))));
  const body = el("tbody");
  for (const row of r.wide) {
    const tr = el("tr", { "data-outcome": row.outcome });
    for (const [k] of cols) {
      let v = "";
      if (k === "label") v = row.label;
      else if (k === "exact" || k === "monte_carlo") v = row[k + "_text"] || pct(row[k]);
      else if (k === "fraction") v = row.fraction || "";
      if (k === "fraction" && v.length > 13) {
        // a long fraction wraps after its slash; a very long one scrolls inside its own cell,
        // so that neither the table nor the page grows (the whole of it in the tooltip)
        const [a, b] = v.split("/");
        const inner = b === undefined || v.length > 26 ? v : [a + "/", el("wbr"), b];
        const span = el("span", { class: v.length > 26 ? "frac scroll" : "frac" }, ...[].concat(inner));
        tr.append(el("td", { class: "c-fraction long", title: v }, span));
        continue;
      }
      else if (k === "ci") v = row.ci_text || (pct(row.ci_low) + " – " + pct(row.ci_high));
      else if (k === "count") v = num(row.count);
      tr.append(el(k === "label" ? "th" : "td", { class: "c-" + k, scope: k === "label" ? "row" : null, text: v }));
    }
    body.append(tr);
  }
  tab.append(body);
  $("chart").innerHTML = r.chart_svg;
  const notes = [];
  if (r.methods.includes("exact")) notes.push(t("notes_exact"));
  if (r.methods.includes("monte_carlo")) notes.push(t("notes_mc", { t: num(r.trials), s: r.seed, sec: new Intl.NumberFormat(locale(), { maximumFractionDigits: 2 }).format(r.mc_seconds || 0) }));
  $("notes").textContent = notes.join(" ");
  const m = r.metric;
  if (m && m.views.length > 1) {
    $("metric-box").hidden = false;
    // "(rounds)" once, where the metric's name already gives its unit
    const unit = m.unit && !m.label.includes("(" + m.unit + ")") ? " (" + m.unit + ")" : "";
    $("metric-title").textContent = t("metric_of", { m: m.label.charAt(0).toUpperCase() + m.label.slice(1) + unit });
    const mt = $("metric"); mt.textContent = "";
    mt.append(el("thead", {}, el("tr", {}, ...[t("value_col"), t("exactly"), t("at_least"), t("at_most")].map((h) => el("th", { scope: "col", text: h })))));
    const mb = el("tbody");
    for (const v of m.views) mb.append(el("tr", {}, el("th", { scope: "row", text: num(v.value) }), ...["exactly", "at_least", "at_most"].map((k) => el("td", { text: v[k + "_text"] || pct(v[k]) }))));
    mt.append(mb);
  } else $("metric-box").hidden = true;
  S.outcomes = r.wide.map((x) => ({ code: x.outcome, label: x.label }));
  const so = $("sweep-outcome"), keep = so.value || S.sweepOutcome; so.textContent = "";
  so.append(el("option", { value: "", text: t("all_outcomes") }));
  for (const o of S.outcomes) so.append(el("option", { value: o.code, text: o.label }));
  so.value = S.outcomes.some((o) => o.code === keep) ? keep : "";
  S.title = r.title || "";
  for (const f of ["csv", "json", "png", "svg"]) {
    $("dl-" + f).href = "api/results/" + r.id + "." + f + "?lang=" + S.lang;
    $("dl-" + f).setAttribute("download", fileName() + "." + f);
  }
}

/* ------------------------------------------------------------------ compare and sweep */
function refreshPickers() {
  if (!S.schema) return;
  const leaves = leafPaths(S.schema, S.scenario, "", []).filter((x) => x.path !== "title" && x.path !== "description");
  for (const id of ["setup-field", "sweep-field-1", "sweep-field-2"]) {
    const sel = $(id), keep = sel.value; sel.textContent = "";
    if (id === "sweep-field-2") sel.append(el("option", { value: "", text: t("none") }));
    for (const l of leaves) sel.append(el("option", { value: l.path, text: l.title + " — " + l.path }));
    if (keep && leaves.some((l) => l.path === keep)) sel.value = keep;
  }
  setupChoices();
  renderSetups();
}
// a setup's value is offered by name where the field names its values ("Retraite"; read as its code)
function setupChoices() {
  const leaf = leafPaths(S.schema, S.scenario, "", []).find((x) => x.path === $("setup-field").value);
  const s = leaf ? leaf.schema : null, dl = $("setup-values");
  dl.textContent = "";
  if (!s) return;
  const vals = s.type === "boolean" ? [true, false] : (s.enum || knownValues(s) || []);
  const names = [...new Set(vals.map((v) => capital(valueName(s, v))))];
  for (const n of names) dl.append(el("option", { value: n }));
}
async function renderSetups() {
  const ul = $("setups"); ul.textContent = "";
  const table = S.scenario.compare || {};
  const gen = S.setupsGen = (S.setupsGen || 0) + 1;  // only the latest call draws the list
  let listed = [];
  try { listed = await api("api/setups", { scenario: S.scenario, lang: S.lang }); } catch (e) {
    // the question does not load (a field in red): the setups as written, in the page's language
    listed = Object.keys(table).map((k) => {
      const { ["label_" + S.lang]: own, ...changes } = table[k] || {};
      for (const key of Object.keys(changes)) if (key.startsWith("label_")) delete changes[key];
      return { en: k, label: typeof own === "string" ? own : k, changes };
    });
  }
  if (gen !== S.setupsGen) return;
  ul.textContent = "";
  const added = (S.added || []).filter((l) => l in table);
  listed = listed.filter((x) => !added.includes(x.en)).concat(added.map((l) => listed.find((x) => x.en === l)).filter(Boolean));
  $("per-setup-row").hidden = !listed.length;
  if (!listed.length) ul.append(el("li", { class: "help", text: t("no_setups") }));
  for (const s of listed) {
    const changes = Object.entries(s.changes).map(([p, v]) => titleOf(p) + " = " + changeText(p, v)).join(", ") || t("no_change");
    const li = el("li", {}, el("strong", { text: s.label }), " — " + changes + " ");
    if (s.en in table) {
      const rm = el("button", { type: "button", class: "small", text: t("remove") });
      rm.onclick = () => { delete S.scenario.compare[s.en]; S.added = (S.added || []).filter((l) => l !== s.en); if (!Object.keys(S.scenario.compare).length) delete S.scenario.compare; updateShare(); renderSetups(); };
      li.append(rm);
    }
    ul.append(li);
  }
}
function addSetup() {
  const label = $("setup-label").value.trim(), path = $("setup-field").value;
  const leaf = leafPaths(S.schema, S.scenario, "", []).find((x) => x.path === path);
  const s = leaf ? leaf.schema : null;
  let value;
  $("compare-errors").hidden = true;
  if (s && (s.type === "integer" || s.type === "number") && !s.mixed) {
    // a number as the page's language writes it ("12,5" in French); a text that is none is refused by name
    const read = numberField($("setup-value").value, s, path);
    if (read.error) { showErrors({ message: read.error }, $("compare-errors")); return; }
    value = read.value;
  } else value = parseScalar($("setup-value").value, s ? (s.mixed ? Object.assign({}, s, { type: undefined }) : s) : null);
  if (!label || !path || value === undefined) return;
  S.scenario.compare = S.scenario.compare || {};
  // an added setup comes after the scenario's own ones (its first setup stays the baseline),
  // even where the system's shorthands (listed after the [compare] table) give them
  S.added = S.added || [];
  if (!(label in S.scenario.compare) && !S.added.includes(label)) S.added.push(label);
  const setup = S.scenario.compare[label] || {};
  setup[path] = value;
  S.scenario.compare[label] = setup;
  $("setup-value").value = "";
  updateShare(); renderSetups();
}
async function runCompare() {
  sizing(); $("compare-errors").hidden = true;
  $("compare-dl").hidden = true; showInputNotes([], "compare-notes");
  $("compare-chart").textContent = t("working"); $("difference-chart").textContent = ""; $("compare-table").textContent = "";
  try {
    const added = (S.added || []).filter((l) => S.scenario.compare && l in S.scenario.compare);
    const r = await api("api/compare", { scenario: S.scenario, added, method: S.method, trials: Math.min(S.trials, 2000000), seed: S.seed, lang: S.lang });
    $("compare-chart").innerHTML = r.chart_svg; $("difference-chart").innerHTML = r.difference_svg;
    showInputNotes(r.input_notes, "compare-notes");
    $("compare-dl").hidden = false;
    const tab = $("compare-table");
    const base = r.setups[0];
    tab.append(el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("outcome_col") }),
      ...r.setups.map((s, i) => el("th", { scope: "col", text: i ? s + " (" + t("diff_short") + ")" : s })))));
    const body = el("tbody");
    const codes = [...new Set(r.rows.map((x) => x.outcome))];
    for (const c of codes) {
      const tr = el("tr", {}, el("th", { scope: "row", text: r.rows.find((x) => x.outcome === c).label }));
      r.setups.forEach((s, i) => {
        const row = r.rows.find((x) => x.outcome === c && x.setup === s);
        let text = row ? (row.probability_text || pct(row.probability, 1)) : "";
        if (row && i && row.difference_text) {
          // the command line's numbers, formatted by the server (one rounding everywhere)
          text += "  (" + row.difference_text + (row.diff_exact ? "" : " [" + row.diff_low_text + listSep() + row.diff_high_text + "]") + " " + t("points") + ")";
        }
        tr.append(el("td", { text }));
      });
      body.append(tr);
    }
    tab.append(body);
  } catch (e) { $("compare-chart").textContent = ""; showErrors(e, $("compare-errors")); }
}
async function runSweep() {
  sizing(); $("sweep-errors").hidden = true; $("sweep-chart").textContent = t("working"); $("sweep-dl").hidden = true;
  showInputNotes([], "sweep-notes");
  const vary = {}; const labels = {};
  const f1 = $("sweep-field-1").value, v1 = $("sweep-values-1").value.trim();
  const f2 = $("sweep-field-2").value, v2 = $("sweep-values-2").value.trim();
  try {
    if (f1) { vary[f1] = sweepValues(f1, v1); labels[f1] = titleOf(f1); }
    if (f2) { vary[f2] = sweepValues(f2, v2); labels[f2] = titleOf(f2); }
    // the question itself is swept (without its setups), unless one line per setup is asked for
    const perSetup = !$("per-setup-row").hidden && $("per-setup").checked;
    const r = await api("api/sweep", { scenario: S.scenario, vary, outcome: $("sweep-outcome").value || null, trials: Math.min(S.trials, 100000), seed: S.seed, lang: S.lang, labels, method: S.method === "both" ? null : S.method, per_setup: perSetup });
    $("sweep-chart").innerHTML = r.chart_svg; $("sweep-dl").hidden = false;
    showInputNotes(r.input_notes, "sweep-notes");
  } catch (e) { $("sweep-chart").textContent = ""; showErrors(e, $("sweep-errors")); }
}

/* A sweep's values as the page's language writes them: a range (5..10) or a list the server reads
   as the command line does ("2d6,3d6"), except where the page reads them itself (sent as a JSON
   list): a number field on the French page ("0,5 ; 1,5": a comma is a decimal sign between digits,
   ";" separates), and values written by name ("retraite, course" for D&D's modes). */
function sweepValues(path, text) {
  const leaf = leafPaths(S.schema, S.scenario, "", []).find((x) => x.path === path);
  const s = leaf ? leaf.schema : null;
  if (!s || text.includes("..")) return text;
  const number = (s.type === "integer" || s.type === "number") && !s.mixed;
  const sep = !(decimalSign() === "," && number) ? "," : s.type === "integer" ? /[;,]/ : /;|,(?!\d)/;
  const items = text.split(sep).map((x) => x.trim());
  if (items.some((x) => x === "")) return text;  // the server says what an empty item is
  if (number) {
    if (decimalSign() !== ",") return text;
    return items.map((x) => {
      const read = numberField(x, s, path);
      if (read.error) throw failure(400, { detail: read.error, errors: [{ path, message: read.error }] });
      return read.value;
    });
  }
  if (items.every((x) => codeOf(x, s) === undefined)) return text;
  return items.map((x) => parseScalar(x, s.mixed ? Object.assign({}, s, { type: undefined }) : s));
}

/* ------------------------------------------------------------------ BattleScribe units */
function renderRoles() {
  const sel = $("role"), keep = sel.value; sel.textContent = "";
  for (const r of S.roles) sel.append(el("option", { value: r.key, text: r[S.lang] || r.en }));
  if (keep) sel.value = keep;
}
async function readUnits() {
  const f = $("cat-file").files[0]; if (!f) return;
  const fd = new FormData(); fd.append("catalogue", f);
  const g = $("gst-file").files[0]; if (g) fd.append("game_system", g);
  fd.append("system", S.system);
  $("upload-msg").textContent = t("working");
  try {
    let r;
    try { r = await fetch("api/upload", { method: "POST", body: fd, headers: { "Accept-Language": S.lang } }); }
    catch (e) { throw failure(0, null); }
    const data = await r.json().catch(() => null);
    if (!r.ok) throw failure(r.status, data);
    S.units = data.profiles; S.roles = data.roles; renderRoles();
    const sel = $("unit"); sel.textContent = "";
    data.profiles.forEach((p, i) => sel.append(el("option", { value: String(i), "data-name": p.name,
      text: p.name + " — " + Object.entries(p).filter(([k, v]) => typeof v === "number").slice(0, 2).map(([k, v]) => human(k) + " " + v).join(", ") })));
    $("unit-row").hidden = false;
    $("upload-msg").textContent = t("units_read", { n: data.profiles.length, c: data.catalogue });
  } catch (e) { $("upload-msg").textContent = e.message; }
}
async function useUnit() {
  const p = S.units[parseInt($("unit").value, 10)]; if (!p) return;
  try {
    const r = await api("api/unit", { scenario: S.scenario, role: $("role").value, profile: p });
    S.scenario = r.scenario; S.example = ""; $("example").value = ""; exampleHelp();
    followTitle();  // "… [Orc Boyz]" on the example's title would name the wrong opponent
    renderForm(); updateShare();
    $("upload-msg").textContent = t("picked", { u: p.name });
    compute();
  } catch (e) { $("upload-msg").textContent = e.message; }
}

/* ------------------------------------------------------------------ downloads */
/* Downloads are named after the question: its title as the answer gives it ("Night Goblins vs
   Orc Boyz (7th)" → night-goblins-vs-orc-boyz-7th.png), else the example's file, else the game. */
function fileName() {
  const words = (text) => String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+/, "").slice(0, 80).replace(/-+$/, "");
  return words(S.title) || words((S.example || "").split("/").pop().replace(/\.toml$/, "")) ||
    "fleeodds-" + words(S.system || "scenario");
}
// a result's file, fetched and saved under the question's name (the server names every file alike)
async function downloadResult(ev, fmt) {
  ev.preventDefault();
  const a = ev.currentTarget;
  if (!a.href || !S.resultId) return;
  try {
    let r;
    try { r = await fetch(a.href, { headers: { "Accept-Language": S.lang } }); } catch (e) { throw failure(0, null); }
    if (!r.ok) throw failure(r.status, await r.json().catch(() => null));
    saveBlob(await r.blob(), fileName() + "." + fmt);
  } catch (e) { showErrors(e, $("form-errors")); }
}
// a chart drawn on the page (compare, sweep) saved as the SVG the server drew, or as a PNG
// rendered from it at twice its size
function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name }); document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}
function saveChart(boxId, fmt, name) {
  const svg = $(boxId).querySelector("svg"); if (!svg) return;
  const text = new XMLSerializer().serializeToString(svg);
  const blob = new Blob([text], { type: "image/svg+xml" });
  if (fmt === "svg") return saveBlob(blob, name + ".svg");
  const img = new Image(), url = URL.createObjectURL(blob);
  img.onload = () => {
    const w = (svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) || img.width || 800;
    const h = (svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.height) || img.height || 500;
    const c = el("canvas", { width: String(Math.round(w * 2)), height: String(Math.round(h * 2)) });
    const g = c.getContext("2d"); g.fillStyle = "#fff"; g.fillRect(0, 0, c.width, c.height);
    g.drawImage(img, 0, 0, c.width, c.height); URL.revokeObjectURL(url);
    c.toBlob((b) => saveBlob(b, name + ".png"), "image/png");
  };
  img.src = url;
}
async function downloadToml() {
  try {
    let r;
    try { r = await fetch("api/toml", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": S.lang }, body: JSON.stringify({ scenario: S.scenario }) }); }
    catch (e) { throw failure(0, null); }
    if (!r.ok) throw failure(r.status, await r.json().catch(() => null));
    saveBlob(await r.blob(), fileName() + ".toml");
  } catch (e) { showErrors(e, $("form-errors")); }
}
async function copyLink() {
  updateShare();
  const box = $("share-link");
  try { await navigator.clipboard.writeText(box.value); } catch (e) { box.select(); document.execCommand("copy"); }
  $("copy-link").textContent = t("copied"); setTimeout(() => { $("copy-link").textContent = t("copy_link"); }, 1500);
}

/* ------------------------------------------------------------------ start */
async function openState(st) {
  if (st && st.system && S.systems.some((s) => s.key === st.system)) {
    S.system = st.system; S.scenario = st.scenario && typeof st.scenario === "object" ? st.scenario : {};
    S.lang = pageLangs().includes(st.lang) ? st.lang : "en"; S.method = ["both", "exact", "mc"].includes(st.method) ? st.method : "both";
    if (Number.isInteger(st.trials)) S.trials = st.trials; if (Number.isInteger(st.seed)) S.seed = st.seed;
    S.example = typeof st.example === "string" && S.examples.some((e) => e.name === st.example && e.system === st.system) ? st.example : "";
    S.added = Array.isArray(st.added) ? st.added.filter((l) => typeof l === "string") : [];
    S.ownTitle = st.own_title === true;
    S.sweep = st.sweep && typeof st.sweep === "object" ? st.sweep : null;
  } else {
    S.ownTitle = false; S.sweep = null;
    const first = S.examples.find((e) => e.name === "warhammer/goblins_broken_by_dwarfs.toml") || S.examples[0];
    S.system = first ? first.system : S.systems[0].key;
    S.example = first ? first.name : "";
    S.scenario = first ? await api("api/examples/" + first.name) : {};
  }
  $("method").value = S.method; $("trials").value = S.trials; $("seed").value = S.seed;
  // a link in another language than the page's words: that language's words with its schema
  if (S.textLang !== S.lang) { [S.text] = await Promise.all([loadText(S.lang), loadSchema()]); S.textLang = S.lang; }
  else await loadSchema();
  if (!Object.keys(S.scenario).length) S.scenario = defaults();
  applyLang(); renderForm(); updateShare();
  const sweep = S.sweep, gen = (S.gen || 0) + 1;
  // a link with "Vary a field" settings draws its sweep too, once the answer lists the outcomes (not
  // waited for here: the page's controls work meanwhile)
  compute().then(() => { if (sweep && S.sweep === sweep && S.gen === gen && applySweep()) { updateShare(); runSweep(); } });
}
// a page action whose request fails says why (in the page's language) instead of failing silently
const guard = (fn) => async (...args) => {
  try { await fn(...args); }
  catch (e) { hideProgress(); staleResult(showErrors(e, $("form-errors"))); $("run").disabled = false; }
};
async function start() {
  [S.systems, S.examples, S.config] = await Promise.all([api("api/systems"), api("api/examples"),
    api("api/config").catch(() => ({}))]);  // a server without hosted mode: the page's own address
  // the page's language: French when the server is told so (fleeodds serve --lang fr) or the browser asks for it
  const nav = (navigator.language || "en").toLowerCase();
  const other = pageLangs().filter((lg) => lg !== "en");
  S.lang = (S.config && other.includes(S.config.lang) && S.config.lang) || other.find((lg) => nav.startsWith(lg)) || "en";
  // its words first: a failure while opening the question is told in them
  S.text = await loadText(S.lang); S.textLang = S.lang;
  await openState(readHash());
  $("system").onchange = guard(async () => {
    S.system = $("system").value; S.example = "";
    await loadSchema();
    const first = S.examples.find((e) => e.system === S.system);
    applyLang();
    await pickExample(first ? first.name : "");
    applyLang();
  });
  $("example").onchange = guard(() => pickExample($("example").value));
  for (const b of document.querySelectorAll("[data-lang]")) b.onclick = guard(async () => {
    if (S.lang === b.dataset.lang) return;
    const was = S.lang, keep = S.schema;
    S.lang = b.dataset.lang;
    // on failure the page stays in its language, and says so in it
    let text;
    try { [text] = await Promise.all([loadText(S.lang), loadSchema()]); }
    catch (e) { S.schema = keep; S.lang = was; throw failure(e.status || 0, e.raw); }
    S.text = text; S.textLang = S.lang;
    applyLang(); renderForm(); updateShare(); compute();
  });
  $("run").onclick = compute;
  $("form").onsubmit = (e) => { e.preventDefault(); compute(); };
  $("cancel").onclick = () => { if (S.job) api("api/jobs/" + S.job + "/cancel", {}).catch(() => {}); };
  for (const id of ["method", "trials", "seed"]) $(id).onchange = () => { sizing(); updateShare(); };
  $("add-setup").onclick = addSetup;
  $("setup-field").onchange = setupChoices;
  $("run-compare").onclick = runCompare;
  $("run-sweep").onclick = runSweep;
  for (const id of ["sweep-field-1", "sweep-values-1", "sweep-field-2", "sweep-values-2", "sweep-outcome", "per-setup"])
    $(id).addEventListener("change", () => { S.sweepOutcome = null; updateShare(); });
  for (const [id, box, suffix] of [["compare", "compare-chart", "-compare"], ["difference", "difference-chart", "-differences"], ["sweep", "sweep-chart", "-sweep"]])
    for (const fmt of ["png", "svg"]) $(id + "-" + fmt).onclick = () => saveChart(box, fmt, fileName() + suffix);
  for (const f of ["csv", "json", "png", "svg"]) $("dl-" + f).onclick = (ev) => downloadResult(ev, f);
  $("read-units").onclick = readUnits;
  $("use-unit").onclick = useUnit;
  $("dl-toml").onclick = downloadToml;
  $("copy-link").onclick = copyLink;
  window.addEventListener("hashchange", () => { const st = readHash(); if (st && !same(st, shareState())) openState(st); });
  window.addEventListener("resize", () => { clearTimeout(S.mapResize); S.mapResize = setTimeout(() => { if (S.map) drawMap(); }, 150); });
  window.addEventListener("pagehide", () => { if (S.job) navigator.sendBeacon("api/jobs/" + S.job + "/cancel"); });
}
start().catch((e) => { $("answer").textContent = e.message; });


/* ------------------------------------------------------------------ best choice ([decide]) */
/* A scenario with a [decide] table gets a "best choice" card under the answer: every option of each goal
   as a bar, the best one marked, and the sentences that say what it is worth (POST api/decide). */
async function showDecision() {
  const box = $("decision");
  if (!S.scenario || !S.scenario.decide) { box.hidden = true; S.decisionAsked = null; return; }
  const gen = S.gen;
  // the exact part of an answer and its Monte Carlo part both arrive here: one decision per question
  const ask = JSON.stringify([S.scenario, S.method, S.trials, S.seed, S.lang]);
  if (S.decisionAsked === ask) return;
  S.decisionAsked = ask;
  box.hidden = false;
  $("decision-goals").textContent = t("deciding");
  $("decision-sentences").textContent = ""; $("decision-chart").textContent = "";
  let d;
  try {
    d = await api("api/decide", { scenario: S.scenario, method: S.method, trials: S.method === "exact" ? null : S.trials,
                                  seed: S.seed, lang: S.lang });
  } catch (e) {
    if (gen !== S.gen || S.decisionAsked !== ask) return;
    S.decisionAsked = null;  // asked again with the next answer
    $("decision-goals").textContent = (e && e.message) || t("no_answer");
    return;
  }
  if (gen !== S.gen || S.decisionAsked !== ask) return;
  const goals = $("decision-goals"); goals.textContent = "";
  for (const g of d.goals) {
    if (!g.options.length) continue;
    const list = el("div", { class: "decision-goal" }, el("h4", { text: g.label }));
    for (const o of g.options) {
      const share = g.scale > 0 ? Math.max(0, Math.min(1, o.value / g.scale)) : 0;
      const bar = el("span", { class: "bar" + (o.best ? " best" : "") });
      bar.style.width = (100 * share).toFixed(1) + "%";
      const name = o.label + (o.default ? " (" + t("decision_default") + ")" : "");
      list.append(el("div", { class: "decision-row" + (o.best ? " best" : "") },
        el("span", { class: "name", text: name }),
        el("span", { class: "track" }, bar),
        el("span", { class: "value", text: o.text + (o.best ? " ◀ " + t("decision_best") : "") })));
    }
    goals.append(list);
  }
  const ul = $("decision-sentences"); ul.textContent = "";
  for (const line of d.sentences) ul.append(el("li", { text: line }));
  for (const p of d.policies) for (const line of p.sentences) ul.append(el("li", { text: line }));
  if (d.chart_svg) $("decision-chart").innerHTML = d.chart_svg;
}
