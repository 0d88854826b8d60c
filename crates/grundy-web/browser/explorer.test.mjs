// Browser tests of the explorer: Debian's Chromium (headless) driven by playwright-core through
// the page served by `grundy serve`. Run by .ci/browser.sh: `node --test explorer.test.mjs`
// with GRUNDY_BIN set to the built `grundy` binary; SCREENSHOT=path also saves a picture.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

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

async function page(hash = '') {
  const p = await browser.newPage();
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
  if (process.env.SCREENSHOT) await p.screenshot({ path: process.env.SCREENSHOT, fullPage: true });
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
  await p.click('#editor .grid td[data-r="1"][data-c="1"]');
  assert.equal(await p.inputValue('#words'), '.../.#./...');
  await p.click('#go');
  await p.waitForFunction(() => document.querySelector('#value') && /value/.test(document.querySelector('#value').textContent));
  const v = await p.evaluate(() => fetch('/api/value', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ position: document.querySelector('#game').value + ' .../.#./...' }) }).then((r) => r.json()));
  assert.match(await p.textContent('#value'), new RegExp('value ' + v.value + '\\s+outcome ' + v.outcome));
  if (v.winning_moves.length) assert.ok(await p.locator('#board-view td.win').count() >= 2);
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
  assert.match(await p.textContent('#convention'), /misère play: whoever makes the last move loses/);
  await p.click('#go');
  await p.waitForFunction(() => /misère/.test(document.querySelector('#value') ? document.querySelector('#value').textContent : ''));
  assert.match(await p.textContent('#value'), /misère value \d+\s+outcome N\s+\(misère play\)/);
  assert.ok((await p.locator('#answer li.winning').count()) >= 1);
  await p.close();
});
