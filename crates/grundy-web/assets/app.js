// The explorer's page: every game, its editor and its answers come from the API (/api/list
// says what each game's editor is); this file names no game. A position is drawn by its
// editor's kind (heaps of sticks, a board, a maze, a graph) and played by clicking the drawing.
'use strict';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
};
const SVG = 'http://www.w3.org/2000/svg';
const svgEl = (tag, attrs = {}, text) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

// A value as the reports write it: a number (or a decimal string above 2^53), or a loopy
// value {infinite, escapes}: ∞ with the finite values among the followers, ∞(K).
function shown(v) {
  if (v && typeof v === 'object' && v.infinite) return '∞' + (v.escapes.length ? '(' + v.escapes.join(',') + ')' : '');
  return String(v);
}
const OUTCOME = { P: 'P: the player to move loses', N: 'N: the player to move wins', D: 'D: a draw with best play' };

let games = [];
let cur = null; // the chosen game's list entry
let fileText = ''; // the text of a file editor
let tab = 'position';

// ---- the API, with a busy indicator and cancel ----
// One question at a time per purpose (`slot`): a new one aborts the one before. The indicator
// shows after 250 ms; Cancel aborts every question running (the server then stops computing).
const running = new Map(); // slot -> AbortController
let busyTimer = null;
function updateBusy() {
  const on = running.size > 0;
  if (!on) { clearTimeout(busyTimer); busyTimer = null; $('busy').hidden = true; return; }
  if (busyTimer || !$('busy').hidden) return;
  busyTimer = setTimeout(() => { busyTimer = null; if (running.size) { $('busy').hidden = false; tickBusy(Date.now()); } }, 250);
}
function tickBusy(start) {
  if ($('busy').hidden) return;
  $('busy-text').textContent = 'Computing… ' + ((Date.now() - start) / 1000).toFixed(1) + ' s';
  setTimeout(() => tickBusy(start), 200);
}
function cancelAll() {
  for (const c of running.values()) c.abort();
  running.clear();
  updateBusy();
}
class Cancelled extends Error {}
async function api(path, body, slot) {
  let ctl = null;
  if (slot) {
    if (running.has(slot)) running.get(slot).abort();
    ctl = new AbortController();
    running.set(slot, ctl);
    updateBusy();
  }
  try {
    const r = await fetch('/api/' + path, body === undefined ? { signal: ctl ? ctl.signal : undefined } : {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      signal: ctl ? ctl.signal : undefined,
    });
    const j = await r.json().catch(() => ({ error: 'the server answered ' + r.status }));
    if (!r.ok) throw new Error(j.error || ('the server answered ' + r.status));
    return j;
  } catch (e) {
    if (e.name === 'AbortError') throw new Cancelled('cancelled');
    throw e;
  } finally {
    if (slot && running.get(slot) === ctl) { running.delete(slot); updateBusy(); }
  }
}
function showError(e) {
  const box = $('error');
  if (!e) { box.hidden = true; box.textContent = ''; return; }
  if (e instanceof Cancelled) return;
  box.hidden = false;
  box.textContent = e.message || String(e);
}

// ---- positions as words ----
const editor = () => (cur ? cur.editor : { kind: 'words' });
function positionText() {
  const ed = editor();
  const words = $('words').value.trim();
  if (ed.kind === 'file') return [cur.name, ed.file, words].filter((w) => w).join(' ');
  return (cur.name + ' ' + words).trim();
}
function files() {
  const ed = editor();
  return ed.kind === 'file' ? { [ed.file]: fileText } : {};
}
// The words after the game's name (and the file's name) that give `position` of the report's
// `game` (`game` may carry rules: an octal code, `--set 1,2`).
function wordsFor(game, position) {
  const full = (game + ' ' + position).trim();
  const ed = editor();
  const head = ed.kind === 'file' ? cur.name + ' ' + ed.file : cur.name;
  if (full === head) return '';
  if (full.startsWith(head + ' ')) return full.slice(head.length + 1);
  return full;
}
// The words of an example after the game's name (a file game's example names a file: its text
// comes with the editor).
function exampleWords(g) {
  const rest = g.example.split(/\s+/).slice(1);
  if (g.editor.kind === 'file') return rest.slice(1).join(' ');
  return rest.join(' ');
}
function leadingWords(words) {
  const ws = words.split(/\s+/).filter((w) => w);
  let k = ws.length;
  while (k > 0 && /^\d+$/.test(ws[k - 1])) k--;
  return ws.slice(0, k).join(' ');
}

// ---- boards: parse the editors' texts ----
function parseBoard(text, cells) {
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  if (m) return Array.from({ length: Math.min(+m[1], 64) }, () => cells[0].repeat(Math.min(+m[2], 64)).split(''));
  return text.trim().split('/').filter((r) => r.length).map((r) => r.split(''));
}
function parseStair(text) {
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  if (m) return Array.from({ length: Math.min(+m[1], 64) }, () => Math.min(+m[2], 64));
  return text.trim().split(',').filter((x) => x !== '' && x !== '-').map(Number);
}
function parseFileBoard(text) {
  return text.split('\n').filter((r) => r.trim().length && !r.startsWith('#')).map((r) => r.trim().split(''));
}
// The cells of a position as a grid of characters ('1' = present, '0' = absent for a staircase).
// A staircase is drawn top row first, with at least `rows` rows (so that two positions line up
// at the bottom row, the poisoned one).
function gridOf(posText, ed = editor(), rows = 0) {
  if (ed.kind === 'board') return parseBoard(posText, ed.cells);
  if (ed.kind === 'row') return [posText.trim().split('')];
  if (ed.kind === 'columns') {
    // One character a column, each standing for its cells (top first); N: N free columns.
    const map = new Map(ed.columns);
    const t = posText.trim();
    const cols = /^\d+$/.test(t) ? Array.from({ length: Math.min(+t, 200) }, () => ed.columns[0][1]) : [...t].map((ch) => map.get(ch) || '');
    const h = ed.columns[0][1].length;
    return Array.from({ length: h }, (_, r) => cols.map((c) => c[r] || '.'));
  }
  if (ed.kind === 'staircase') {
    const lens = parseStair(posText);
    while (lens.length < rows) lens.push(0);
    let w = 0;
    for (const l of lens) w = Math.max(w, l);
    return lens.map((l) => Array.from({ length: w }, (_, c) => (c < l ? '1' : '0'))).reverse();
  }
  return null;
}
const isBoard = (ed = editor()) => ['board', 'row', 'staircase', 'columns'].includes(ed.kind);
const cellChars = (ed = editor()) => (ed.kind === 'staircase' ? '01' : ed.kind === 'columns' ? '.#' : ed.cells);

// Cells that differ between two grids (as "r,c" keys).
function diff(a, b) {
  const out = new Set();
  if (!a || !b) return out;
  const rows = Math.max(a.length, b.length);
  for (let r = 0; r < rows; r++) {
    const ra = a[r] || [], rb = b[r] || [];
    for (let c = 0; c < Math.max(ra.length, rb.length); c++) if (ra[c] !== rb[c]) out.add(r + ',' + c);
  }
  return out;
}

// A grid of buttons (keyboard-reachable): `label(r, c, ch)` names each cell, `click(r, c)`;
// `classes(r, c, ch)` adds classes. Cells that are not there ('0') are plain boxes.
function drawBoard(grid, chars, { click, label, classes, id } = {}) {
  const cols = grid.reduce((m, row) => Math.max(m, row.length), 0);
  const box = el('div', { class: 'board', role: 'group', id, 'aria-label': 'board of ' + grid.length + ' rows and ' + cols + ' columns' });
  box.style.gridTemplateColumns = `repeat(${cols}, auto)`;
  grid.forEach((row, r) => {
    for (let c = 0; c < cols; c++) {
      const ch = row[c] === undefined ? '0' : row[c];
      if (ch === '0') { box.append(el('span', { class: 'off cell', 'data-r': r, 'data-c': c, 'aria-hidden': 'true' })); continue; }
      const i = chars.indexOf(ch);
      const b = el('button', { type: 'button', class: 'cell c' + Math.max(0, i), 'data-r': r, 'data-c': c,
        'aria-label': label ? label(r, c, ch) : 'row ' + (r + 1) + ' column ' + (c + 1) }, ch === '1' ? '' : ch);
      for (const k of (classes ? classes(r, c, ch) : [])) b.classList.add(k);
      if (click) b.addEventListener('click', () => click(r, c));
      box.append(b);
    }
  });
  // .board is a CSS grid: off cells are spans that need a size too.
  for (const s of box.querySelectorAll('span.off')) { s.style.width = '32px'; s.style.height = '32px'; s.style.background = '#e5e7eb'; }
  return box;
}
const cellName = (ch, chars) => (ch === chars[0] ? 'empty' : 'filled ' + ch);

// ---- the editor (set up a position by hand) ----
// The size fields and the grid are drawn apart: typing a size redraws the grid only, so focus
// stays where it is and the Evaluate button (above the grid) does not move.
function renderEditor() {
  const box = $('editor');
  box.innerHTML = '';
  const ed = editor();
  const words = $('words');
  if (ed.kind === 'numbers') {
    box.append(el('div', { class: 'numbers', id: 'numbers' }));
    renderNumbers();
  } else if (ed.kind === 'board' || ed.kind === 'row') {
    const grid = gridOf(words.value);
    const rows = el('input', { type: 'number', min: '1', max: '64', id: 'ed-rows', value: grid.length, 'aria-label': 'rows' });
    const cols = el('input', { type: 'number', min: '1', max: '64', id: 'ed-cols', value: grid[0] ? grid[0].length : 0, 'aria-label': 'columns' });
    const resize = () => {
      const old = gridOf(words.value);
      const R = ed.kind === 'row' ? 1 : Math.max(1, Math.min(64, +rows.value || 1)), C = Math.max(1, Math.min(64, +cols.value || 1));
      words.value = writeBoard(Array.from({ length: R }, (_, r) => Array.from({ length: C }, (_, c) => (old[r] && old[r][c]) || ed.cells[0])));
      renderEditorGrid();
    };
    rows.addEventListener('change', resize);
    cols.addEventListener('change', resize);
    const size = el('div', { class: 'row size' });
    if (ed.kind !== 'row') size.append(el('label', { for: 'ed-rows' }, 'rows'), rows);
    size.append(el('label', { for: 'ed-cols' }, 'columns'), cols, el('span', { class: 'note' }, 'click a cell to change it'));
    box.append(size, el('div', { id: 'editor-grid' }));
    renderEditorGrid();
  } else if (ed.kind === 'staircase') {
    box.append(el('p', { class: 'note' }, 'Row lengths from the bottom row up (5,3,1), or ROWSxCOLUMNS. Click a square of the drawing to play it.'));
  } else if (ed.kind === 'columns') {
    box.append(el('p', { class: 'note' }, 'A number N (N free columns), or the columns as positions print them: '
      + ed.columns.map(([ch, cells]) => ch + ' ' + cells.split('').map((x) => (x === '.' ? 'free' : 'taken')).join('/')).join(', ') + ' (top cell first). Click the cells of a move on the drawing.'));
  } else if (ed.kind === 'file') {
    const ta = el('textarea', { id: 'file-text', rows: 8, cols: 40, spellcheck: 'false' });
    ta.value = fileText;
    ta.addEventListener('input', () => { fileText = ta.value; });
    ta.addEventListener('change', () => { if (ed.cells) renderEditorGrid(); });
    box.append(el('label', { for: 'file-text', class: 'block' }, 'The file ' + ed.file + ':'), el('br'), ta, el('div', { id: 'editor-grid' }));
    if (ed.cells) renderEditorGrid();
  }
}
function writeBoard(g) { return editor().kind === 'row' ? g[0].join('') : g.map((r) => r.join('')).join('/'); }
function renderEditorGrid() {
  const box = $('editor-grid');
  if (!box) return;
  box.innerHTML = '';
  const ed = editor();
  if (ed.kind === 'file') {
    const grid = parseFileBoard(fileText);
    box.append(drawBoard(grid, ed.cells, {
      label: (r, c, ch) => 'row ' + (r + 1) + ' column ' + (c + 1) + ': ' + ch,
      click: (r, c) => {
        grid[r][c] = ed.cells[(ed.cells.indexOf(grid[r][c]) + 1) % ed.cells.length];
        fileText = grid.map((row) => row.join('')).join('\n') + '\n';
        $('file-text').value = fileText;
        renderEditorGrid();
        focusCell(box, r, c);
      },
    }));
    return;
  }
  const grid = gridOf($('words').value);
  // The size fields follow the words (a field being typed in is left alone).
  for (const [id, n] of [['ed-rows', grid.length], ['ed-cols', grid[0] ? grid[0].length : 0]]) {
    const f = $(id);
    if (f && document.activeElement !== f) f.value = n;
  }
  box.append(drawBoard(grid, ed.cells, {
    label: (r, c, ch) => 'row ' + (r + 1) + ' column ' + (c + 1) + ': ' + cellName(ch, ed.cells),
    click: (r, c) => {
      grid[r][c] = ed.cells[(ed.cells.indexOf(grid[r][c]) + 1) % ed.cells.length];
      $('words').value = writeBoard(grid);
      renderEditorGrid();
      focusCell(box, r, c);
    },
  }));
}
function focusCell(box, r, c) {
  const b = box.querySelector(`button[data-r="${r}"][data-c="${c}"]`);
  if (b) b.focus();
}
function renderNumbers() {
  const div = $('numbers');
  if (!div) return;
  div.innerHTML = '';
  const words = $('words');
  const ws = words.value.trim().split(/\s+/).filter((w) => w);
  let k = ws.length;
  while (k > 0 && /^\d+$/.test(ws[k - 1])) k--;
  const prefix = ws.slice(0, k), nums = ws.slice(k);
  if (prefix.length) div.append(el('span', {}, prefix.join(' ') + ' '));
  nums.forEach((n, i) => {
    const inp = el('input', { type: 'text', inputmode: 'numeric', value: n, 'aria-label': 'number ' + (i + 1) });
    inp.addEventListener('change', () => { nums[i] = inp.value.trim() || '0'; words.value = prefix.concat(nums).join(' '); });
    div.append(inp);
  });
  const set = (w) => { words.value = w; renderNumbers(); };
  div.append(el('button', { type: 'button', 'aria-label': 'add a number', onclick: () => set(prefix.concat(nums, ['1']).join(' ')) }, '+'));
  div.append(el('button', { type: 'button', 'aria-label': 'remove the last number', onclick: () => set(prefix.concat(nums.slice(0, -1)).join(' ')) }, '−'));
}

// ---- moves: labels, colours ----
// Each move's label; two moves with one label (two equal heaps) are told apart by the part
// they are made in: the component, or the place of the first number that changes.
function changedIndex(from, m) {
  if (m.component) return m.component - 1;
  const a = from.trim().split(/\s+/), b = m.position.trim().split(/\s+/);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return a.length - 1;
}
function labels(from, moves) {
  const count = new Map();
  for (const m of moves) count.set(m.move, (count.get(m.move) || 0) + 1);
  return moves.map((m) => (count.get(m.move) > 1 ? m.move + ' (part ' + (changedIndex(from, m) + 1) + ', to ' + m.position + ')' : m.move));
}
function isWinning(m) { return m.winning === true || (m.winning === undefined && String(m.value) === '0'); }
function moveButtons(from, moves, onMove, cls = 'move') {
  const ul = el('ul', { class: 'moves' });
  const names = labels(from, moves);
  moves.forEach((m, i) => {
    const win = isWinning(m);
    const text = names[i] + (m.value !== undefined ? '  (value ' + shown(m.value) + ')' : '');
    const b = el('button', { type: 'button', class: cls + ' ' + (win ? 'winning' : 'losing'), 'data-position': m.position,
      title: win ? 'a winning move: to a P-position' : 'to a position of value ' + shown(m.value) }, text);
    if (onMove) b.addEventListener('click', () => onMove(m)); else b.disabled = true;
    ul.append(el('li', {}, b));
  });
  return ul;
}

// ---- drawing a position, played by clicking ----
// `view`: {game, position, moves (each option with its value; null when not listed), onMove,
// graph (the drawing data of a graph editor)}. Returns the drawing, or null (words only).
function drawPosition(view) {
  const ed = editor();
  if (ed.kind === 'numbers') return drawHeaps(view);
  if (isBoard(ed)) return drawGridPosition(view);
  if (ed.kind === 'file' && ed.cells) return drawMaze(view);
  if (ed.kind === 'file' && ed.graph && view.graph) return ed.undirected ? drawUndirected(view) : drawDigraph(view);
  return null;
}
// The moves list under a drawing after a click that several moves fit.
function pickFrom(view, fits, note) {
  const box = el('div', { class: 'pick' }, el('p', { class: 'note' }, note), moveButtons(view.position, fits, view.onMove, 'pick-move'));
  return box;
}

// Heaps: each number a row of sticks (a bar with its size above 40).
const STICKS = 40;
function numKey(nums) {
  return nums.filter((n) => n !== '0').sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)).join(' ');
}
function drawHeaps(view) {
  const heaps = view.position.trim() === '' ? [] : view.position.trim().split(/\s+/);
  if (!heaps.every((h) => /^\d+$/.test(h))) return null;
  const moves = view.moves || [];
  // A move by the heaps it leaves: in order first (the clicked heap of two equal ones), then as
  // a multiset (rules that reorder the heaps).
  const exact = new Map(), byKey = new Map();
  for (const m of moves) {
    const ws = m.position.trim().split(/\s+/);
    if (!exact.has(ws.join(' '))) exact.set(ws.join(' '), m);
    const k = numKey(ws);
    if (!byKey.has(k)) byKey.set(k, m);
  }
  // The winning moves: their heap, and the sticks they take when they only shrink it.
  const winHeap = new Set(), winSticks = new Map();
  for (const m of moves.filter(isWinning)) {
    const i = changedIndex(view.position, m);
    winHeap.add(i);
    const after = m.position.trim().split(/\s+/);
    if (after.length === heaps.length && /^\d+$/.test(after[i]) && Number(after[i]) < Number(heaps[i])) winSticks.set(i, Number(after[i]));
  }
  const box = el('div', { class: 'heaps', id: 'heaps', role: 'group', 'aria-label': 'heaps' });
  const pick = el('div', { id: 'pick' });
  const heapMoves = (i) => moves.filter((m) => changedIndex(view.position, m) === i);
  heaps.forEach((h, i) => {
    const n = Number(h);
    const row = el('div', { class: 'heap' + (winHeap.has(i) ? ' has-win' : ''), 'data-heap': i });
    row.append(el('span', { class: 'name' }, 'heap ' + (i + 1) + ': ' + h));
    const sticks = el('div', { class: 'sticks' });
    if (n <= STICKS) {
      for (let j = 1; j <= n; j++) {
        const win = winSticks.has(i) && j > winSticks.get(i);
        const b = el('button', { type: 'button', class: 'stick' + (win ? ' win' : ''), 'data-j': j,
          'aria-label': 'heap ' + (i + 1) + ', stick ' + j + ' of ' + n + (win ? ' (a winning move takes it)' : '') });
        b.addEventListener('click', () => {
          // The move this click means: take this stick and those after it, take this stick
          // only (the heap split around it), or split the heap after it: the first that is legal.
          for (const parts of [[j - 1], [j - 1, n - j], [j, n - j]]) {
            const after = heaps.slice(0, i).concat(parts.map(String), heaps.slice(i + 1));
            const m = exact.get(after.join(' ')) || byKey.get(numKey(after));
            if (m && view.onMove) return view.onMove(m);
          }
          pick.innerHTML = '';
          pick.append(pickFrom(view, heapMoves(i), 'No move takes just that: the moves of heap ' + (i + 1) + ':'));
        });
        sticks.append(b);
      }
    } else {
      const b = el('button', { type: 'button', class: 'bar', 'aria-label': 'heap ' + (i + 1) + ' of ' + h + ': its moves' }, h);
      b.addEventListener('click', () => {
        pick.innerHTML = '';
        const ms = heapMoves(i);
        pick.append(pickFrom(view, ms.slice(0, 200), 'The moves of heap ' + (i + 1) + (ms.length > 200 ? ' (the first 200 of ' + ms.length + ')' : '') + ':'));
      });
      sticks.append(b);
    }
    row.append(sticks);
    box.append(row);
  });
  if (!heaps.length) box.append(el('p', { class: 'note' }, 'No heap is left.'));
  return el('div', {}, el('p', { class: 'note' }, 'Click a stick to take it (and the sticks after it where the rules allow); winning sticks are green.'), box, pick);
}

// Boards: click the cells a move changes; a move that is the only one to fit is played.
function drawGridPosition(view) {
  const ed = editor();
  const chars = cellChars(ed);
  const grid = gridOf(view.position, ed);
  const moves = view.moves || [];
  const diffs = moves.map((m) => diff(grid, gridOf(m.position, ed, grid.length)));
  // The cells of the winning moves; on a staircase only each one's square to click (the
  // lowest row, then the leftmost column, of what it eats).
  const winCells = new Set();
  moves.forEach((m, i) => {
    if (!isWinning(m)) return;
    if (ed.kind !== 'staircase') { for (const k of diffs[i]) winCells.add(k); return; }
    let best = null;
    for (const k of diffs[i]) {
      const [r, c] = k.split(',').map(Number);
      if (!best || r > best[0] || (r === best[0] && c < best[1])) best = [r, c];
    }
    if (best) winCells.add(best.join(','));
  });
  // A staircase's corner (bottom left) is the square no move takes.
  const corner = ed.kind === 'staircase' ? (grid.length - 1) + ',0' : null;
  let selected = new Set();
  const pick = el('div', { id: 'pick' });
  const wrap = el('div', {});
  const render = () => {
    wrap.innerHTML = '';
    wrap.append(drawBoard(grid, chars, {
      id: 'position-board',
      label: (r, c, ch) => {
        const k = r + ',' + c;
        if (k === corner) return 'row ' + (grid.length - r) + ' column ' + (c + 1) + ': the poisoned square, which no move takes';
        const rowNo = ed.kind === 'staircase' ? grid.length - r : r + 1;
        return 'row ' + rowNo + ' column ' + (c + 1) + ': ' + (ed.kind === 'staircase' ? 'square' : cellName(ch, chars)) + (winCells.has(k) ? ', changed by a winning move' : '');
      },
      classes: (r, c) => {
        const k = r + ',' + c, out = [];
        if (winCells.has(k)) out.push('win');
        if (selected.has(k)) out.push('sel');
        if (k === corner) out.push('poison');
        return out;
      },
      click: (r, c) => {
        const k = r + ',' + c;
        if (k === corner) { pick.innerHTML = ''; pick.append(el('p', { class: 'note' }, 'The poisoned square: no move takes it.')); return; }
        selected.add(k);
        let fits = moves.map((m, i) => i).filter((i) => [...selected].every((s) => diffs[i].has(s)));
        if (!fits.length) { selected = new Set([k]); fits = moves.map((m, i) => i).filter((i) => diffs[i].has(k)); }
        if (ed.kind === 'staircase' && fits.length) {
          // A staircase click takes the square and everything above and to its right: the
          // move that changes the fewest squares.
          let best = fits[0];
          for (const i of fits) if (diffs[i].size < diffs[best].size) best = i;
          fits = [best];
        }
        if (fits.length === 1 && view.onMove) return view.onMove(moves[fits[0]]);
        render();
        pick.innerHTML = '';
        if (!fits.length) pick.append(el('p', { class: 'note' }, 'No move changes that cell.'));
        else pick.append(pickFrom(view, fits.map((i) => moves[i]), 'Moves through the chosen cell' + (selected.size > 1 ? 's' : '') + ' (click another cell to choose):'));
        focusCell(wrap, r, c);
      },
    }));
    const p = wrap.querySelector('button.poison');
    if (p) p.textContent = '☠';
  };
  render();
  const how = ed.kind === 'staircase' ? 'Click a square to eat it with every square above and to its right (winning squares are outlined in green); the dark red square ☠ is poisoned.'
    : 'Click the cells a move changes: a move that is the only one to fit is played; winning moves are outlined in green.';
  return el('div', {}, el('p', { class: 'note' }, how), wrap, pick);
}

// A board file with a token (position "X,Y", X from the left, Y from the bottom).
function drawMaze(view) {
  const ed = editor();
  const grid = parseFileBoard(fileText).map((r) => r.map((ch) => (ch === ed.cells[2] ? ed.cells[0] : ch)));
  const H = grid.length;
  const at = (pos) => { const m = /^(\d+),(\d+)$/.exec(pos.trim()); return m ? (H - 1 - +m[2]) + ',' + m[1] : null; };
  const token = new Set(view.position.trim().split(/\s+/).map(at).filter((k) => k));
  const moves = view.moves || [];
  const target = new Map();
  for (const m of moves) { const k = at(m.position); if (k && !target.has(k)) target.set(k, m); }
  const win = new Set(moves.filter(isWinning).map((m) => at(m.position)));
  const board = drawBoard(grid, ed.cells, {
    id: 'position-board',
    label: (r, c, ch) => {
      const k = r + ',' + c;
      return 'x ' + c + ' y ' + (H - 1 - r) + ': ' + (token.has(k) ? 'the token' : ch === ed.cells[1] ? 'wall' : target.has(k) ? 'a move here' + (win.has(k) ? ' (winning)' : '') : 'free');
    },
    classes: (r, c) => {
      const k = r + ',' + c, out = [];
      if (token.has(k)) out.push('token');
      if (win.has(k)) out.push('win');
      if (target.has(k)) out.push('target');
      return out;
    },
    click: (r, c) => { const m = target.get(r + ',' + c); if (m && view.onMove) view.onMove(m); },
  });
  for (const k of token) { const b = board.querySelector(`button[data-r="${k.split(',')[0]}"][data-c="${k.split(',')[1]}"]`); if (b) b.textContent = '●'; }
  return el('div', {}, el('p', { class: 'note' }, 'Click a cell the token can move to; winning cells are outlined in green.'), board);
}

// Graph layouts: a circle, then (undirected, up to 150 vertices) a few rounds of springs.
function layout(n, edges, springs) {
  const R = Math.max(90, n * 9), size = 2 * R + 80, c = size / 2;
  const pos = Array.from({ length: n }, (_, i) => [c + R * Math.cos(2 * Math.PI * i / n - Math.PI / 2), c + R * Math.sin(2 * Math.PI * i / n - Math.PI / 2)]);
  if (springs && n > 3 && n <= 150) {
    const k = Math.sqrt(size * size / n) * 0.7;
    for (let it = 0; it < 200; it++) {
      const t = 0.1 * size * (1 - it / 200);
      const d = pos.map(() => [0, 0]);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
        const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1], dist = Math.hypot(dx, dy) || 0.01;
        const f = k * k / dist;
        d[i][0] += dx / dist * f; d[i][1] += dy / dist * f; d[j][0] -= dx / dist * f; d[j][1] -= dy / dist * f;
      }
      for (const [a, b] of edges) {
        const dx = pos[a][0] - pos[b][0], dy = pos[a][1] - pos[b][1], dist = Math.hypot(dx, dy) || 0.01;
        const f = dist * dist / k;
        d[a][0] -= dx / dist * f; d[a][1] -= dy / dist * f; d[b][0] += dx / dist * f; d[b][1] += dy / dist * f;
      }
      for (let i = 0; i < n; i++) {
        const len = Math.hypot(d[i][0], d[i][1]) || 1, s = Math.min(len, t) / len;
        pos[i][0] = Math.min(size - 30, Math.max(30, pos[i][0] + d[i][0] * s));
        pos[i][1] = Math.min(size - 30, Math.max(30, pos[i][1] + d[i][1] * s));
      }
    }
  }
  return { pos, size };
}
function vertexNode(x, y, attrs, fill, stroke, inner, label, click) {
  const g = svgEl('g', Object.assign({ class: 'vertex', tabindex: '0', role: 'button', 'aria-label': label }, attrs));
  g.append(svgEl('circle', { cx: x, cy: y, r: 17, fill, stroke, 'stroke-width': 3 }));
  if (inner !== '') g.append(svgEl('text', { x, y: y + 4, 'text-anchor': 'middle', fill: fill === '#fff' ? '#1f2937' : '#fff', 'font-size': 11 }, inner));
  if (click) {
    g.addEventListener('click', click);
    g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); click(); } });
  }
  return g;
}
const COLOUR = { P: '#15803d', N: '#b91c1c', D: '#4b5563' };

// A digraph: each vertex coloured by its outcome and labelled with its value; the pawns are
// ringed; click a vertex to move a pawn there (or, with no pawn yet, to put one).
function drawDigraph(view) {
  const g = view.graph;
  const n = g.vertices.length;
  const { pos, size } = layout(n, g.arc_list, false);
  const svg = svgEl('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, id: 'graph-svg', role: 'group', 'aria-label': 'the digraph' });
  const defs = svgEl('defs');
  const marker = svgEl('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto' });
  marker.append(svgEl('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#4b5563' }));
  defs.append(marker);
  svg.append(defs);
  for (const [a, b] of g.arc_list) {
    const [x1, y1] = pos[a], [x2, y2] = pos[b];
    const d = Math.hypot(x2 - x1, y2 - y1) || 1, r = 19;
    svg.append(svgEl('line', { x1: x1 + (x2 - x1) * r / d, y1: y1 + (y2 - y1) * r / d, x2: x2 - (x2 - x1) * r / d, y2: y2 - (y2 - y1) * r / d, stroke: '#4b5563', 'marker-end': 'url(#arrow)' }));
  }
  const pawns = view.position.trim() ? view.position.trim().split(/\s+/) : [];
  const moves = view.moves || [];
  const count = (ws) => { const m = new Map(); for (const w of ws) m.set(w, (m.get(w) || 0) + 1); return m; };
  const now = count(pawns);
  const movesTo = (name) => moves.filter((m) => {
    const after = count(m.position.trim().split(/\s+/));
    return (after.get(name) || 0) > (now.get(name) || 0);
  });
  const win = new Set();
  for (const m of moves.filter(isWinning)) for (const w of m.position.trim().split(/\s+/)) if (!now.has(w)) win.add(w);
  const pick = el('div', { id: 'pick' });
  g.vertices.forEach((v, i) => {
    const [x, y] = pos[i];
    const pawn = now.has(v.name);
    const click = () => {
      if (!pawns.length) { $('words').value = v.name; return startFresh(); }
      const fits = movesTo(v.name);
      if (fits.length === 1 && view.onMove) return view.onMove(fits[0]);
      pick.innerHTML = '';
      pick.append(fits.length ? pickFrom(view, fits, 'Moves to ' + v.name + ':') : el('p', { class: 'note' }, 'No pawn can move to ' + v.name + '.'));
    };
    const node = vertexNode(x, y, { 'data-outcome': v.outcome, 'data-name': v.name, class: 'vertex' + (pawn ? ' pawn' : '') + (win.has(v.name) ? ' win' : '') },
      COLOUR[v.outcome] || '#6b7280', pawn ? '#f59e0b' : win.has(v.name) ? '#86efac' : '#fff', shown(v.value),
      v.name + ': value ' + shown(v.value) + ', outcome ' + v.outcome + (pawn ? ', a pawn is here' : ''), click);
    node.append(svgEl('text', { x, y: y - 23, 'text-anchor': 'middle', 'font-size': 11, fill: '#1f2937' }, v.name + ' ' + v.outcome));
    svg.append(node);
  });
  const counts = ['P', 'N', 'D'].map((o) => o + ': ' + g.vertices.filter((v) => v.outcome === o).map((v) => v.name).join(', ')).join('   ');
  const how = pawns.length ? 'Pawns are ringed in orange: click a vertex to move a pawn there (green rings: winning moves).'
    : 'Click a vertex to put a pawn on it.';
  return el('div', {}, el('p', { class: 'note' }, how), el('div', { id: 'graph-summary' }, (g.acyclic ? 'acyclic' : 'with circuits') + ' — ' + counts),
    el('p', { class: 'note' }, 'Green: P (the player to move loses), red: N (wins), grey: D (a draw); each vertex shows its value.'), svg, pick);
}

// An undirected graph: the vertices left are filled, the others faded; click a vertex to play
// it (the game's move named by the vertex).
function drawUndirected(view) {
  const g = view.graph;
  const n = g.vertices.length;
  const { pos, size } = layout(n, g.edge_list, true);
  const svg = svgEl('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, id: 'graph-svg', role: 'group', 'aria-label': 'the graph' });
  const left = new Set(view.position.trim() === '-' ? [] : view.position.trim().split(/\s+/));
  const moves = view.moves || [];
  const byName = new Map(moves.map((m) => [m.move, m]));
  const win = new Set(moves.filter(isWinning).map((m) => m.move));
  for (const [a, b] of g.edge_list) {
    const on = left.has(g.vertices[a].name) && left.has(g.vertices[b].name);
    svg.append(svgEl('line', { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1], stroke: on ? '#374151' : '#d1d5db', 'stroke-width': on ? 2 : 1, 'stroke-dasharray': on ? '' : '4 3' }));
  }
  g.vertices.forEach((v, i) => {
    const [x, y] = pos[i];
    const here = left.has(v.name);
    const m = byName.get(v.name);
    const node = vertexNode(x, y, { 'data-name': v.name, class: 'vertex' + (here ? '' : ' gone') + (win.has(v.name) ? ' win' : '') },
      here ? (win.has(v.name) ? '#15803d' : '#1f2937') : '#fff', here ? '#111827' : '#d1d5db', '',
      v.name + (here ? (m ? ': play it' + (win.has(v.name) ? ' (a winning move)' : '') : '') : ': removed'),
      here && m && view.onMove ? () => view.onMove(m) : null);
    node.append(svgEl('text', { x, y: y - 23, 'text-anchor': 'middle', 'font-size': 11, fill: here ? '#1f2937' : '#6b7280' }, v.name));
    if (!here) node.setAttribute('tabindex', '-1');
    svg.append(node);
  });
  return el('div', {}, el('p', { class: 'note' }, 'Click a vertex to remove it with its neighbours; green vertices are winning moves, faded ones are gone.'), svg);
}

// ---- the position tab: value first, then the drawing and the moves, then why ----
const misere = () => $('misere').checked;
function showConvention() {
  $('convention').textContent = misere() ? 'Rule in force: misère play (whoever makes the last move loses).'
    : 'Rule in force: normal play (whoever makes the last move wins).';
}
let trail = []; // the moves played on the drawing: [{words, label}] (the words before each)
let asked = 0; // the latest evaluation (an older answer is dropped)

function startFresh() { trail = []; return evaluate(); }
async function evaluate() {
  const me = ++asked;
  showError(null);
  writeHash();
  for (const id of ['answer', 'drawing', 'moves-box', 'explain']) $(id).innerHTML = '';
  showTrail();
  const ed = editor();
  const body = { position: positionText(), files: files(), misere: misere() };
  let graph = null;
  try {
    if (ed.kind === 'file' && ed.graph) {
      graph = await api('graph', { file: ed.file, files: files(), undirected: !!ed.undirected }, 'position');
      if (me !== asked) return;
      if (!ed.undirected && !$('words').value.trim()) {
        $('drawing').append(drawDigraph({ graph, position: '', moves: [] }));
        return;
      }
    }
    const v = await api('value', body, 'position');
    if (me !== asked) return;
    $('answer').append(valueLine(v));
    const view = { game: v.game, position: v.position, graph, moves: null, onMove: playOnDrawing(v.game) };
    const drawn = drawPosition(view);
    if (drawn) $('drawing').append(drawn);
    // Every move with its value (at most 1000 listed), to play on the drawing.
    let m = null;
    try {
      m = await api('moves', { position: positionText(), files: files(), misere: misere(), max_moves: 1000 }, 'position');
    } catch (e) {
      if (e instanceof Cancelled) return;
      $('moves-box').append(el('p', { class: 'note', id: 'moves-note' }, 'The moves are not listed: ' + e.message));
    }
    if (me !== asked) return;
    if (m) {
      view.moves = m.moves;
      $('drawing').innerHTML = '';
      const again = drawPosition(view);
      if (again) $('drawing').append(again);
      $('moves-box').append(movesView(view, m));
    }
    try {
      const ex = await api('explain', Object.assign({ max_options: 200 }, body), 'position');
      if (me !== asked) return;
      $('explain').append(explainView(ex));
    } catch (e) {
      if (e instanceof Cancelled || me !== asked) return;
      $('explain').append(el('div', { class: 'explain' }, el('h2', {}, 'Why'), el('p', { class: 'note', id: 'explain-note' }, 'No explanation: ' + e.message)));
    }
  } catch (e) { if (me === asked) showError(e); }
}
function valueLine(v) {
  const win = v.winning_moves || [];
  const line = el('div', { class: 'value', id: 'value' }, (v.convention === 'misere' ? 'misère value ' : 'value '),
    el('b', {}, shown(v.value)), '  outcome ',
    el('span', { class: 'outcome-' + v.outcome, id: 'outcome', title: OUTCOME[v.outcome] }, v.outcome),
    el('span', { id: 'answer-convention' }, v.convention === 'misere' ? '  (misère play)' : '  (normal play)'));
  const says = el('p', { class: 'note' }, OUTCOME[v.outcome] + '. ' + (win.length ? 'Winning moves (' + win.length + '): ' + labels(v.position, win).join('; ') + '.'
    : v.outcome === 'P' ? 'No winning move: every move leads to a position from which the opponent wins.' : ''));
  return el('div', {}, line, says);
}
function movesView(view, m) {
  const win = m.moves.filter(isWinning), other = m.moves.filter((x) => !isWinning(x));
  const box = el('div', { id: 'moves' });
  box.append(el('h2', {}, 'Moves'));
  if (!m.moves.length) box.append(el('p', {}, 'No move is left: the game is over.'));
  if (win.length) box.append(el('p', {}, 'Winning moves (to value 0) first:'), moveButtons(view.position, win, view.onMove));
  if (other.length) {
    const d = el('details', { open: win.length ? undefined : true }, el('summary', {}, 'Other moves (' + other.length + '), each with the value it leads to'),
      moveButtons(view.position, other, view.onMove));
    box.append(d);
  }
  if (m.moves_total) box.append(el('p', { class: 'note' }, 'The first ' + m.moves.length + ' of ' + m.moves_total + ' moves are listed.'));
  return box;
}
// Play a move on the drawing: the position after it becomes the position, the move goes on
// the trail (Undo takes it back), the address follows.
function playOnDrawing(game) {
  return (m) => {
    trail.push({ words: $('words').value, label: m.move });
    $('words').value = wordsFor(game, m.position);
    renderEditor();
    return evaluate();
  };
}
function showTrail() {
  $('history-box').hidden = trail.length === 0;
  $('history').innerHTML = '';
  for (const t of trail) $('history').append(el('li', {}, t.label));
}
function undo() {
  const t = trail.pop();
  if (!t) return;
  $('words').value = t.words;
  renderEditor();
  evaluate();
}

// Values joined as ranges: {0–9, 11}.
function ranges(set) {
  const out = [];
  for (let i = 0; i < set.length;) {
    let j = i;
    while (j + 1 < set.length && Number(set[j + 1]) === Number(set[j]) + 1) j++;
    out.push(j > i + 1 ? set[i] + '–' + set[j] : j === i + 1 ? set[i] + ', ' + set[j] : String(set[i]));
    i = j + 1;
  }
  return out.join(', ');
}
function explainView(r) {
  const box = el('div', { class: 'explain' }, el('h2', {}, 'Why'));
  if (r.kind === 'mex') {
    box.append(el('p', {}, 'C = {' + ranges(r.set) + '},  g = mex C = ' + shown(r.value) + ' (the least value no option has).'));
    const t = el('table', { class: 'data' }, el('tr', {}, el('th', {}, 'move'), el('th', {}, 'to'), el('th', {}, 'value')));
    for (const o of r.options) {
      const val = o.parts && o.parts.length > 1 ? o.parts.join(' ⊕ ') + ' = ' + o.value : shown(o.value);
      t.append(el('tr', {}, el('td', {}, o.move), el('td', {}, o.position), el('td', {}, val)));
    }
    box.append(el('div', { class: 'scroll' }, t));
    if (r.options_total) box.append(more(r.options.length, r.options_total, 'options'));
    if (r.misere) box.append(el('p', {}, 'misère play: a terminal position has g = 1, and g = 0 exactly at P-positions'));
    if (r.genus) box.append(genusView(r.genus));
  } else if (r.kind === 'sum') {
    const vals = r.components.map((c) => Number(c.value));
    let width = 1;
    for (const v of vals.concat([Number(r.nim_sum)])) width = Math.max(width, v.toString(2).length);
    const t = el('table', { class: 'bits' });
    const row = (label, v) => {
      const bits = v.toString(2).padStart(width, '0').split('');
      const tr = el('tr', {}, el('td', {}, label));
      bits.forEach((b, i) => {
        const td = el('td', {}, b);
        if (r.leading_bit !== null && r.leading_bit !== undefined && width - 1 - i === r.leading_bit) td.classList.add('lead');
        tr.append(td);
      });
      tr.append(el('td', {}, '= ' + v));
      return tr;
    };
    r.components.forEach((c) => t.append(row(c.game + ' ' + c.position, Number(c.value))));
    t.append(row('nim-sum ⊕', Number(r.nim_sum)));
    box.append(el('p', {}, 'The position is a sum: its value is the nim-sum (binary xor, no carries) of its parts.'), el('div', { class: 'scroll' }, t));
    if (r.components_total) box.append(more(r.components.length, r.components_total, 'parts'));
    if (r.winning_moves.length) box.append(el('p', {}, 'the leading bit is marked; winning moves:'),
      el('ul', { class: 'moves' }, ...labels(r.position, r.winning_moves).map((l) => el('li', { class: 'winning' }, l))));
  } else {
    box.append(el('pre', { class: 'values' }, r.text));
  }
  return box;
}
// "The first 200 of N are shown" with a button that asks for up to 10 000.
function more(shownCount, total, what) {
  const p = el('p', { class: 'note', id: 'explain-bound' }, 'The first ' + shownCount + ' of ' + total + ' ' + what + ' are shown (an explanation lists at most 200, or 10 000 when asked). ');
  if (shownCount < 10000) {
    p.append(el('button', { type: 'button', id: 'explain-more', onclick: async () => {
      try {
        const ex = await api('explain', { position: positionText(), files: files(), misere: misere(), max_options: 10000 }, 'position');
        $('explain').innerHTML = '';
        $('explain').append(explainView(ex));
      } catch (e) { showError(e); }
    } }, 'Show all (up to 10 000)'));
  }
  return p;
}

// How one heap's genus is obtained (explain under misère play): each γn as a mex.
function genusView(d) {
  const box = el('div', { id: 'genus' }, el('h3', {}, 'Genus ' + d.genus + (d.tame ? ' (tame)' : ' (wild)')));
  const t = el('table', { class: 'data' }, el('tr', {}, el('th', {}, 'move'), el('th', {}, 'to'), el('th', {}, 'γ0 γ1 …')));
  for (const o of d.options) t.append(el('tr', {}, el('td', {}, o.move), el('td', {}, o.position), el('td', {}, o.terms.join(' '))));
  box.append(el('div', { class: 'scroll' }, t));
  for (const s of d.steps) {
    const twos = s.from_twos.length ? ' ∪ {γ' + (s.n - 1) + ', γ' + (s.n - 1) + ' ⊕ 1}' : '';
    box.append(el('div', {}, 'γ' + s.n + ' = mex {' + s.set.join(', ') + '} = ' + s.gamma + '   (options' + twos + ')'));
  }
  return box;
}

// ---- play against the computer ----
let play = null; // { game, history: [{position, side}], moves }
let playGraph = null;
function playStatus(text) { $('play-status').textContent = text; }
async function playStart() {
  showError(null);
  try {
    const ed = editor();
    playGraph = ed.kind === 'file' && ed.graph ? await api('graph', { file: ed.file, files: files(), undirected: !!ed.undirected }, 'play') : null;
    const v = await api('value', { position: positionText(), files: files(), misere: misere() }, 'play');
    play = { game: v.game, history: [{ position: v.position, side: $('first').value }] };
    $('play-log').innerHTML = '';
    await playTurn();
  } catch (e) { showError(e); }
}
const playPosition = () => play.game + ' ' + play.history[play.history.length - 1].position;
async function playTurn() {
  const top = play.history[play.history.length - 1];
  $('play-moves').innerHTML = '';
  $('play-board').innerHTML = '';
  const m = await api('moves', { position: playPosition(), files: files(), misere: misere(), max_moves: 1000 }, 'play');
  play.moves = m.moves;
  if (!m.moves.length) {
    // No move is left: the player to move wins exactly when the position is an N-position
    // (normal play: never; misère play: always).
    const moverWins = m.outcome === 'N';
    const humanWins = (top.side === 'me') === moverWins;
    playStatus('Game over: ' + (humanWins ? 'you win!' : 'the computer wins.'));
    $('play-status').dataset.winner = humanWins ? 'me' : 'computer';
    drawPlayBoard(m, null);
    return;
  }
  if (top.side === 'computer') {
    playStatus('The computer is thinking…');
    const a = await api('play', { position: playPosition(), files: files(), misere: misere() }, 'play');
    $('play-log').append(el('li', {}, 'computer: ' + a.move.move));
    play.history.push({ position: a.move.position, side: 'me' });
    return playTurn();
  }
  playStatus('Your move (position ' + top.position + ', value ' + shown(m.value) + ').');
  delete $('play-status').dataset.winner;
  const onMove = (mv) => humanMove(mv.move, mv.position);
  drawPlayBoard(m, onMove);
  const names = labels(top.position, m.moves);
  m.moves.forEach((mv, i) => {
    $('play-moves').append(el('button', { type: 'button', class: 'move', onclick: () => onMove(mv) }, names[i]));
  });
}
function drawPlayBoard(m, onMove) {
  $('play-board').innerHTML = '';
  // No hints on the board while playing: the moves are drawn without their values.
  const moves = m.moves.map((x) => ({ move: x.move, position: x.position, component: x.component, winning: false }));
  const d = drawPosition({ game: m.game, position: m.position, moves, onMove, graph: playGraph });
  if (d) $('play-board').append(d);
}
async function humanMove(label, position) {
  showError(null);
  $('play-log').append(el('li', {}, 'you: ' + label));
  play.history.push({ position, side: 'computer' });
  try { await playTurn(); } catch (e) { showError(e); }
}
async function playUndo() {
  if (!play) return;
  // Back to the last position where it was the player's turn before the last own move.
  let i = play.history.length - 2;
  while (i >= 0 && play.history[i].side !== 'me') i--;
  if (i < 0) return;
  play.history.length = i + 1;
  $('play-log').append(el('li', {}, 'undo'));
  try { await playTurn(); } catch (e) { showError(e); }
}
async function playHint() {
  if (!play) return;
  try {
    const v = await api('value', { position: playPosition(), files: files(), misere: misere() }, 'play');
    playStatus('Hint: value ' + shown(v.value) + (v.winning_moves.length ? '; a winning move: ' + labels(v.position, v.winning_moves)[0]
      : '; no winning move here: the position is P, so every move leads to a position from which the computer wins with perfect play. Any move will do; a move that keeps the game long gives the computer the most chances to go wrong.'));
  } catch (e) { showError(e); }
}

// ---- sequences ----
let seqValues = null, seqPage = 0;
const PAGE = 1000;
async function sequence() {
  showError(null);
  // `--misere` in the field is the misère box.
  let ws = $('seq-game').value.trim().split(/\s+/).filter((w) => w);
  if (ws.includes('--misere')) {
    ws = ws.filter((w) => w !== '--misere');
    $('seq-game').value = ws.join(' ');
    $('seq-misere').checked = true;
  }
  writeHash();
  $('seq-out').innerHTML = '';
  try {
    const s = await api('seq', { game: ws.join(' '), to: Number($('seq-to').value), misere: $('seq-misere').checked }, 'seq');
    if (s.convention === 'misere') return misereSequence(s);
    const t0 = performance.now();
    seqValues = s.values.map(Number);
    seqPage = 0;
    const line = s.period === null ? 'no period seen up to ' + (seqValues.length - 1)
      : 'period ' + s.period + ', preperiod ' + s.preperiod + ', saltus ' + s.saltus + (s.proved && !/^proved/.test(s.reason) ? ' (proved: ' + s.reason + ')' : ' (' + s.reason + ')');
    $('seq-out').append(el('p', { id: 'seq-period' }, s.game + ': ' + line), plot(s, seqValues),
      el('p', { class: 'note' }, 'The shaded bands are the periods, from the preperiod (red line) on.' + (seqValues.length > 800 ? ' Above 800 values each column of the plot shows the least and the greatest value of its heaps.' : '')),
      el('div', { id: 'seq-pager', class: 'pager' }), el('div', { class: 'values', id: 'seq-values' }));
    showSeqPage();
    $('seq-out').dataset.ms = String(Math.round(performance.now() - t0));
  } catch (e) { showError(e); }
}
function showSeqPage() {
  const n = seqValues.length, pages = Math.ceil(n / PAGE);
  const a = seqPage * PAGE, b = Math.min(n, a + PAGE);
  $('seq-values').textContent = seqValues.slice(a, b).join(' ');
  const pager = $('seq-pager');
  pager.innerHTML = '';
  pager.append(el('span', { id: 'seq-range' }, 'values of heaps ' + a + '–' + (b - 1) + ' of 0–' + (n - 1)));
  if (pages > 1) {
    pager.append(el('button', { type: 'button', id: 'seq-prev', disabled: seqPage === 0, onclick: () => { seqPage--; showSeqPage(); } }, 'Previous ' + PAGE),
      el('button', { type: 'button', id: 'seq-next', disabled: seqPage >= pages - 1, onclick: () => { seqPage++; showSeqPage(); } }, 'Next ' + PAGE));
  }
}
// The plot: dots up to 800 values, else each of 800 columns a line from its least to its
// greatest value (no spread of big arrays: plain loops).
function plot(s, vals) {
  const W = 800, H = 240, pad = 30, n = vals.length;
  let max = 1;
  for (const v of vals) if (v > max) max = v;
  const x = (i) => pad + (W - 2 * pad) * i / Math.max(1, n - 1);
  const y = (v) => H - pad - (H - 2 * pad) * v / max;
  const svg = svgEl('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, id: 'seq-svg', role: 'img', 'aria-label': 'the values of heaps 0 to ' + (n - 1) + ', at most ' + max });
  if (s.period !== null) {
    const pre = Number(s.preperiod), p = Number(s.period);
    const bands = (n - pre) / p;
    if (bands <= 400) {
      for (let a = pre, k = 0; a < n; a += p, k++) {
        svg.append(svgEl('rect', { x: x(a) - 2, y: pad / 2, width: Math.max(1, x(Math.min(a + p, n - 1)) - x(a)), height: H - 1.5 * pad, fill: k % 2 ? '#eef' : '#dde', class: 'period' }));
      }
    } else {
      svg.append(svgEl('rect', { x: x(pre), y: pad / 2, width: Math.max(1, x(n - 1) - x(pre)), height: H - 1.5 * pad, fill: '#eef', class: 'periodic' }));
    }
    svg.append(svgEl('line', { x1: x(pre), x2: x(pre), y1: pad / 2, y2: H - pad, stroke: '#a00' }));
  }
  svg.append(svgEl('line', { x1: pad, x2: W - pad, y1: H - pad, y2: H - pad, stroke: '#333' }));
  if (n <= 800) {
    let d = '';
    for (let i = 0; i < n; i++) d += `M${x(i).toFixed(1)},${y(vals[i]).toFixed(1)}m-2.5,0a2.5,2.5 0 1,0 5,0a2.5,2.5 0 1,0 -5,0`;
    svg.append(svgEl('path', { d, fill: '#234', id: 'seq-dots' }));
  } else {
    const cols = W - 2 * pad;
    let d = '';
    for (let c = 0; c < cols; c++) {
      const a = Math.floor(c * n / cols), b = Math.max(a + 1, Math.floor((c + 1) * n / cols));
      let lo = Infinity, hi = -Infinity;
      for (let i = a; i < b; i++) { const v = vals[i]; if (v < lo) lo = v; if (v > hi) hi = v; }
      d += `M${(pad + c + 0.5).toFixed(1)},${(y(hi) - 1).toFixed(1)}V${(y(lo) + 1).toFixed(1)}`;
    }
    svg.append(svgEl('path', { d, stroke: '#234', 'stroke-width': 1, fill: 'none', id: 'seq-columns' }));
  }
  svg.append(svgEl('text', { x: pad, y: H - 8, 'font-size': 11 }, '0'));
  svg.append(svgEl('text', { x: W - pad - 40, y: H - 8, 'font-size': 11 }, String(n - 1)));
  svg.append(svgEl('text', { x: 2, y: pad, 'font-size': 11 }, String(max)));
  return svg;
}

// A misère sequence: each heap's misère value and genus.
function misereSequence(s) {
  const t = el('table', { class: 'data', id: 'genus-table' }, el('tr', {}, el('th', {}, 'heap'), el('th', {}, 'normal'),
    el('th', {}, 'misère'), el('th', {}, 'genus'), el('th', {}, 'tame?')));
  for (const h of s.heaps) t.append(el('tr', {}, el('td', {}, String(h.heap)), el('td', {}, String(h.normal)),
    el('td', {}, String(h.misere)), el('td', {}, h.genus), el('td', {}, h.tame ? 'tame' : 'wild')));
  const tame = s.tame_to === null ? '' : '; tame to heap ' + s.tame_to;
  $('seq-out').append(el('p', { id: 'seq-period' }, s.game + ' under misère play (whoever moves last loses)' + tame), el('div', { class: 'scroll' }, t));
}

// ---- tables ----
// A first table: the first game with a whole-grid table, else one with table rows.
function tableExample() {
  const g = games.find((x) => x.capabilities.includes('table_grid')) || games.find((x) => x.capabilities.includes('table_rows'));
  return g ? g.name + ' 0..9 0..9' : '';
}
async function table() {
  showError(null);
  writeHash();
  $('table-out').innerHTML = '';
  try {
    const r = await api('table', { table: $('table-words').value.trim(), boolean: $('table-boolean').checked }, 'table');
    const grid = r.rows ? r.values : [r.values];
    const cols = r.columns || r.n;
    let max = 1;
    for (const row of grid) for (const v of row) if (v !== null && Number(v) > max) max = Number(v);
    const t = el('table', { class: 'data heatmap' });
    t.append(el('tr', {}, el('th', {}, r.function), ...cols.map((c) => el('th', {}, String(c)))));
    grid.forEach((row, i) => {
      const tr = el('tr', {}, el('th', {}, r.rows ? String(r.rows[i]) : ''));
      for (const v of row) {
        const td = el('td', {}, v === null ? '' : String(v));
        if (v !== null) td.style.background = `hsl(${220 - 220 * Number(v) / max}, 70%, ${Number(v) === 0 ? 95 : 80}%)`;
        tr.append(td);
      }
      t.append(tr);
    });
    const forms = r.patterns || [r.pattern];
    $('table-out').append(el('p', {}, r.table), el('div', { class: 'scroll' }, t),
      ...forms.filter((f) => f).map((f) => el('p', {}, f.formula + ' — ' + f.reason)));
  } catch (e) { showError(e); }
}

// ---- the address: the position in the URL ----
function writeHash() {
  const p = new URLSearchParams({ tab, game: cur ? cur.name : '', pos: $('words').value.trim() });
  if (misere()) p.set('misere', '1');
  if (editor().kind === 'file') p.set('file', fileText);
  if (tab === 'seq') { p.set('seq', $('seq-game').value + '|' + $('seq-to').value); if ($('seq-misere').checked) p.set('seqmisere', '1'); }
  if (tab === 'table') p.set('table', $('table-words').value);
  history.replaceState(null, '', '#' + p.toString());
}
function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const g = games.find((x) => x.name === p.get('game'));
  $('misere').checked = p.get('misere') === '1';
  showConvention();
  if (g) choose(g, p.has('pos') ? p.get('pos') : null, p.get('file'));
  if (p.get('seq')) { const [a, b] = p.get('seq').split('|'); $('seq-game').value = a; $('seq-to').value = b; }
  $('seq-misere').checked = p.get('seqmisere') === '1';
  if (p.get('table')) $('table-words').value = p.get('table');
  setTab(p.get('tab') || 'position');
  return !!g && p.has('pos');
}

function choose(g, words, file) {
  cur = g;
  trail = [];
  $('game').value = g.name;
  $('summary').textContent = g.summary;
  $('rules').textContent = g.rules;
  $('syntax').textContent = g.name + ' ' + g.syntax;
  $('words').value = words !== null && words !== undefined ? words : exampleWords(g);
  fileText = file !== null && file !== undefined ? file : (g.editor.kind === 'file' ? g.editor.example : '');
  if (g.sequence) $('seq-game').value = g.name + (g.editor.kind === 'numbers' ? ' ' + leadingWords(exampleWords(g)) : '');
  $('example').title = 'grundy value ' + g.example;
  renderEditor();
  for (const id of ['answer', 'drawing', 'moves-box', 'explain']) $(id).innerHTML = '';
  showTrail();
}
function setTab(t) {
  tab = t;
  for (const b of document.querySelectorAll('#tabs [role="tab"]')) {
    const on = b.dataset.tab === t;
    b.classList.toggle('active', on);
    b.setAttribute('aria-selected', on ? 'true' : 'false');
    b.tabIndex = on ? 0 : -1;
  }
  for (const s of document.querySelectorAll('.tab')) s.hidden = s.id !== 'tab-' + t;
  // The game and its position belong to the Position and Play tabs.
  const positional = t === 'position' || t === 'play';
  $('picker').hidden = !positional;
  $('editor-box').hidden = !positional;
  if (t === 'table' && !$('table-words').value.trim()) $('table-words').value = tableExample();
}

async function init() {
  try {
    games = (await api('list')).games;
  } catch (e) { showError(e); return; }
  for (const g of games) $('game').append(el('option', { value: g.name }, g.name));
  $('game').addEventListener('change', () => { choose(games.find((g) => g.name === $('game').value)); writeHash(); });
  $('example').addEventListener('click', () => { choose(cur); startFresh(); });
  $('go').addEventListener('click', startFresh);
  $('undo').addEventListener('click', undo);
  $('cancel').addEventListener('click', cancelAll);
  $('misere').addEventListener('change', () => { showConvention(); writeHash(); });
  $('words').addEventListener('change', () => { if (editor().kind === 'numbers') renderNumbers(); else renderEditorGrid(); });
  $('words').addEventListener('keydown', (e) => { if (e.key === 'Enter') { $('words').dispatchEvent(new Event('change')); startFresh(); } });
  const tabs = [...document.querySelectorAll('#tabs [role="tab"]')];
  for (const b of tabs) {
    b.addEventListener('click', () => { setTab(b.dataset.tab); writeHash(); });
    b.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(b);
      const j = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
      if (j < 0) return;
      e.preventDefault();
      tabs[j].focus();
      setTab(tabs[j].dataset.tab);
      writeHash();
    });
  }
  $('play-start').addEventListener('click', playStart);
  $('play-undo').addEventListener('click', playUndo);
  $('play-hint').addEventListener('click', playHint);
  $('seq-go').addEventListener('click', sequence);
  $('seq-game').addEventListener('keydown', (e) => { if (e.key === 'Enter') sequence(); });
  $('table-go').addEventListener('click', table);
  $('table-words').addEventListener('keydown', (e) => { if (e.key === 'Enter') table(); });
  window.addEventListener('hashchange', () => { if (readHash() && tab === 'position') evaluate(); });
  if (!readHash()) choose(cur || games[0]);
  else if (tab === 'position') evaluate();
  if (tab === 'seq' && $('seq-game').value) sequence();
  if (tab === 'table' && $('table-words').value) table();
  document.body.dataset.ready = 'yes';
}
init();
