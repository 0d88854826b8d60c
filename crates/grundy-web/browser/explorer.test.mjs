// Browser tests of the explorer: Debian's Chromium (headless) driven by playwright-core through
// the page served by `grundy serve`. Run by .ci/browser.sh: `node --test explorer.test.mjs`
// with GRUNDY_BIN set to the built `grundy` binary; SCREENSHOT=docs/explorer.png also saves a
// picture of each tab (docs/explorer.png, docs/explorer-play.png, -seq, -table, -phone).
// axe-core (from npm) is injected into the page to check accessibility.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

const BIN = process.env.GRUNDY_BIN;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let server, base, browser, profile;

before(async () => {
  assert.ok(BIN, 'GRUNDY_BIN must name the grundy binary');
  server = spawn(BIN, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/[0-9.:]+\//.exec(out);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error('grundy serve exited with ' + code)));
    setTimeout(() => reject(new Error('grundy serve did not start')), 20000);
  });
  profile = mkdtempSync(join(tmpdir(), 'grundy-chromium-'));
  // A fresh profile directory each run (playwright passes it as --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server && server.exitCode === null) {
    // SIGTERM stops `grundy serve` (as Ctrl-C does); SIGKILL if it did not within 5 s.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const t = setTimeout(() => server.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(t);
  }
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// The path of a screenshot named `name` beside SCREENSHOT (null when not asked for).
function shot(name) {
  const base = process.env.SCREENSHOT;
  if (!base) return null;
  return base.replace(/\.png$/, '') + (name ? '-' + name : '') + '.png';
}

async function page(hash = '', viewport) {
  const p = await browser.newPage();
  if (viewport) await p.setViewportSize(viewport);
  await p.goto(base + hash);
  await p.waitForSelector('body[data-ready="yes"]');
  return p;
}

test('Nim 10 12 5: value 3, the move 10 → 9, the nim-sum in binary', async () => {
  const p = await page();
  await p.selectOption('#game', 'nim');
  await p.fill('#words', '10 12 5');
  await p.click('#go');
  await p.waitForSelector('#value');
  assert.match(await p.textContent('#value'), /value 3\s+outcome N/);
  assert.match(await p.textContent('#answer'), /10 → 9/);
  assert.match(await p.textContent('#explain'), /nim-sum/);
  assert.match(p.url(), /game=nim&pos=10\+12\+5/, 'the position is in the address');
  // Bad input: the command line's message.
  await p.fill('#words', '10 x');
  await p.click('#go');
  await p.waitForSelector('#error:not([hidden])');
  assert.match(await p.textContent('#error'), /heap size `x` is not a natural number/);
  await p.close();
});

test('a shared address opens the position', async () => {
  const p = await page('#tab=position&game=nim&pos=1+2+3');
  await p.waitForSelector('#value');
  assert.match(await p.textContent('#value'), /value 0\s+outcome P/);
  await p.close();
});

test('Cram 3×3: clicking cells edits the board and the winning moves are outlined', async () => {
  const p = await page();
  const name = await p.evaluate(() => games.find((g) => g.editor.kind === 'board').name);
  await p.selectOption('#game', name);
  await p.fill('#words', '3x3');
  await p.press('#words', 'Enter');
  await p.waitForSelector('#value');
  assert.match(await p.textContent('#value'), /value 0\s+outcome P/);
  // Block the centre: the board ..../.#./... is a 3×3 ring of 8 cells.
  await p.click('#editor-grid .board button[data-r="1"][data-c="1"]');
  assert.equal(await p.inputValue('#words'), '.../.#./...');
  await p.click('#go');
  await p.waitForFunction(() => document.querySelector('#value') && /value/.test(document.querySelector('#value').textContent));
  const v = await p.evaluate(() => fetch('/api/value', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ position: document.querySelector('#game').value + ' .../.#./...' }) }).then((r) => r.json()));
  assert.match(await p.textContent('#value'), new RegExp('value ' + v.value + '\\s+outcome ' + v.outcome));
  if (v.winning_moves.length) {
    await p.waitForSelector('#position-board button.win');
    assert.ok(await p.locator('#position-board button.win').count() >= 2);
  }
  await p.close();
});

test('play Nim to the end from a winning start for the computer: the computer wins', async () => {
  const p = await page();
  await p.selectOption('#game', 'nim');
  await p.fill('#words', '3 5 7');
  await p.click('#tabs button[data-tab="play"]');
  await p.selectOption('#first', 'computer');
  await p.click('#play-start');
  for (let turn = 0; turn < 40; turn++) {
    // The player's turn is when the move buttons are back (the status still reads "Your move"
    // from the last turn until the computer has answered): waiting for the text alone raced
    // with the computer's reply and clicked a button of a finished game.
    await p.waitForFunction(() => {
      const status = document.querySelector('#play-status').textContent;
      return /Game over/.test(status)
        || (/Your move/.test(status) && document.querySelectorAll('#play-moves button.move').length > 0);
    });
    if (/Game over/.test(await p.textContent('#play-status'))) break;
    if (turn === 1) {
      // The hint explains itself (no bare "delay").
      // Take a hint, then go on.
      await p.click('#play-hint');
      await p.waitForFunction(() => /Hint/.test(document.querySelector('#play-status').textContent));
    }
    const logged = await p.locator('#play-log li').count();
    await p.click('#play-moves button.move >> nth=0');
    await p.waitForFunction((n) => document.querySelectorAll('#play-log li').length > n, logged);
  }
  await p.waitForFunction(() => /Game over/.test(document.querySelector('#play-status').textContent));
  assert.match(await p.textContent('#play-status'), /the computer wins/);
  assert.equal(await p.getAttribute('#play-status', 'data-winner'), 'computer');
  await p.close();
});

test('a digraph with a circuit: every vertex on it is D', async () => {
  const p = await page();
  const name = await p.evaluate(() => games.find((g) => g.editor.kind === 'file' && g.editor.graph && g.syntax.includes('V [V')).name);
  await p.selectOption('#game', name);
  await p.fill('#file-text', 'a b\nb c\nc a\nd\n');
  await p.fill('#words', 'a');
  await p.click('#go');
  await p.waitForSelector('#graph-svg');
  assert.equal(await p.locator('#graph-svg g.vertex[data-outcome="D"]').count(), 3);
  assert.equal(await p.getAttribute('#graph-svg g.vertex[data-name="d"]', 'data-outcome'), 'P');
  assert.match(await p.textContent('#graph-summary'), /with circuits/);
  await p.waitForSelector('#value');
  assert.match(await p.textContent('#value'), /outcome D/);
  await p.close();
});

test('a sequence is plotted with its period; a table is a heatmap', async () => {
  const p = await page();
  await p.click('#tabs button[data-tab="seq"]');
  const name = await p.evaluate(() => games.find((g) => g.editor.kind === 'numbers' && g.syntax.startsWith('--set')).name);
  await p.fill('#seq-game', name + ' --set 1,2');
  await p.fill('#seq-to', '30');
  await p.click('#seq-go');
  await p.waitForSelector('#seq-svg');
  assert.match(await p.textContent('#seq-period'), /period 3, preperiod 0/);
  assert.ok(await p.locator('#seq-svg rect.period').count() >= 10);
  await p.click('#tabs button[data-tab="table"]');
  const grid = await p.evaluate(() => games.find((g) => g.capabilities.includes('table_grid')).name);
  await p.fill('#table-words', grid + ' 0..4 0..4');
  await p.click('#table-go');
  await p.waitForSelector('#table-out table.heatmap');
  assert.equal(await p.locator('#table-out table.heatmap tr').count(), 6);
  await p.close();
});

test('misère play: Nim 1 1 is P under normal play and N with the misère box ticked', async () => {
  const p = await page();
  await p.selectOption('#game', 'nim');
  await p.fill('#words', '1 1');
  await p.click('#go');
  await p.waitForSelector('#value');
  assert.match(await p.textContent('#value'), /value 0\s+outcome P\s+\(normal play\)/);
  assert.match(await p.textContent('#convention'), /normal play/);
  await p.check('#misere');
  assert.match(await p.textContent('#convention'), /misère play \(whoever makes the last move loses\)/);
  await p.click('#go');
  await p.waitForFunction(() => /misère/.test(document.querySelector('#value') ? document.querySelector('#value').textContent : ''));
  assert.match(await p.textContent('#value'), /misère value \d+\s+outcome N\s+\(misère play\)/);
  await p.waitForSelector('#moves button.winning');
  assert.ok((await p.locator('#moves button.winning').count()) >= 1);
  await p.close();
});

// ---- issue 34: the defects, each with a test that failed before ----

// The first game whose entry satisfies `f` (the page learns games from /api/list).
const gameWhere = (p, f) => p.evaluate((src) => games.find(eval(src)).name, f.toString());
const api = (p, path, body) => p.evaluate(([path, body]) => fetch('/api/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json()), [path, body]);

test('Cram: a mouse click on Evaluate after typing 5x6 evaluates; "columns"; Tab keeps focus', async () => {
  const p = await page();
  const name = await gameWhere(p, (g) => g.editor.kind === 'board');
  await p.selectOption('#game', name);
  await p.fill('#words', '5x6');
  // The field loses focus on this click: the board below it redraws, the button stays.
  await p.click('#go');
  await p.waitForSelector('#value', { timeout: 20000 });
  const v = await api(p, 'value', { position: name + ' 5x6' });
  assert.match(await p.textContent('#value'), new RegExp('value ' + v.value + '\\s+outcome ' + v.outcome));
  assert.equal(await p.locator('#editor-grid .board button').count(), 30);
  assert.equal((await p.textContent('label[for="ed-cols"]')).trim(), 'columns');
  assert.ok(!(await p.locator('#editor label').allTextContents()).some((t) => /cells/.test(t)), 'no field is labelled "cells"');
  await p.fill('#ed-rows', '3');
  await p.press('#ed-rows', 'Tab');
  assert.equal(await p.evaluate(() => document.activeElement && document.activeElement.id), 'ed-cols');
  assert.equal(await p.inputValue('#words'), '....../....../......');
  await p.close();
});

test('Example loads a working file for every file game', async () => {
  const p = await page();
  const names = await p.evaluate(() => games.filter((g) => g.editor.kind === 'file').map((g) => g.name));
  assert.ok(names.length >= 3);
  for (const name of names) {
    await p.selectOption('#game', name);
    await p.click('#example');
    await p.waitForFunction(() => document.querySelector('#value') || !document.querySelector('#error').hidden, null, { timeout: 30000 });
    assert.equal(await p.isHidden('#error'), true, name + ': ' + await p.textContent('#error'));
    assert.ok((await p.inputValue('#file-text')).trim().length > 0, name);
  }
  await p.close();
});

test('Node Kayles with no vertex named: the value of the whole graph, drawn undirected', async () => {
  const p = await page();
  const name = await gameWhere(p, (g) => g.editor.kind === 'file' && g.editor.undirected);
  await p.selectOption('#game', name);
  await p.fill('#file-text', 'a b\nb c\nc d\n');
  await p.fill('#words', '');
  await p.click('#go');
  await p.waitForSelector('#value');
  const v = await api(p, 'value', { position: name + ' g.txt', files: { 'g.txt': 'a b\nb c\nc d\n' } });
  assert.match(await p.textContent('#value'), new RegExp('value ' + v.value + '\\s'));
  await p.waitForSelector('#graph-svg g.vertex');
  assert.equal(await p.locator('#graph-svg g.vertex').count(), 4);
  assert.equal(await p.locator('#graph-svg [marker-end]').count(), 0, 'no arrows on an undirected graph');
  // Click a vertex: it and its neighbours go.
  await p.click('#graph-svg g.vertex[data-name="a"]');
  await p.waitForFunction(() => /value/.test((document.querySelector('#value') || {}).textContent || '') && document.querySelectorAll('#graph-svg g.vertex.gone').length === 2);
  assert.equal(await p.inputValue('#words'), 'c d');
  await p.close();
});

test('Sequence: 10^6 values without a stack overflow, paged, a downsampled plot, in under 2 s', async () => {
  const p = await page('', { width: 1280, height: 900 });
  await p.click('#tabs [data-tab="seq"]');
  assert.equal(await p.isHidden('#editor-box'), true, 'no position picker on the Sequence tab');
  assert.equal(await p.isHidden('#picker'), true);
  const name = await gameWhere(p, (g) => g.editor.kind === 'numbers' && g.syntax.startsWith('--set'));
  await p.fill('#seq-game', name + ' --set 1,2');
  await p.fill('#seq-to', '1000000');
  await p.click('#seq-go');
  await p.waitForSelector('#seq-values', { timeout: 60000 });
  assert.equal(await p.isHidden('#error'), true, await p.textContent('#error'));
  assert.match(await p.textContent('#seq-period'), /period 3, preperiod 0/);
  assert.ok(Number(await p.getAttribute('#seq-out', 'data-ms')) < 2000);
  assert.equal((await p.textContent('#seq-values')).split(' ').length, 1000);
  assert.match(await p.textContent('#seq-range'), /0–999 of 0–1000000/);
  await p.click('#seq-next');
  assert.match(await p.textContent('#seq-range'), /1000–1999/);
  assert.ok(await p.locator('#seq-columns').count() === 1, 'the plot is downsampled to columns');
  assert.ok(await p.evaluate(() => document.documentElement.scrollWidth) <= 1280, 'the page is not wider than the window');
  await p.close();
});

test('Sequence: a busy indicator with Cancel; --misere in the field is misère play', async () => {
  const p = await page();
  await p.click('#tabs [data-tab="seq"]');
  const octal = await gameWhere(p, (g) => g.editor.kind === 'numbers' && /octal|code/i.test(g.syntax) && g.sequence);
  // Three-heap splits to heap 4000: about 10^10 steps, seconds of work to cancel.
  await p.fill('#seq-game', octal + ' 0.99999');
  await p.fill('#seq-to', '4000');
  await p.click('#seq-go');
  await p.waitForSelector('#busy:not([hidden])', { timeout: 5000 });
  await p.click('#cancel');
  await p.waitForSelector('#busy', { state: 'hidden' });
  assert.equal(await p.isHidden('#error'), true);
  // The server stops the computation when the page cancels.
  await p.waitForFunction(() => fetch('/api/status').then((r) => r.json()).then((s) => s.running === 0), null, { timeout: 15000, polling: 250 });
  await p.fill('#seq-game', octal + ' 0.77 --misere');
  await p.fill('#seq-to', '12');
  await p.click('#seq-go');
  await p.waitForSelector('#genus-table');
  assert.equal(await p.isChecked('#seq-misere'), true);
  assert.match(await p.textContent('#seq-period'), /misère/);
  await p.close();
});

test('Table starts with a working example and takes cram-like 3x3..10', async () => {
  const p = await page();
  await p.click('#tabs [data-tab="table"]');
  assert.notEqual((await p.inputValue('#table-words')).trim(), '');
  await p.click('#table-go');
  await p.waitForSelector('#table-out table.heatmap');
  assert.equal(await p.isHidden('#error'), true);
  assert.equal(await p.locator('#table-out table.heatmap tr').count(), 11);
  // A board's sizes as a range after a prefix.
  const board = await gameWhere(p, (g) => g.editor.kind === 'board');
  await p.fill('#table-words', board + ' 3x3..10');
  await p.click('#table-go');
  await p.waitForFunction(() => /3x3\.\.10/.test(document.querySelector('#table-out').textContent));
  assert.equal(await p.isHidden('#error'), true, await p.textContent('#error'));
  assert.equal(await p.locator('#table-out table.heatmap tr:nth-child(2) td').count(), 8);
  await p.close();
});

test('Cram 8×8: the value first; the moves and the explanation hit a limit without hiding it', async () => {
  const p = await page();
  const name = await gameWhere(p, (g) => g.editor.kind === 'board');
  await p.selectOption('#game', name);
  await p.fill('#words', '8x8');
  await p.click('#go');
  await p.waitForSelector('#value', { timeout: 10000 });
  assert.match(await p.textContent('#value'), /value 0\s+outcome P/);
  await p.waitForSelector('#explain .explain', { timeout: 120000 });
  assert.match(await p.textContent('#value'), /value 0\s+outcome P/, 'the value stays');
  assert.equal(await p.isHidden('#error'), true);
  await p.close();
});

test('a heap of 10^12 has a value on the page; an explanation is bounded with "show all"', async () => {
  const p = await page();
  const octal = await gameWhere(p, (g) => g.editor.kind === 'numbers' && /octal|code/i.test(g.syntax) && g.sequence);
  await p.selectOption('#game', octal);
  await p.fill('#words', '0.77 1000000000000');
  await p.click('#go');
  await p.waitForSelector('#value');
  assert.match(await p.textContent('#value'), /value 1\s+outcome N/);
  await p.waitForSelector('#explain .explain', { timeout: 30000 });
  assert.equal(await p.isHidden('#error'), true);
  // A heap game with many options: 200 rows and the count of the rest.
  const split = await gameWhere(p, (g) => g.editor.kind === 'numbers' && g.sequence && g.example.split(' ').length === 2 && !/octal|code/i.test(g.syntax) && /split|two/i.test(g.rules));
  await p.selectOption('#game', split);
  await p.fill('#words', '100000');
  await p.click('#go');
  await p.waitForSelector('#explain-bound', { timeout: 60000 });
  assert.equal(await p.locator('#explain table.data tr').count(), 201);
  assert.match(await p.textContent('#explain-bound'), /The first 200 of \d+ options/);
  await p.close();
});

test('accessibility details: tabs, live region, labels, the hint, distinct move labels, the icon', async () => {
  const p = await page();
  const sel = () => p.evaluate(() => [...document.querySelectorAll('#tabs [role="tab"]')].map((b) => b.getAttribute('aria-selected')).join(','));
  assert.equal(await sel(), 'true,false,false,false');
  await p.focus('#tabs [data-tab="position"]');
  await p.keyboard.press('ArrowRight');
  assert.equal(await sel(), 'false,true,false,false');
  await p.click('#tabs [data-tab="position"]');
  assert.equal(await p.getAttribute('#answer', 'aria-live'), 'polite');
  assert.equal((await p.textContent('label.check:has(#misere)')).trim(), 'misère play');
  assert.equal(await p.evaluate(() => document.querySelector('#convention').closest('label')), null);
  await p.selectOption('#game', 'nim');
  await p.fill('#words', '3 3');
  await p.click('#go');
  await p.waitForSelector('#moves button.move');
  const texts = await p.locator('#moves button.move').allTextContents();
  assert.equal(new Set(texts).size, texts.length, texts.join(' | '));
  // The hint at a P-position says why there is no winning move.
  await p.click('#tabs [data-tab="play"]');
  await p.click('#play-start');
  await p.waitForSelector('#play-moves button.move');
  await p.click('#play-hint');
  await p.waitForFunction(() => /Hint/.test(document.querySelector('#play-status').textContent));
  const hint = await p.textContent('#play-status');
  assert.doesNotMatch(hint, /delay/);
  assert.match(hint, /every move leads to a position from which the computer wins/);
  assert.equal(await p.evaluate(() => fetch('/favicon.ico').then((r) => r.status)), 200);
  await p.close();
});

test('boards are played from the keyboard; the poisoned square is marked', async () => {
  const p = await page();
  const stair = await gameWhere(p, (g) => g.editor.kind === 'staircase');
  await p.selectOption('#game', stair);
  await p.fill('#words', '3,3');
  await p.click('#go');
  await p.waitForSelector('#moves');
  const poison = p.locator('#position-board button.poison');
  assert.equal(await poison.count(), 1);
  assert.match(await poison.getAttribute('aria-label'), /poisoned/);
  // Tab to a winning square and press Enter: the move is played.
  const win = p.locator('#position-board button.win').first();
  await win.focus();
  await p.keyboard.press('Enter');
  await p.waitForSelector('#history li');
  assert.notEqual(await p.inputValue('#words'), '3,3');
  await p.click('#undo');
  await p.waitForFunction(() => document.querySelector('#words').value === '3,3');
  await p.close();
});

// ---- play every family to the end on its drawing ----

// Click a winning move on the drawing when there is one, else any move; repeat to the end.
async function playToEnd(p, maxTurns = 60) {
  try {
    return await playToEndOnce(p, maxTurns);
  } catch (e) {
    const state = await p.evaluate(() => ({ words: document.querySelector('#words').value, moves: (document.querySelector('#moves') || {}).textContent,
      pick: (document.querySelector('#pick') || {}).innerHTML, error: document.querySelector('#error').textContent, drawing: document.querySelector('#drawing').innerHTML.slice(0, 3000) }));
    throw new Error(e.message + '\n' + JSON.stringify(state, null, 1));
  }
}
async function playToEndOnce(p, maxTurns) {
  let first = true;
  for (let turn = 0; turn < maxTurns; turn++) {
    await p.waitForSelector('#moves', { timeout: 30000 });
    if (/No move is left/.test(await p.textContent('#moves'))) return turn;
    const before = await p.locator('#history li').count();
    const win = p.locator('#drawing .win:not(.gone):not(.poison)');
    if (first) assert.ok(await win.count() > 0 || /No winning move/.test(await p.textContent('#answer')), 'a winning move is drawn');
    first = false;
    // No winning move (the side to move loses): any move, from the list.
    await ((await win.count()) ? win.first() : p.locator('#moves button.move').first()).click();
    // Several moves fit the click: choose one from the list that appears.
    const played = await p.waitForFunction((n) => document.querySelectorAll('#history li').length > n || document.querySelector('#pick button'), before);
    if ((await p.locator('#history li').count()) <= before) {
      const pick = p.locator('#pick button.winning');
      await ((await pick.count()) ? pick.first() : p.locator('#pick button').first()).click();
      await p.waitForFunction((n) => document.querySelectorAll('#history li').length > n, before);
    }
    void played;
  }
  throw new Error('the game did not end');
}

for (const [family, where, words] of [
  ['heaps', (g) => g.editor.kind === 'numbers' && g.capabilities.includes('closed_form') && g.capabilities.includes('sequence_engine'), '3 5 6'],
  ['a board', (g) => g.editor.kind === 'board', '3x4'],
  ['a staircase', (g) => g.editor.kind === 'staircase', '3,3,2'],
  ['a row', (g) => g.editor.kind === 'row' && g.editor.cells.length === 2, null],
  ['a strip of columns', (g) => g.editor.kind === 'columns', '5'],
  ['a maze', (g) => g.editor.kind === 'file' && g.editor.cells, null],
  ['a digraph', (g) => g.editor.kind === 'file' && g.editor.graph && !g.editor.undirected, null],
  ['an undirected graph', (g) => g.editor.kind === 'file' && g.editor.undirected, null],
]) {
  test(`play ${family} to the end by clicking its drawing`, async () => {
    const p = await page();
    const name = await gameWhere(p, where);
    await p.selectOption('#game', name);
    await p.click('#example');
    await p.waitForSelector('#moves', { timeout: 30000 });
    if (words !== null) {
      await p.fill('#words', words);
      await p.click('#go');
    }
    const turns = await playToEnd(p);
    assert.ok(turns >= 1, name);
    assert.equal(await p.isHidden('#error'), true, await p.textContent('#error'));
    // The address holds the position reached.
    assert.match(decodeURIComponent(p.url()), new RegExp('pos=' + (await p.inputValue('#words')).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\+')));
    await p.close();
  });
}

// ---- axe-core: no serious or critical violation on any tab, at 1280 and 360 px ----

for (const width of [1280, 360]) {
  test(`axe: no serious or critical violation on any tab at ${width} px; screenshots`, async () => {
    const p = await page('#tab=position&game=nim&pos=10+12+5', { width, height: 900 });
    await p.waitForSelector('#explain .explain');
    await p.addScriptTag({ path: AXE });
    const check = async (what) => {
      const r = await p.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
      const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')), [], what);
      assert.ok(await p.evaluate(() => document.documentElement.scrollWidth) <= width + 1, what + ': wider than the window');
    };
    const save = async (name) => {
      const path = shot(width === 360 ? (name ? name + '-phone' : 'phone') : name);
      if (path && (width === 1280 || name === '')) await p.screenshot({ path, fullPage: true });
    };
    await check('position');
    await save('');
    await p.click('#tabs [data-tab="play"]');
    await p.click('#play-start');
    await p.waitForSelector('#play-moves button.move');
    await check('play');
    await save('play');
    await p.click('#tabs [data-tab="seq"]');
    const sub = await gameWhere(p, (g) => g.editor.kind === 'numbers' && g.syntax.startsWith('--set'));
    await p.fill('#seq-game', sub + ' --set 2,5,7');
    await p.fill('#seq-to', '200');
    await p.click('#seq-go');
    await p.waitForSelector('#seq-values');
    await check('seq');
    await save('seq');
    await p.click('#tabs [data-tab="table"]');
    await p.click('#table-go');
    await p.waitForSelector('#table-out table.heatmap');
    await check('table');
    await save('table');
    // A board and a graph drawn on the Position tab.
    for (const kind of ['board', 'file']) {
      await p.click('#tabs [data-tab="position"]');
      const name = await p.evaluate((k) => games.find((g) => g.editor.kind === k && (k !== 'file' || g.editor.undirected)).name, kind);
      await p.selectOption('#game', name);
      await p.click('#example');
      await p.waitForSelector('#moves', { timeout: 30000 });
      await check(kind);
    }
    await p.close();
  });
}
