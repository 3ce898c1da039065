// The query lab in a real VS Code against the embedded sandbox: each rule of a .mmq file shows
// its count over the window as an inlay hint on its header line, equal to the sandbox's own
// histogram total for the same query and window; an edited rule is counted again once the text
// is still, and nothing is asked while typing.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { lastDays } from '../../../core/lab/countWindow';
import { LAB_SETTLE_MS } from '../../../src/features/lab/labTiming';
import { eventually } from '../../support/eventually';
import type { Comparison } from '../../../media/lab/protocol';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import {
  closeAllEditors,
  diagnosticsOf,
  fixture,
  showFixture,
  showUntitled,
} from './support/documents';
import { extensionApi } from './support/extension';
import { clickInWorkbench, inWebview, screenshot, shownInWorkbench } from './support/screenshot';
import { hintsByLine, inlayHintsOf, labelOf } from './support/hints';
import { lensCommand } from './support/lenses';

const PROJECT = '7c1e-demo';
/** A row of the open quick pick. */
const ROW = '.quick-input-widget .monaco-list-row';
const COUNT = /^([\d,]+) in 7 d$/;

/** Waits until the header lines `lines` all show a count; the counts, in that order. */
async function countsOn(document: vscode.TextDocument, lines: readonly number[], what: string) {
  return eventually(
    async () => {
      const hints = await hintsByLine(document);
      const counts = lines.map((line) => {
        const hint = hints.get(line);
        return hint ? COUNT.exec(labelOf(hint))?.[1] : undefined;
      });
      if (counts.some((count) => count === undefined)) return undefined;
      return counts.map((count) => Number((count as string).replace(/,/g, '')));
    },
    { timeoutMs: 30_000, intervalMs: 100, what },
  );
}

/** The daily counts a count hint's hover lists (`Nov 21: 172`), oldest first. */
async function hoverDays(document: vscode.TextDocument, line: number): Promise<number[]> {
  const tooltip = (await hintsByLine(document)).get(line)?.tooltip;
  const text = typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '');
  return [...text.matchAll(/^[A-Z][a-z]{2} \d{1,2}: ([\d,]+)$/gm)].map((match) =>
    Number((match[1] ?? '').replace(/,/g, '')),
  );
}

/** The sandbox's own daily histogram of a query in the lab's window, in PROJECT or global data. */
async function sandboxDays(
  api: MediaMonitoringApi,
  query: string,
  where: 'project' | 'global' = 'project',
): Promise<number[]> {
  const client = await api.connection.client();
  const window = lastDays(7, Date.now());
  const parameters = {
    q: query,
    min: window.min,
    max: window.max,
    interval: 'day',
    timezone: 'UTC',
  } as const;
  const answer =
    where === 'project'
      ? await client.histograms.project(PROJECT, 'published', parameters)
      : await client.histograms.global('published', parameters);
  return answer.result_histogram.data.map((bin) => bin.v[0] ?? 0);
}

const sum = (counts: readonly number[]) => counts.reduce((total, count) => total + count, 0);

/**
 * The sandbox's total for a query, asked before and after the lab counted it: the sandbox
 * publishes live documents as the test runs (today's bin grows), so the lab's count, asked in
 * between, is bracketed by them; past days do not move and must be equal exactly.
 */
async function assertSandboxCount(
  api: MediaMonitoringApi,
  query: string,
  earlier: readonly number[],
  count: number,
  shownDays: readonly number[],
): Promise<void> {
  const later = await sandboxDays(api, query);
  assert.ok(
    sum(earlier) <= count && count <= sum(later),
    `${query}: ${count} is within the sandbox's ${sum(earlier)}…${sum(later)}`,
  );
  assert.equal(shownDays.length, 7, `${query}: the hover lists the 7 days`);
  assert.equal(sum(shownDays), count, `${query}: the hover's days add up to the count`);
  assert.deepEqual(shownDays.slice(0, -1), later.slice(0, -1), `${query}: the past days`);
}

describe('the query lab', function () {
  this.timeout(120_000);
  let api: MediaMonitoringApi;

  before(async () => {
    api = await extensionApi();
  });

  afterEach(closeAllEditors);

  it('shows each rule its count over the window, equal to the sandbox histogram total', async () => {
    const brands = 'acme OR globex OR initech';
    const acme = '(acme OR "acme corp") AND NOT lang:fr';
    const earlier = [await sandboxDays(api, brands), await sandboxDays(api, acme)] as const;
    const editor = await showFixture('lab.mmq');
    assert.equal(editor.document.uri.toString(), fixture('lab.mmq').toString());
    const [brandsCount, acmeCount] = await countsOn(editor.document, [2, 5], 'lab.mmq counted');
    assert.ok((brandsCount ?? 0) > 0, 'the sandbox has documents for the rule');
    const shown = [await hoverDays(editor.document, 2), await hoverDays(editor.document, 5)];
    await assertSandboxCount(api, brands, earlier[0], brandsCount ?? -1, shown[0] ?? []);
    await assertSandboxCount(api, acme, earlier[1], acmeCount ?? -1, shown[1] ?? []);
    await screenshot('lab-counts');
  });

  it('counts an edited rule again once the text is still, and asks nothing while typing', async () => {
    const earlierB = await sandboxDays(api, 'globex');
    const editor = await showUntitled(
      `// @project ${PROJECT}\n\n### a\nacme OR globex\n\n### b\nglobex\n`,
    );
    const [first, before] = await countsOn(editor.document, [2, 5], 'the counts of a and b');
    await assertSandboxCount(
      api,
      'globex',
      earlierB,
      before ?? -1,
      await hoverDays(editor.document, 5),
    );
    const earlier = await sandboxDays(api, 'globex OR initech');
    // Typed a character at a time, faster than the text settles; each key's time is taken
    // before the editor has it, so the text changed after it.
    const end = new vscode.Position(6, 'globex'.length);
    const keys: number[] = [];
    for (const [index, character] of [...' OR initech'].entries()) {
      const at = end.translate(0, index);
      keys.push(Date.now());
      assert.ok(await editor.edit((builder) => builder.insert(at, character)));
      // A typist's pace, not a wait for something: keys 60 ms apart, well inside the settle time.
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    const [same, after] = await eventually(
      async () => {
        const now = await countsOn(editor.document, [2, 5], 'the counts after the edit');
        return now[1] !== before ? now : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: "b's count after the edit" },
    );
    await assertSandboxCount(
      api,
      'globex OR initech',
      earlier,
      after ?? -1,
      await hoverDays(editor.document, 5),
    );
    assert.equal(same, first, "a's count is unchanged");
    // Nothing was asked while typing: each count came once the text had been still for the
    // settle time after the key before it (timers round to the millisecond).
    const made = api.labRecentCalls().filter((call) => call.at >= (keys[0] ?? Infinity));
    for (const call of made) {
      const keyBefore = Math.max(...keys.filter((key) => key <= call.at));
      assert.ok(
        call.at - keyBefore >= LAB_SETTLE_MS - 1,
        `\`${call.query}\` was counted ${call.at - keyBefore} ms after a key`,
      );
    }
    assert.ok(
      made.every((call) => call.query.startsWith('globex')),
      `only the edited rule was counted again: ${made.map((call) => call.query).join(', ')}`,
    );
    assert.equal(made.at(-1)?.query, 'globex OR initech');
    // A loaded machine can pause between two keys as long as the settle time: the text was
    // still then, and a count of what it held was due. Otherwise the one count is the last text's.
    const widestGap = Math.max(...keys.slice(1).map((key, index) => key - (keys[index] ?? key)));
    if (widestGap < LAB_SETTLE_MS) assert.equal(made.length, 1, 'one count, after the last key');
  });

  it("explains a rule: each part's only count is the total minus the rule without it; a dead exclusion is flagged", async function () {
    // The sandbox's histogram calls are rate limited: the test's and the lab's, about twenty.
    this.timeout(240_000);
    const operands = ['acme', 'globex', 'initech', '"acme corp"'];
    const exclusion = 'NOT zzqxv';
    const rule = `(${operands.join(' OR ')}) AND ${exclusion}`;
    const withouts = operands.map(
      (_, index) =>
        `(${operands.filter((__, other) => other !== index).join(' OR ')}) AND ${exclusion}`,
    );
    // Over global data: its histograms allow 60 calls a minute, a project's 30, and the test's
    // and the lab's calls together would wait a minute for a project's.
    const global = (query: string) => sandboxDays(api, query, 'global');
    const earlier = await Promise.all([rule, ...withouts].map(global));
    const editor = await showUntitled(`### parts\n${rule}\n`);
    editor.selection = new vscode.Selection(1, 1, 1, 1);
    await vscode.commands.executeCommand('mediaMonitoring.lab.explainRule');
    const ONLY = /^([\d,]+) · ([\d,]+) only$/;
    const number = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''));
    const { parts, removed } = await eventually(
      async () => {
        const all = await inlayHintsOf(editor.document);
        const found = all
          .map(labelOf)
          .map((label) => ONLY.exec(label))
          .filter((match) => match !== null)
          .map((match) => ({ count: number(match[1]), only: number(match[2]) }));
        const minus = all.map(labelOf).find((label) => /^−[\d,]+$/.test(label));
        return found.length === operands.length && minus
          ? { parts: found, removed: number(minus.slice(1)) }
          : undefined;
      },
      // The lab's nine counts wait their turn behind the earlier suites' histogram calls.
      { timeoutMs: 180_000, intervalMs: 250, what: 'the parts of the explained rule' },
    );
    const later = await Promise.all([rule, ...withouts].map(global));
    const [totalEarly, ...withoutEarly] = earlier.map(sum);
    const [totalLate, ...withoutLate] = later.map(sum);
    parts.forEach(({ only }, index) => {
      // Live documents arrive as the test runs: the sandbox's difference before and after brackets it.
      const low = (totalEarly ?? 0) - (withoutLate[index] ?? 0);
      const high = (totalLate ?? 0) - (withoutEarly[index] ?? 0);
      assert.ok(
        low <= only && only <= high,
        `${operands[index]}: ${only} only, the sandbox says ${low}…${high}`,
      );
    });
    assert.ok((parts[0]?.only ?? 0) > 0, 'acme brings documents of its own');
    assert.equal(parts[3]?.only, 0, '"acme corp" brings nothing acme does not');
    assert.equal(removed, 0, 'the exclusion removes nothing');
    const diagnostics = await diagnosticsOf(
      editor.document.uri,
      (found) => found.some((diagnostic) => diagnostic.code === 'dead-exclusion'),
      'the dead exclusion flagged',
    );
    const lab = diagnostics.filter((diagnostic) => diagnostic.source === 'mmq lab');
    const dead = lab.find((diagnostic) => diagnostic.code === 'dead-exclusion');
    assert.equal(dead?.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(editor.document.getText(dead?.range), exclusion);
    // An operand is flagged redundant exactly when it brings nothing of its own.
    const redundant = lab
      .filter((diagnostic) => diagnostic.code === 'redundant-operand')
      .map((diagnostic) => editor.document.getText(diagnostic.range));
    assert.deepEqual(
      redundant,
      operands.filter((_, index) => parts[index]?.only === 0),
    );
    assert.ok(redundant.includes('"acme corp"'));
    // The same numbers as a table beside the rule: a row per operand and exclusion.
    const drawn = await eventually(
      () => api.labPanelDrawn()?.ruleId === 'parts' && api.labPanelDrawn(),
      { what: 'the parts table drawn' },
    );
    assert.equal(drawn.rows, operands.length + 1);
    assert.equal((await inWebview('.parts tbody tr')).count, operands.length + 1);
    assert.equal((await inWebview('.flag.dead-exclusion')).text, 'removes nothing');
    await screenshot('lab-parts');
    // VS Code truncates a line's inlay hints past 43 characters by default: the screenshot shows
    // them whole, as the README says to set it.
    const editorSettings = vscode.workspace.getConfiguration('editor');
    await editorSettings.update('inlayHints.maximumLength', 0, vscode.ConfigurationTarget.Global);
    try {
      const fresh = () => vscode.workspace.getConfiguration('editor');
      await eventually(() => fresh().get('inlayHints.maximumLength') === 0, {
        what: 'inlay hints shown whole',
      });
      await screenshot('lab-explain');
    } finally {
      await editorSettings.update(
        'inlayHints.maximumLength',
        undefined,
        vscode.ConfigurationTarget.Global,
      );
    }
  });

  it('explains the rule of a new file without a header, named as the editor names the file', async function () {
    this.timeout(180_000);
    // A new file of the editor (File > New File) is `untitled:Untitled-N`: its rule is
    // `Untitled-N`, for the language server's CodeLens and for the lab's explanation alike.
    const document = await vscode.workspace.openTextDocument({
      language: 'mmq',
      content: 'acme AND NOT zzqxw\n',
    });
    const editor = await vscode.window.showTextDocument(document);
    const name = document.uri.path;
    assert.match(name, /^Untitled-\d+$/);
    editor.selection = new vscode.Selection(0, 1, 0, 1);
    await vscode.commands.executeCommand('mediaMonitoring.lab.explainRule');
    const drawn = await eventually(
      () => api.labPanelDrawn()?.ruleId === name && api.labPanelDrawn(),
      { timeoutMs: 150_000, intervalMs: 250, what: `the parts of ${name} drawn` },
    );
    assert.equal(drawn.rows, 2, 'the operand and the exclusion');
  });

  it('finds noise: excluding a term of the theme cloud lowers the count by what its preview said', async function () {
    this.timeout(180_000);
    const editor = await showUntitled(`// @project ${PROJECT}\n\n### noisy\nacme OR globex\n`);
    const uri = editor.document.uri.toString();
    const finding = vscode.commands.executeCommand('mediaMonitoring.lab.findNoise', uri, 'noisy');
    const terms = await eventually(
      () => api.labNoise().showing === 'terms' && api.labNoise().terms,
      { what: "the theme cloud of the rule's documents", timeoutMs: 90_000, intervalMs: 100 },
    );
    assert.ok(terms.length > 0, 'the rule has documents, and they have terms');
    const term = terms[0]?.term ?? '';
    assert.ok(
      terms.every((theme) => !['acme', 'globex'].includes(theme.term.toLowerCase())),
      "the rule's own words are no candidates",
    );
    await shownInWorkbench(ROW, term);
    await screenshot('lab-noise-terms');
    // Enter on the first term excludes it.
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const preview = await eventually(
      () => api.labNoise().showing === 'preview' && api.labNoise().preview,
      { what: "the exclusion's preview", timeoutMs: 90_000, intervalMs: 100 },
    );
    await shownInWorkbench(ROW, 'Apply:');
    await screenshot('lab-noise-preview');
    assert.ok(preview.title.includes(`Exclude "${term}" in noisy`), preview.title);
    assert.equal(preview.before - preview.after, preview.removedCount, 'before − after = removed');
    assert.ok(preview.removedCount > 0, `the top term "${term}" is in some of the documents`);
    await clickInWorkbench(ROW, 'Apply:');
    await finding;
    const rule = editor.document.getText().split('\n')[3] ?? '';
    assert.match(rule, / AND NOT /, 'the exclusion is written into the rule');
    assert.ok(rule.toLowerCase().includes(term.toLowerCase()), `${rule} excludes ${term}`);
    const [count] = await countsOn(editor.document, [2], 'the count after the exclusion');
    assert.equal(count, preview.after, 'the count hint reads what the preview said');
    // An ordinary edit: undo brings the rule back.
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText().split('\n')[3], 'acme OR globex');
  });
  it('why not: a pasted text names the exclusion that removed it, in a report beside the rule', async () => {
    const editor = await showUntitled(
      `// @project ${PROJECT}\n\n### launch\n(acme OR globex) AND NOT recall\n`,
    );
    const report = await vscode.commands.executeCommand<string>(
      'mediaMonitoring.lab.whyNot',
      editor.document.uri.toString(),
      'launch',
      'Acme announced a recall of its anvils',
    );
    assert.match(report, /- the exclusion `NOT recall` removes it/);
    const shown = await eventually(
      () =>
        vscode.window.visibleTextEditors.find((open) =>
          open.document.uri.path.endsWith('/why-not/launch.md'),
        ),
      { what: 'the Why Not? report' },
    );
    assert.equal(shown.document.getText(), report);
  });

  it("why not: a result's address is looked up, and the exclusion that removed it named", async () => {
    const client = await api.connection.client();
    const found = await client.results.project(PROJECT, { q: 'acme', hpp: 5 });
    const url = found.result_content.data
      .map((result) => result.data.url)
      .find((address) => address?.startsWith('https://'));
    assert.ok(url, 'the sandbox has a result about acme with an address');
    const editor = await showUntitled(
      `// @project ${PROJECT}\n\n### others\n(acme OR globex) AND NOT acme\n`,
    );
    const report = await vscode.commands.executeCommand<string | undefined>(
      'mediaMonitoring.lab.whyNot',
      editor.document.uri.toString(),
      'others',
      url,
    );
    assert.ok(report, 'the result was found by its address');
    assert.match(report, new RegExp(`The result at ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(report, /- the exclusion `NOT acme` removes it/);
  });

  it("results say which operands matched each document, and the marked words are the document's", async () => {
    const editor = await showUntitled(`// @project ${PROJECT}\n\n### brands\nacme OR globex\n`);
    const results = await lensCommand(editor.document.uri, /^Results$/);
    await vscode.commands.executeCommand(results.command, ...(results.arguments ?? []));
    const matched = await eventually(
      async () => {
        const answer = await inWebview('.document-matched');
        return answer.count > 0 ? answer.text : undefined;
      },
      { what: 'the first result says what matched it', timeoutMs: 60_000, intervalMs: 250 },
    );
    assert.match(matched, /^Matched by (acme|globex)( · (acme|globex))?$/);
    assert.equal((await inWebview('.document-unexplained')).count, 0, 'the sandbox is exact');
    const operands = matched.replace('Matched by ', '').split(' · ');
    const mark = (await inWebview('.document mark')).text.toLowerCase();
    assert.ok(operands.includes(mark), `the marked "${mark}" is one of ${operands.join(', ')}`);
    await screenshot('lab-results-matched');
  });
  it('compares a rule with its last run: both versions counted, nothing lost by widening it', async () => {
    const editor = await showUntitled(`// @project ${PROJECT}\n\n### widened\nglobex\n`);
    const [before] = await countsOn(editor.document, [2], 'the first text counted');
    const end = new vscode.Position(3, 'globex'.length);
    assert.ok(await editor.edit((builder) => builder.insert(end, ' OR initech')));
    await eventually(
      async () => {
        const [now] = await countsOn(editor.document, [2], 'the widened text counted');
        return now !== before;
      },
      { what: 'the widened rule counted', timeoutMs: 30_000, intervalMs: 100 },
    );
    const comparison = await vscode.commands.executeCommand<Comparison>(
      'mediaMonitoring.lab.compareWithLastRun',
      editor.document.uri.toString(),
      'widened',
    );
    assert.equal(comparison.before.query, 'globex');
    assert.equal(comparison.after.query, 'globex OR initech');
    const sumOf = (days: readonly { count: number }[]) => days.reduce((n, d) => n + d.count, 0);
    assert.equal(sumOf(comparison.before.days), before, "the last run's count");
    comparison.after.days.forEach((day, index) =>
      assert.ok(day.count >= (comparison.before.days[index]?.count ?? 0), `day ${index}`),
    );
    assert.equal(comparison.lost.total, 0, 'a wider rule loses nothing');
    assert.ok(comparison.gained.total > 0, 'initech brings documents');
    assert.ok(comparison.gained.documents.length > 0 && comparison.gained.documents.length <= 10);
    await eventually(() => api.labPanelDrawn()?.kind === 'compare', {
      what: 'the comparison drawn',
    });
    assert.equal((await inWebview('.compare-chart polyline')).count, 2);
    await screenshot('lab-compare');
  });
  it("compares a rule with its text at HEAD, read through VS Code's git extension", async () => {
    // A repository of its own, outside the workspace: no fixture of the suite is touched.
    const folder = mkdtempSync(join(tmpdir(), 'mm-lab-head-'));
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=lab', '-c', 'user.email=lab@example.invalid', ...args],
        {
          cwd: folder,
        },
      );
    git('init', '-q');
    const file = join(folder, 'rules.mmq');
    writeFileSync(file, `// @project ${PROJECT}\n\n### lab-brands\nacme OR globex OR initech\n`);
    git('add', 'rules.mmq');
    git('commit', '-q', '-m', 'rules');
    try {
      const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
      const line = editor.document.lineAt(3).range;
      assert.ok(
        await editor.edit((builder) =>
          builder.replace(line, '(acme OR globex OR initech) AND NOT recall'),
        ),
      );
      const comparison = await vscode.commands.executeCommand<Comparison | undefined>(
        'mediaMonitoring.lab.compareWithHead',
        editor.document.uri.toString(),
        'lab-brands',
      );
      assert.ok(comparison, 'the comparison ran');
      assert.equal(comparison.before.label, 'HEAD');
      assert.equal(comparison.before.query, 'acme OR globex OR initech');
      assert.equal(comparison.after.query, '(acme OR globex OR initech) AND NOT recall');
      assert.equal(comparison.gained.total, 0, 'an exclusion gains nothing');
      assert.ok(comparison.lost.total > 0, 'the documents about a recall are lost');
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    } finally {
      await closeAllEditors();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
