// Every string from the API is text: a document whose title, content, snippets and source hold
// markup, handlers and a javascript: address renders inert: no dialog, nothing run, no element
// with an on* attribute, no javascript: link, the markup shown as the characters it is.
import assert from 'node:assert/strict';
import { snippetSegments } from '../../media/results/snippets';
import { pagePerTest, type Panel } from './support/panel';

describe('untrusted content in the results panel', function () {
  this.timeout(60_000);
  let panel: Panel;
  // What a page of untrusted markup reports is the tests' to read: nothing more to check after.
  const current = pagePerTest('results', () => Promise.resolve());
  beforeEach(() => (panel = current()));

  it('renders a document made of markup, handlers and a javascript: address inert', async () => {
    const shown = await panel.show('xss-results');
    if (shown.view.kind !== 'results') throw new Error('not results');
    const attack = shown.view.documents[0]!;
    // Give anything that could run a moment to do so: wait for two animation frames and the
    // images' error events (there must be no image at all).
    await panel.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    assert.deepEqual(panel.dialogs, []);
    assert.deepEqual(panel.errors, []);
    assert.equal(
      await panel.page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
      undefined,
    );
    const found = await panel.page.evaluate(() => ({
      handlers: [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((attribute) => `${element.tagName} ${attribute.name}`),
      ),
      scripts: document.querySelectorAll('script').length,
      images: document.querySelectorAll('img, svg, iframe, object, embed').length,
      javascriptLinks: [...document.querySelectorAll('a')].filter(
        (anchor) => anchor.href !== '' && !/^https?:/.test(anchor.href),
      ).length,
      bolds: document.querySelectorAll('.content b').length,
    }));
    assert.deepEqual(found, { handlers: [], scripts: 1, images: 0, javascriptLinks: 0, bolds: 0 });
    // The markup is shown as text: the title's snippet, with the matched word highlighted.
    const title = panel.page.locator('.document-title');
    assert.equal(await title.locator('a').count(), 0, 'a javascript: address is no link');
    assert.equal(
      await title.locator('.snippet').textContent(),
      attack.titleSnippet!.replace(/<\/?b>/g, ''),
    );
    assert.deepEqual(await title.locator('mark').allTextContents(), ['xylophone']);
    const snippet = panel.page.locator('.document-snippet');
    assert.match(
      await snippet.textContent(),
      /<a href="javascript:window.__pwned='a'">click<\/a> <svg onload=/,
    );
    assert.match(await snippet.textContent(), /&lt;i&gt;$/);
    assert.match(await panel.page.locator('.document-facts').textContent(), /^<img src=x onerror=/);
    assert.equal(await panel.page.locator('.header h1').textContent(), shown.run.title);
    assert.equal(
      await panel.page.getByRole('button', { name: 'Open', exact: true }).isDisabled(),
      true,
    );
    // Opening it as JSON is still possible: the extension shows it as text.
    const before = (await panel.posted()).length;
    await panel.page.getByRole('button', { name: 'Open as JSON' }).click();
    assert.deepEqual(await panel.waitForPosted('openDocument', before), {
      type: 'openDocument',
      index: 0,
    });
    assert.deepEqual(await panel.violations(), []);
  });

  it('never opens an address other than http or https', async () => {
    const shown = await panel.show('xss-results');
    if (shown.view.kind !== 'results') throw new Error('not results');
    await panel.page.locator('.document-title .no-link').click();
    await panel.page.getByRole('button', { name: 'Open', exact: true }).click({ force: true });
    const posted = await panel.posted();
    assert.deepEqual(
      posted.filter((message) => message.type === 'openUrl'),
      [],
    );
  });
});

describe('snippet marks', () => {
  it('reads <b> and </b> as highlighting and nothing else', () => {
    assert.deepEqual(snippetSegments('An <b>Acme</b> <i>anvil</i> &amp; <B>rocket</B>'), [
      { text: 'An ', marked: false },
      { text: 'Acme', marked: true },
      { text: ' <i>anvil</i> &amp; ', marked: false },
      { text: 'rocket', marked: true },
    ]);
  });

  it('keeps <b> with attributes as text, and an unclosed mark to the end', () => {
    assert.deepEqual(snippetSegments('<b onclick="x()">a</b> <b>b'), [
      { text: '<b onclick="x()">a ', marked: false },
      { text: 'b', marked: true },
    ]);
  });
});
