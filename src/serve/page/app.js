// tileforge serve: draws the server's state and redraws it whenever the
// server says (server-sent events on /events) that the inputs were compiled
// again. All text is set with textContent: nothing from the tile set is
// ever parsed as HTML.
'use strict';

let shown = -1;        // the generation on the page
let fetching = false;  // a state request is under way
let again = false;     // another one was asked for meanwhile
let selected = null;   // the id of the tile whose details are open
const FOLDED = 5;      // more warnings than this start folded

function $(id) { return document.getElementById(id); }

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

async function refresh() {
  if (fetching) { again = true; return; }
  fetching = true;
  try {
    const response = await fetch('/api/state', { cache: 'no-store' });
    if (response.ok) {
      const state = await response.json();
      if (state.generation >= shown) draw(state);
    }
  } catch (e) {
    // The server is gone for now; the event stream reconnects.
  } finally {
    fetching = false;
    if (again) { again = false; refresh(); }
  }
}

function draw(state) {
  shown = state.generation;
  document.body.dataset.generation = String(state.generation);
  document.body.dataset.status = state.status;
  $('status').textContent = state.status;
  $('summary').textContent = state.summary;
  $('files').textContent = state.files.join('  ·  ');
  document.title = `${state.status} · tileforge serve`;

  $('problem-section').hidden = !state.problem;
  $('problem').textContent = state.problem || '';

  const diagnostics = $('diagnostics');
  diagnostics.replaceChildren(...state.diagnostics.map((d) => {
    const pre = element('pre', `diagnostic ${d.severity}`, d.text.trimEnd());
    if (d.code) pre.dataset.code = d.code;
    return pre;
  }));
  $('diagnostics-section').hidden = state.diagnostics.length === 0;
  // Errors are always open; a long list of warnings starts folded, so the
  // tiles stay in view.
  const errors = state.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = state.diagnostics.length - errors;
  $('diagnostic-count').textContent = `(${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})`;
  $('diagnostics-box').open = errors > 0 || state.diagnostics.length <= FOLDED;

  const tiles = $('tiles');
  tiles.replaceChildren(...state.tiles.map((t) => {
    const figure = element('figure', 'tile');
    figure.dataset.id = t.id;
    figure.dataset.index = String(t.index);
    figure.title = t.description || t.id;
    const img = element('img');
    img.loading = 'lazy';
    img.alt = t.id;
    img.src = t.image;
    const caption = element('figcaption');
    caption.append(
      element('span', 'name', `${t.id} ×${t.count}`),
      element('br'),
      element('span', 'edges', t.edges),
    );
    figure.append(img, caption);
    figure.addEventListener("click", () => openTile(t.id));
    return figure;
  }));
  $('tile-count').textContent = state.tiles.length ? `(${state.tiles.length} kinds)` : '';
  $('no-tiles').hidden = state.tiles.length > 0 || state.status === 'unreadable';

  $('sheets').replaceChildren(...state.sheets.map((s) => {
    const figure = element('figure', 'sheet');
    const img = element('img');
    img.loading = 'lazy';
    img.alt = `contact sheet of ${s.expansion}`;
    img.src = s.image;
    const page = s.pages > 1 ? `, page ${s.page} of ${s.pages}` : '';
    figure.append(img, element('figcaption', '', `${s.name} (${s.expansion})${page}`));
    return figure;
  }));
  $('sheets-section').hidden = state.sheets.length === 0;

  $('stats-section').hidden = state.stats === null;
  $('stats').textContent = state.stats || '';

  if (selected !== null) openTile(selected);
}

// Shows a tile's details (derived features and fields, wire JSON) beside
// the grid; the selection survives redraws while the tile exists.
async function openTile(id) {
  const figure = [...document.querySelectorAll('#tiles .tile')].find((f) => f.dataset.id === id);
  for (const f of document.querySelectorAll('#tiles .tile.selected')) f.classList.remove('selected');
  if (!figure) {
    selected = null;
    $('detail').hidden = true;
    return;
  }
  selected = id;
  figure.classList.add('selected');
  const generation = shown;
  const response = await fetch(`/g/${generation}/tile/${figure.dataset.index}.json`, { cache: 'no-store' });
  if (!response.ok || generation !== shown) return;
  const detail = await response.json();
  if (generation !== shown || selected !== id) return;
  $('detail-title').textContent = detail.id;
  $('detail-image').src = detail.image;
  $('detail-image').alt = detail.id;
  $('detail-description').textContent = detail.description;
  $('detail-derived').textContent = detail.derived.trimEnd();
  $('detail-json').textContent = detail.json.trimEnd();
  const aside = $('detail');
  aside.dataset.id = detail.id;
  aside.dataset.generation = String(generation);
  aside.hidden = false;
}

function listen() {
  const events = new EventSource('/events');
  events.onopen = () => { $('live').textContent = 'live'; $('live').classList.add('on'); };
  events.onerror = () => { $('live').textContent = 'offline'; $('live').classList.remove('on'); };
  events.onmessage = (event) => {
    if (Number(event.data) !== shown) refresh();
  };
}

listen();
refresh();
