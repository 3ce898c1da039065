import assert from 'node:assert/strict';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer } from '../support/server';
import { orOf, withCursor } from '../support/text';

describe('hover over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  async function hoverAt(marked: string): Promise<Hover | null> {
    const { text, position } = withCursor(marked);
    const uri = freshUri();
    await client.open(uri, text);
    return client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  }
  const valueOf = (hover: Hover | null) => (hover?.contents as MarkupContent | undefined)?.value;

  it('shows the operand count anywhere in a rule, the header included', async () => {
    const query = `lang:en AND (${orOf(36)})`;
    const onHeader = await hoverAt(`### b|ig\n${query}\n`);
    assert.match(valueOf(onHeader) ?? '', /37 \/ 50 operands/);
    assert.deepEqual(onHeader?.range, {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 7 },
    });
    const onTerm = await hoverAt(`### big\nlang:en AND (w|1 OR ${orOf(35, 'x')})\n`);
    assert.match(valueOf(onTerm) ?? '', /37 \/ 50 operands/);
  });

  it('documents a field name', async () => {
    const hover = await hoverAt('### r\nla|ng:en\n');
    assert.match(valueOf(hover) ?? '', /\*\*lang\*\*/);
    assert.match(valueOf(hover) ?? '', /1 \/ 50 operands/);
    assert.deepEqual(hover?.range, {
      start: { line: 1, character: 0 },
      end: { line: 1, character: 5 },
    });
  });

  it('describes a closed value', async () => {
    const hover = await hoverAt('### r\nsourcetype:ONLINENEWS_AGEN|CY\n');
    assert.match(valueOf(hover) ?? '', /`sourcetype:ONLINENEWS_AGENCY`: \S/);
    const language = await hoverAt('### r\nlang:f|r\n');
    assert.match(valueOf(language) ?? '', /`lang:fr`: French/);
  });

  it('says what an operator does', async () => {
    assert.match(valueOf(await hoverAt('### r\na NE|AR/3 b\n')) ?? '', /\*\*NEAR\/N\*\*/);
    assert.match(valueOf(await hoverAt('### r\na O|R b\n')) ?? '', /\*\*OR\*\*/);
  });

  it('says what each annotation does today, and nothing it does not', async () => {
    const project = valueOf(await hoverAt('// @pro|ject p1\n### r\na\n'));
    assert.equal(
      project,
      '**@project**: The project whose tags completion offers after `tag:` in this file, instead of the default project’s.',
    );
    const stream = valueOf(await hoverAt('// @stream s|1\n### r\na\n'));
    assert.equal(
      stream,
      '**@stream**: The stream whose rules this file holds: the Streams view shows them under that stream, as local rules.',
    );
    for (const text of [project, stream])
      assert.doesNotMatch(text ?? '', /push|histogram|command/i);
  });

  it('explains annotations, and nothing outside rules and annotations', async () => {
    assert.match(valueOf(await hoverAt('// @str|eam s1\n### r\na\n')) ?? '', /\*\*@stream\*\*/);
    assert.equal(await hoverAt('// a com|ment\n### r\na\n'), null);
  });
});
