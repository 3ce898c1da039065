// A failed run in the results panel: a failure of another question than the answer shown takes
// that answer's place (what was asked, the call that failed, why, and the actions), so no answer
// stands under a title it does not belong to; a failed control change keeps its answer; while
// another question runs, the header still names the answer below. Actions reach the extension as
// checked messages, and a failure's text is text.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ToPanel } from '../../media/results/protocol';
import { fixture, pagePerTest, ROOT } from './support/panel';

const SHOTS = join(ROOT, 'test-results/screenshots');
type Failed = Extract<ToPanel, { type: 'failed' }>;

const results = fixture('project-results');
/** The Histogram lens of the same rule: another question than the results shown. */
const histogramRun = {
  ...results.run,
  id: 'run-histogram',
  title: 'acme-results · Histogram: published',
  credits: null,
  sandbox: false,
};
const notSent: Failed = {
  type: 'failed',
  run: histogramRun,
  message:
    'GET /api/v1/search/p/7c1e-demo/histogram/published was not sent: there is no connection',
  detail:
    'The connection to 127.0.0.1:9 failed: Could not reach 127.0.0.1:9: GET /api/v1/status/credits: could not reach 127.0.0.1:9: ECONNREFUSED',
  actions: [
    { id: 'retry', title: 'Retry' },
    { id: 'setToken', title: 'Set Access Token' },
    { id: 'useSandbox', title: 'Use the Sandbox' },
  ],
};

describe('the results panel after a failed run', function () {
  this.timeout(60_000);
  const current = pagePerTest('results');
  before(() => mkdirSync(SHOTS, { recursive: true }));

  it('a failure of another question replaces the answer: what was asked, the call, why, and what helps', async () => {
    const panel = current();
    await panel.page.setViewportSize({ width: 640, height: 480 });
    await panel.show(results);
    await panel.page.locator('.documents').waitFor();
    await panel.send(notSent);
    const alert = panel.page.getByRole('alert');
    await alert.filter({ hasText: notSent.message }).waitFor();
    assert.match(await alert.textContent(), /The connection to 127\.0\.0\.1:9 failed: /);
    // What was asked: the run's title, its target and its query.
    assert.equal(await panel.page.locator('.header h1').textContent(), histogramRun.title);
    assert.match(await panel.page.locator('.facts .target').textContent(), /Acme brand monitoring/);
    assert.equal(await panel.page.locator('.header .query').textContent(), 'acme');
    // Nothing of the answer before, and none of its actions.
    for (const gone of ['.documents', '.controls', '.content > *'])
      assert.equal(await panel.page.locator(gone).count(), 0, gone);
    assert.equal(await panel.page.getByRole('button', { name: 'Copy as curl' }).count(), 0);
    assert.deepEqual(await panel.page.locator('.failure-actions button').allTextContents(), [
      'Retry',
      'Set Access Token',
      'Use the Sandbox',
    ]);
    await panel.page.screenshot({ path: join(SHOTS, 'panel-failed-run.png') });

    const before = (await panel.posted()).length;
    await panel.page.getByRole('button', { name: 'Use the Sandbox' }).click();
    const asked = await panel.waitForPosted('failureAction', before);
    assert.deepEqual(asked, {
      type: 'failureAction',
      runId: 'run-histogram',
      action: 'useSandbox',
    });

    // A window reload does not bring the answer back under the failed run's title.
    await panel.page.reload();
    await panel.waitForPosted('ready');
    assert.equal(await panel.page.locator('.documents').count(), 0);
  });

  it('a failed control change keeps its answer, with the failure and its actions above it', async () => {
    const panel = current();
    await panel.show(results);
    await panel.send({
      ...notSent,
      run: { ...results.run, id: 'run-page-2', credits: null },
      message: 'GET /api/v1/search/p/7c1e-demo/results: no answer in time',
      actions: [{ id: 'retry', title: 'Retry' }],
    });
    await panel.page.getByRole('alert').filter({ hasText: 'no answer in time' }).waitFor();
    assert.equal(await panel.page.locator('.header h1').textContent(), 'acme-results');
    assert.ok((await panel.page.locator('.documents > .document').count()) > 0);
    await panel.page.getByRole('button', { name: 'Retry' }).click();
    const asked = await panel.waitForPosted('failureAction');
    assert.equal(asked.runId, 'run-page-2');
  });

  it('while another question runs, the header names the answer below, and the status the run', async () => {
    const panel = current();
    await panel.show(results);
    await panel.send({ type: 'running', run: histogramRun, kind: 'histogram' });
    await panel.page.getByRole('progressbar', { name: `Running ${histogramRun.title}` }).waitFor();
    assert.equal(await panel.page.locator('.header h1').textContent(), 'acme-results');
    assert.ok((await panel.page.locator('.documents > .document').count()) > 0);
  });

  it('shows a failure’s text as text, and drops an action it does not know', async () => {
    const panel = current();
    const markup = '<img src=x onerror="document.body.dataset.attacked=1">';
    await panel.send({
      ...notSent,
      message: `refused ${markup}`,
      detail: `because ${markup}`,
      actions: [{ id: 'retry', title: `Retry ${markup}` }],
    });
    await panel.page
      .getByRole('alert')
      .filter({ hasText: `refused ${markup}` })
      .waitFor();
    assert.equal(await panel.page.locator('img').count(), 0);
    assert.equal(await panel.page.locator('body[data-attacked]').count(), 0);
    await panel.send({ ...notSent, actions: [{ id: 'runCommand', title: 'Run anything' }] });
    await panel.page.waitForFunction(() => window.__warnings.length > 0, undefined);
    assert.match((await panel.warnings())[0] ?? '', /^results panel: message dropped \(actions/);
    assert.equal(await panel.page.getByRole('button', { name: 'Run anything' }).count(), 0);
  });
});
