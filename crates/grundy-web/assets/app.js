// The explorer's page: every game, its editor and its answers come from the API (/api/list
// says what each game's editor is); this file names no game.
'use strict';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
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

let games = [];
let cur = null; // the chosen game's list entry
let fileText = ''; // the text of a file editor
let tab = 'position';

// ---- the API ----
async function api(path, body) {
  const r = await fetch('/api/' + path, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const j = await r.json().catch(() => ({ error: 'the server answered ' + r.status }));
  if (!r.ok) throw new Error(j.error || ('the server answered ' + r.status));
  return j;
}
function showError(e) {
  const box = $('error');
  if (!e) { box.hidden = true; box.textContent = ''; return; }
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
// The words of an example after the game's name (a file game's example names a file on the
// server's disk, which the page does not read: its file is left to the text box).
function exampleWords(g) {
  const rest = g.example.split(/\s+/).slice(1);
  if (g.editor.kind === 'file') return rest.slice(1).join(' ');
  return rest.join(' ');
}

// ---- boards: parse and write the editors' texts ----
function parseBoard(text, cells) {
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  if (m) return Array.from({ length: +m[1] }, () => cells[0].repeat(+m[2]).split(''));
  return text.trim().split('/').filter((r) => r.length).map((r) => r.split(''));
}
function parseStair(text) {
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  if (m) return Array.from({ length: +m[1] }, () => +m[2]);
  return text.trim().split(',').filter((x) => x !== '').map(Number);
}
function parseFileBoard(text) {
  return text.split('\n').filter((r) => r.trim().length).map((r) => r.trim().split(''));
}
// The cells of a position as a grid of characters ('1' = present, '0' = absent for a staircase).
function gridOf(posText) {
  const ed = editor();
  if (ed.kind === 'board') return parseBoard(posText, ed.cells);
  if (ed.kind === 'row') return [posText.trim().split('')];
  if (ed.kind === 'staircase') {
    const lens = parseStair(posText);
    const w = Math.max(0, ...lens);
    return lens.map((l) => Array.from({ length: w }, (_, c) => (c < l ? '1' : '0'))).reverse();
  }
  return null;
}
const hasBoard = () => ['board', 'row', 'staircase'].includes(editor().kind) ||
  (editor().kind === 'file' && editor().cells);

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

// Draw a grid; `click(r, c)` on a cell; `marked` cells outlined as winning, `selected` as chosen.
function drawGrid(grid, chars, click, marked = new Set(), selected = new Set()) {
  const t = el('table', { class: 'grid' });
  grid.forEach((row, r) => {
    const tr = el('tr');
    row.forEach((ch, c) => {
      const i = chars.indexOf(ch);
      const td = el('td', { class: (ch === '0' ? 'off' : 'c' + Math.max(0, i)), 'data-r': r, 'data-c': c }, ch === '0' || ch === '1' ? '' : ch);
      if (marked.has(r + ',' + c)) td.classList.add('win');
      if (selected.has(r + ',' + c)) td.classList.add('sel');
      if (click) td.addEventListener('click', () => click(r, c));
      tr.append(td);
    });
    t.append(tr);
  });
  return t;
}

// ---- the editor ----
function renderEditor() {
  const box = $('editor');
  box.innerHTML = '';
  const ed = editor();
  const words = $('words');
  const set = (w) => { words.value = w; renderEditor(); };
  if (ed.kind === 'numbers') {
    const ws = words.value.trim().split(/\s+/).filter((w) => w);
    let k = ws.length;
    while (k > 0 && /^\d+$/.test(ws[k - 1])) k--;
    const prefix = ws.slice(0, k), nums = ws.slice(k);
    const div = el('div', { class: 'numbers' });
    if (prefix.length) div.append(el('span', {}, prefix.join(' ') + ' '));
    nums.forEach((n, i) => {
      const inp = el('input', { type: 'number', min: '0', value: n, 'aria-label': 'number ' + (i + 1) });
      inp.addEventListener('change', () => { nums[i] = inp.value || '0'; words.value = prefix.concat(nums).join(' '); });
      div.append(inp);
    });
    div.append(el('button', { onclick: () => set(prefix.concat(nums, ['1']).join(' ')) }, '+'));
    div.append(el('button', { onclick: () => set(prefix.concat(nums.slice(0, -1)).join(' ')) }, '−'));
    box.append(div);
  } else if (ed.kind === 'board' || ed.kind === 'row') {
    const grid = gridOf(words.value);
    const write = (g) => (ed.kind === 'row' ? g[0].join('') : g.map((r) => r.join('')).join('/'));
    const rows = el('input', { type: 'number', min: '1', value: grid.length, 'aria-label': 'rows' });
    const cols = el('input', { type: 'number', min: '1', value: grid[0] ? grid[0].length : 0, 'aria-label': 'columns' });
    const resize = () => {
      const R = ed.kind === 'row' ? 1 : +rows.value, C = +cols.value;
      set(write(Array.from({ length: R }, (_, r) => Array.from({ length: C }, (_, c) => (grid[r] && grid[r][c]) || ed.cells[0]))));
    };
    rows.addEventListener('change', resize);
    cols.addEventListener('change', resize);
    box.append(el('div', { class: 'size' }, ...(ed.kind === 'row' ? [] : ['rows ', rows]), ' cells ', cols));
    box.append(drawGrid(grid, ed.cells, (r, c) => {
      grid[r][c] = ed.cells[(ed.cells.indexOf(grid[r][c]) + 1) % ed.cells.length];
      set(write(grid));
    }));
  } else if (ed.kind === 'staircase') {
    const lens = parseStair(words.value);
    const grid = gridOf(words.value);
    box.append(el('div', {}, 'Click a square to take it and every square above and to its right.'));
    box.append(drawGrid(grid, '01', (r, c) => {
      const row = lens.length - 1 - r; // drawn top row first
      const out = lens.map((l, i) => (i >= row ? Math.min(l, c) : l));
      while (out.length && out[out.length - 1] === 0) out.pop();
      set(out.join(','));
    }));
  } else if (ed.kind === 'file') {
    const ta = el('textarea', { id: 'file-text', rows: 8, cols: 40, spellcheck: 'false', 'aria-label': ed.file });
    ta.value = fileText;
    ta.addEventListener('input', () => { fileText = ta.value; });
    ta.addEventListener('change', renderEditor);
    box.append(el('div', {}, 'The file ' + ed.file + ':'), ta);
    if (ed.cells) {
      const grid = parseFileBoard(fileText);
      box.append(drawGrid(grid, ed.cells, (r, c) => {
        grid[r][c] = ed.cells[(ed.cells.indexOf(grid[r][c]) + 1) % ed.cells.length];
        fileText = grid.map((row) => row.join('')).join('\n') + '\n';
        renderEditor();
      }));
    }
  }
}

// ---- the position tab ----
function movesList(moves) {
  const ul = el('ul', { class: 'moves' });
  for (const m of moves) ul.append(el('li', { class: 'winning' }, (m.component ? '#' + m.component + ' ' : '') + m.move + '   (to ' + m.position + ')'));
  return ul;
}
// The cells a move changes, on the board of the position `from`.
function moveCells(from, moveReport) {
  const ed = editor();
  if (ed.kind === 'file' && ed.cells) {
    const m = /^(\d+),(\d+)$/.exec(moveReport.position);
    const grid = parseFileBoard(fileText);
    return m ? new Set([(grid.length - 1 - +m[2]) + ',' + m[1]]) : new Set();
  }
  return diff(gridOf(from), gridOf(moveReport.position));
}
function boardView(posText, marked) {
  const ed = editor();
  if (ed.kind === 'file' && ed.cells) return drawGrid(parseFileBoard(fileText), ed.cells, null, marked);
  return drawGrid(gridOf(posText), ed.kind === 'staircase' ? '01' : ed.cells, null, marked);
}

// Misère play (the checkbox): sent as `misere` to every question that takes it.
const misere = () => $('misere').checked;
function showConvention() {
  $('convention').textContent = misere() ? 'misère play: whoever makes the last move loses'
    : 'normal play: whoever makes the last move wins';
}

async function evaluate() {
  showError(null);
  writeHash();
  const body = { position: positionText(), files: files(), misere: misere() };
  $('answer').innerHTML = '';
  $('board-view').innerHTML = '';
  $('graph-view').innerHTML = '';
  $('explain').innerHTML = '';
  try {
    if (editor().kind === 'file' && editor().graph) {
      const g = await api('graph', { file: editor().file, files: files() });
      $('graph-view').append(drawGraph(g));
      if (!$('words').value.trim()) return;
    }
    const [v, ex] = await Promise.all([api('value', body), api('explain', body)]);
    $('answer').append(
      el('div', { class: 'value', id: 'value' }, (v.convention === 'misere' ? 'misère value ' : 'value '),
        el('b', {}, shown(v.value)), '  outcome ',
        el('span', { class: 'outcome-' + v.outcome, id: 'outcome' }, v.outcome),
        el('span', { id: 'answer-convention' }, v.convention === 'misere' ? '  (misère play)' : '  (normal play)')),
      el('div', {}, 'winning moves (' + v.winning_moves.length + '):'), movesList(v.winning_moves));
    if (hasBoard()) {
      const marked = new Set();
      for (const m of v.winning_moves) for (const k of moveCells(v.position, m)) marked.add(k);
      $('board-view').append(el('div', {}, 'The winning moves change the outlined cells:'), boardView(v.position, marked));
    }
    $('explain').append(explainView(ex));
  } catch (e) { showError(e); }
}

function explainView(r) {
  const box = el('div', { class: 'explain' }, el('h3', {}, 'Why'));
  if (r.kind === 'mex') {
    const t = el('table', { class: 'data' }, el('tr', {}, el('th', {}, 'move'), el('th', {}, 'to'), el('th', {}, 'value')));
    for (const o of r.options) {
      const val = o.parts && o.parts.length > 1 ? o.parts.join(' ⊕ ') + ' = ' + o.value : shown(o.value);
      t.append(el('tr', {}, el('td', {}, o.move), el('td', {}, o.position), el('td', {}, val)));
    }
    box.append(t, el('p', {}, 'C = {' + r.set.join(', ') + '},  g = mex C = ' + r.value));
    if (r.misere) box.append(el('p', {}, 'misère play: a terminal position has g = 1, and g = 0 exactly at P-positions'));
    if (r.genus) box.append(genusView(r.genus));
  } else if (r.kind === 'sum') {
    const vals = r.components.map((c) => Number(c.value));
    const width = Math.max(1, ...vals.concat([Number(r.nim_sum)]).map((v) => v.toString(2).length));
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
    box.append(t);
    if (r.winning_moves.length) box.append(el('p', {}, 'the leading bit is marked; winning moves:'), movesList(r.winning_moves));
  } else {
    box.append(el('pre', {}, r.text));
  }
  return box;
}

// How one heap's genus is obtained (explain under misère play): each γn as a mex.
function genusView(d) {
  const box = el('div', { id: 'genus' }, el('h3', {}, 'Genus ' + d.genus + (d.tame ? ' (tame)' : ' (wild)')));
  const t = el('table', { class: 'data' }, el('tr', {}, el('th', {}, 'move'), el('th', {}, 'to'), el('th', {}, 'γ0 γ1 …')));
  for (const o of d.options) t.append(el('tr', {}, el('td', {}, o.move), el('td', {}, o.position), el('td', {}, o.terms.join(' '))));
  box.append(t);
  for (const s of d.steps) {
    const twos = s.from_twos.length ? ' ∪ {γ' + (s.n - 1) + ', γ' + (s.n - 1) + ' ⊕ 1}' : '';
    box.append(el('div', {}, 'γ' + s.n + ' = mex {' + s.set.join(', ') + '} = ' + s.gamma + '   (options' + twos + ')'));
  }
  return box;
}

// A digraph drawn on a circle: each vertex coloured by its outcome and labelled with its value.
function drawGraph(g) {
  const n = g.vertices.length, R = Math.max(80, n * 14), size = 2 * R + 80, c = size / 2;
  const svg = svgEl('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, id: 'graph-svg' });
  const defs = svgEl('defs');
  const marker = svgEl('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto' });
  marker.append(svgEl('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#555' }));
  defs.append(marker);
  svg.append(defs);
  const pos = g.vertices.map((_, i) => [c + R * Math.cos(2 * Math.PI * i / n - Math.PI / 2), c + R * Math.sin(2 * Math.PI * i / n - Math.PI / 2)]);
  for (const [a, b] of g.arc_list) {
    const [x1, y1] = pos[a], [x2, y2] = pos[b];
    const d = Math.hypot(x2 - x1, y2 - y1) || 1, r = 18;
    svg.append(svgEl('line', { x1: x1 + (x2 - x1) * r / d, y1: y1 + (y2 - y1) * r / d, x2: x2 - (x2 - x1) * r / d, y2: y2 - (y2 - y1) * r / d, stroke: '#555', 'marker-end': 'url(#arrow)' }));
  }
  const colour = { P: '#16a34a', N: '#dc2626', D: '#6b7280' };
  g.vertices.forEach((v, i) => {
    const [x, y] = pos[i];
    const grp = svgEl('g', { class: 'vertex', 'data-outcome': v.outcome, 'data-name': v.name });
    grp.append(svgEl('circle', { cx: x, cy: y, r: 17, fill: colour[v.outcome] || '#999' }));
    grp.append(svgEl('text', { x, y: y + 4, 'text-anchor': 'middle', fill: '#fff', 'font-size': 11 }, shown(v.value)));
    grp.append(svgEl('text', { x, y: y - 21, 'text-anchor': 'middle', 'font-size': 11 }, v.name + ' ' + v.outcome));
    svg.append(grp);
  });
  const counts = ['P', 'N', 'D'].map((o) => o + ': ' + g.vertices.filter((v) => v.outcome === o).map((v) => v.name).join(', ')).join('   ');
  return el('div', {}, el('div', { id: 'graph-summary' }, (g.acyclic ? 'acyclic' : 'with circuits') + ' — ' + counts), svg);
}

// ---- play ----
let play = null; // { game, history: [{position, side}], moves }
function playStatus(text) { $('play-status').textContent = text; }
async function playStart() {
  showError(null);
  try {
    const v = await api('value', { position: positionText(), files: files() , misere: misere() });
    play = { game: v.game, history: [{ position: v.position, side: $('first').value }], selected: new Set() };
    $('play-log').innerHTML = '';
    await playTurn();
  } catch (e) { showError(e); }
}
const playPosition = () => play.game + ' ' + play.history[play.history.length - 1].position;
async function playTurn() {
  const top = play.history[play.history.length - 1];
  $('play-moves').innerHTML = '';
  $('play-board').innerHTML = '';
  const m = await api('moves', { position: playPosition(), files: files() , misere: misere() });
  play.moves = m.moves;
  if (!m.moves.length) {
    // No move is left: the player to move wins exactly when the position is an N-position
    // (normal play: never; misère play: always).
    const moverWins = m.outcome === 'N';
    const humanWins = (top.side === 'me') === moverWins;
    playStatus('Game over: ' + (humanWins ? 'you win!' : 'the computer wins.'));
    $('play-status').dataset.winner = humanWins ? 'me' : 'computer';
    drawPlayBoard();
    return;
  }
  if (top.side === 'computer') {
    playStatus('The computer is thinking…');
    const a = await api('play', { position: playPosition(), files: files() , misere: misere() });
    $('play-log').append(el('li', {}, 'computer: ' + a.move.move));
    play.history.push({ position: a.move.position, side: 'me' });
    return playTurn();
  }
  playStatus('Your move (position ' + top.position + ', value ' + shown(m.value) + ').');
  delete $('play-status').dataset.winner;
  drawPlayBoard();
  for (const mv of m.moves) {
    $('play-moves').append(el('button', { class: 'move', onclick: () => humanMove(mv.move, mv.position) }, mv.move));
  }
}
function drawPlayBoard(marked = new Set()) {
  if (!hasBoard() || editor().kind === 'file') return;
  const top = play.history[play.history.length - 1];
  $('play-board').innerHTML = '';
  const ed = editor();
  $('play-board').append(drawGrid(gridOf(top.position), ed.kind === 'staircase' ? '01' : ed.cells, (r, c) => {
    // A click picks the moves that change this cell; one left is played.
    play.selected.add(r + ',' + c);
    const fits = (play.moves || []).filter((mv) => [...play.selected].every((k) => diff(gridOf(top.position), gridOf(mv.position)).has(k)));
    if (fits.length === 1) return humanMove(fits[0].move, fits[0].position);
    if (!fits.length) play.selected = new Set([r + ',' + c]);
    drawPlayBoard(marked);
  }, marked, play.selected));
}
async function humanMove(label, position) {
  showError(null);
  play.selected = new Set();
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
  play.selected = new Set();
  $('play-log').append(el('li', {}, 'undo'));
  try { await playTurn(); } catch (e) { showError(e); }
}
async function playHint() {
  if (!play) return;
  try {
    const v = await api('value', { position: playPosition(), files: files() , misere: misere() });
    const top = play.history[play.history.length - 1];
    playStatus('Hint: value ' + shown(v.value) + (v.winning_moves.length ? '; a winning move: ' + v.winning_moves[0].move : '; no winning move: delay'));
    if (v.winning_moves.length && hasBoard()) drawPlayBoard(diff(gridOf(top.position), gridOf(v.winning_moves[0].position)));
  } catch (e) { showError(e); }
}

// ---- sequences ----
async function sequence() {
  showError(null);
  writeHash();
  $('seq-out').innerHTML = '';
  try {
    const s = await api('seq', { game: $('seq-game').value.trim(), to: Number($('seq-to').value), misere: misere() });
    if (s.convention === 'misere') return misereSequence(s);
    const vals = s.values.map(Number);
    const W = 800, H = 240, pad = 30, max = Math.max(1, ...vals);
    const x = (n) => pad + (W - 2 * pad) * n / Math.max(1, vals.length - 1);
    const y = (v) => H - pad - (H - 2 * pad) * v / max;
    const svg = svgEl('svg', { width: W, height: H, id: 'seq-svg' });
    if (s.period !== null) {
      const pre = Number(s.preperiod), p = Number(s.period);
      for (let a = pre, k = 0; a < vals.length; a += p, k++) {
        svg.append(svgEl('rect', { x: x(a) - 2, y: pad / 2, width: Math.max(1, x(Math.min(a + p, vals.length - 1)) - x(a)), height: H - 1.5 * pad, fill: k % 2 ? '#eef' : '#dde', class: 'period' }));
      }
      svg.append(svgEl('line', { x1: x(pre), x2: x(pre), y1: pad / 2, y2: H - pad, stroke: '#a00' }));
    }
    svg.append(svgEl('line', { x1: pad, x2: W - pad, y1: H - pad, y2: H - pad, stroke: '#333' }));
    vals.forEach((v, n) => svg.append(svgEl('circle', { cx: x(n), cy: y(v), r: 3, fill: '#234' }, undefined)));
    svg.append(svgEl('text', { x: pad, y: H - 8, 'font-size': 11 }, '0'));
    svg.append(svgEl('text', { x: W - pad - 20, y: H - 8, 'font-size': 11 }, String(vals.length - 1)));
    svg.append(svgEl('text', { x: 2, y: pad, 'font-size': 11 }, String(max)));
    const line = s.period === null ? 'no period seen up to ' + (vals.length - 1)
      : 'period ' + s.period + ', preperiod ' + s.preperiod + ', saltus ' + s.saltus + (s.proved ? ' (proved: ' + s.reason + ')' : ' (' + s.reason + ')');
    $('seq-out').append(el('p', { id: 'seq-period' }, s.game + ': ' + line), svg,
      el('p', {}, 'The shaded bands are the periods, from the preperiod (red line) on.'),
      el('pre', { class: 'values' }, vals.join(' ')));
  } catch (e) { showError(e); }
}

// A misère sequence: each heap's misère value and genus.
function misereSequence(s) {
  const t = el('table', { class: 'data', id: 'genus-table' }, el('tr', {}, el('th', {}, 'heap'), el('th', {}, 'normal'),
    el('th', {}, 'misère'), el('th', {}, 'genus'), el('th', {}, '')));
  for (const h of s.heaps) t.append(el('tr', {}, el('td', {}, String(h.heap)), el('td', {}, String(h.normal)),
    el('td', {}, String(h.misere)), el('td', {}, h.genus), el('td', {}, h.tame ? 'tame' : 'wild')));
  const tame = s.tame_to === null ? '' : '; tame to heap ' + s.tame_to;
  $('seq-out').append(el('p', { id: 'seq-period' }, s.game + ' under misère play (whoever moves last loses)' + tame), t);
}

// ---- tables ----
async function table() {
  showError(null);
  writeHash();
  $('table-out').innerHTML = '';
  try {
    const r = await api('table', { table: $('table-words').value.trim(), boolean: $('table-boolean').checked });
    const grid = r.rows ? r.values : [r.values];
    const cols = r.columns || r.n;
    const max = Math.max(1, ...grid.flat().filter((v) => v !== null).map(Number));
    const t = el('table', { class: 'data heatmap' });
    t.append(el('tr', {}, el('th', {}, r.function), ...cols.map((c) => el('th', {}, String(c)))));
    grid.forEach((row, i) => {
      const tr = el('tr', {}, el('th', {}, r.rows ? String(r.rows[i]) : ''));
      for (const v of row) {
        const td = el('td', {}, v === null ? '' : String(v));
        if (v !== null) td.style.background = `hsl(${220 - 220 * Number(v) / max}, 70%, ${Number(v) === 0 ? 95 : 75}%)`;
        tr.append(td);
      }
      t.append(tr);
    });
    const forms = r.patterns || [r.pattern];
    $('table-out').append(el('p', {}, r.table), t,
      ...forms.filter((f) => f).map((f) => el('p', {}, f.formula + ' — ' + f.reason)));
  } catch (e) { showError(e); }
}

// ---- the address: the position in the URL ----
function writeHash() {
  const p = new URLSearchParams({ tab, game: cur ? cur.name : '', pos: $('words').value.trim() });
  if (editor().kind === 'file') p.set('file', fileText);
  if (tab === 'seq') p.set('seq', $('seq-game').value + '|' + $('seq-to').value);
  if (tab === 'table') p.set('table', $('table-words').value);
  history.replaceState(null, '', '#' + p.toString());
}
function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const g = games.find((x) => x.name === p.get('game'));
  if (g) choose(g, p.has('pos') ? p.get('pos') : null, p.get('file'));
  if (p.get('seq')) { const [a, b] = p.get('seq').split('|'); $('seq-game').value = a; $('seq-to').value = b; }
  if (p.get('table')) $('table-words').value = p.get('table');
  setTab(p.get('tab') || 'position');
  return !!g && p.has('pos');
}

function choose(g, words, file) {
  cur = g;
  $('game').value = g.name;
  $('summary').textContent = g.summary;
  $('rules').textContent = g.rules;
  $('syntax').textContent = g.name + ' ' + g.syntax;
  $('words').value = words !== null && words !== undefined ? words : exampleWords(g);
  fileText = file !== null && file !== undefined ? file : (g.editor.kind === 'file' ? '' : '');
  if (g.sequence) $('seq-game').value = g.name + (g.editor.kind === 'numbers' ? ' ' + leadingWords(exampleWords(g)) : '');
  $('example').title = 'grundy value ' + g.example;
  renderEditor();
  $('answer').innerHTML = ''; $('board-view').innerHTML = ''; $('graph-view').innerHTML = ''; $('explain').innerHTML = '';
}
function leadingWords(words) {
  const ws = words.split(/\s+/).filter((w) => w);
  let k = ws.length;
  while (k > 0 && /^\d+$/.test(ws[k - 1])) k--;
  return ws.slice(0, k).join(' ');
}
function setTab(t) {
  tab = t;
  for (const b of document.querySelectorAll('#tabs button')) b.classList.toggle('active', b.dataset.tab === t);
  for (const s of document.querySelectorAll('.tab')) s.hidden = s.id !== 'tab-' + t;
}

async function init() {
  try {
    games = (await api('list')).games;
  } catch (e) { showError(e); return; }
  for (const g of games) $('game').append(el('option', { value: g.name }, g.name));
  $('game').addEventListener('change', () => { choose(games.find((g) => g.name === $('game').value)); writeHash(); });
  $('example').addEventListener('click', () => { choose(cur); evaluate(); });
  $('go').addEventListener('click', evaluate);
  $('misere').addEventListener('change', showConvention);
  $('words').addEventListener('change', renderEditor);
  $('words').addEventListener('keydown', (e) => { if (e.key === 'Enter') { renderEditor(); evaluate(); } });
  for (const b of document.querySelectorAll('#tabs button')) b.addEventListener('click', () => { setTab(b.dataset.tab); writeHash(); });
  $('play-start').addEventListener('click', playStart);
  $('play-undo').addEventListener('click', playUndo);
  $('play-hint').addEventListener('click', playHint);
  $('seq-go').addEventListener('click', sequence);
  $('table-go').addEventListener('click', table);
  if (!readHash()) choose(cur || games[0]);
  else if (tab === 'position') evaluate();
  if (tab === 'seq' && $('seq-game').value) sequence();
  if (tab === 'table' && $('table-words').value) table();
  document.body.dataset.ready = 'yes';
}
init();
