// Pushing a .mmq file as a stream, in a real VS Code against the embedded sandbox: the
// CodeLens on `// @stream`, the question that says what changes since the last push, the rules
// the service then holds under the stream in the Streams view, and deleting the stream there.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DISMISS } from '../../../src/shell/questions';
import { closeAllEditors, showUntitled } from './support/documents';
import { extensionApi } from './support/extension';
import type { StreamsNode } from '../../../src/features/streams/streamsModel';
import { lensOf } from './support/lenses';
import { clickInWorkbench, screenshot } from './support/screenshot';
import { eventually } from '../../support/eventually';

const STREAM = 'pushed-from-vscode';

const pushLens = (uri: vscode.Uri) => lensOf(uri, /Push to stream/);

describe('pushing a file as a stream', () => {
  after(closeAllEditors);

  it('the lens on // @stream creates the stream after asking; the next push says what changes against it', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    let editor = await showUntitled(
      `// @stream ${STREAM}\n\n### brand\nacme OR globex\n\n### rival\ninitech\n`,
    );
    const lens = await pushLens(editor.document.uri);
    assert.equal(lens.range.start.line, 0);
    assert.equal(lens.command?.title, `$(cloud-upload) Push to stream ${STREAM}`);

    api.answerNextQuestions('Create');
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
    assert.match(
      api.questions().lastAsked ?? '',
      new RegExp(
        `^Create stream "${STREAM}" with the 2 rules of test-\\d+\\.mmq\\?\\nThe service has no stream of that id yet`,
      ),
    );
    const listed = await client.streams.info();
    assert.ok(listed.result_stream.streams?.some((stream) => stream.stream_id === STREAM));
    assert.equal(api.lastConfirmation(), `Stream ${STREAM}: 2 rules pushed`);

    // The Streams view shows, under the stream, the rules the service now holds.
    const view = api.sidebar.streams;
    const held = await eventually(
      async () => {
        const [streams] = await view.getChildren();
        const stream = streams
          ? (await view.getChildren(streams)).find(
              (child) => child.kind === 'stream' && child.id === STREAM,
            )
          : undefined;
        const children = stream ? await view.getChildren(stream) : [];
        const rules = children.filter(
          (child): child is Extract<StreamsNode, { kind: 'serviceRule' }> =>
            child.kind === 'serviceRule',
        );
        return rules.length > 0 ? { children, rules } : undefined;
      },
      { what: `the service's rules under ${STREAM} in the Streams view` },
    );
    assert.deepEqual(
      held.rules.map((node) => `${node.rule.rule_id}: ${node.rule.query}`),
      ['brand: acme OR globex', 'rival: initech'],
    );
    // The untitled file is no workspace file: no local file names the stream.
    assert.deepEqual(held.children.at(-1), {
      kind: 'empty',
      text: `No local file names it (// @stream ${STREAM})`,
    });
    const item = view.getTreeItem(held.rules[1]!);
    assert.equal(item.label, 'rival');
    assert.equal(item.description, 'initech');
    assert.equal(item.command?.command, 'mediaMonitoring.streamRule.open');
    // As a user does it: the stream opened in the view, then a click on a rule of the service
    // opens the stream's rules as the service holds them, read-only, at that rule.
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await clickInWorkbench('.monaco-list-row', STREAM);
    await clickInWorkbench('.monaco-list-row', 'rival');
    const shown = await eventually(
      () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.scheme === 'mmq-readonly' ? active : undefined;
      },
      { what: "the stream's rules as a read-only document" },
    );
    assert.match(shown.document.getText(), new RegExp(`^// @stream ${STREAM}$`, 'm'));
    assert.match(shown.document.getText(), /^### brand\nacme OR globex\n\n### rival\ninitech\n$/m);
    assert.equal(shown.document.lineAt(shown.selection.active.line).text, '### rival');
    await screenshot('40a-stream-rules-on-the-service');
    // Back to the file: the editor shown before is closed once another takes its place.
    editor = await vscode.window.showTextDocument(editor.document);

    await editor.edit((builder) =>
      builder.replace(
        new vscode.Range(0, 0, editor.document.lineCount, 0),
        `// @stream ${STREAM}\n\n### brand\nacme OR globex OR hooli\n\n### rival\ninitech\n\n### new\numbrella\n`,
      ),
    );
    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.stream.push', editor.document.uri);
    assert.match(
      api.questions().lastAsked ?? '',
      /Against the rules the stream holds: 1 added \(new\), 1 changed \(brand\), 1 the same\.$/,
    );
    assert.equal(api.lastConfirmation(), `Stream ${STREAM}: 2 rules pushed`, 'nothing pushed');
    await screenshot('40-stream-pushed');
  });

  it('a file with errors is not pushed', async () => {
    const api = await extensionApi();
    const editor = await showUntitled('// @stream broken-stream\n### r\nacme AND (globex\n');
    await pushLens(editor.document.uri);
    const asked = api.questions().lastAsked;
    await vscode.commands.executeCommand('mediaMonitoring.stream.push', editor.document.uri);
    assert.equal(api.questions().lastAsked, asked, 'no question: nothing to push');
    const client = await api.connection.client();
    const listed = await client.streams.info();
    assert.ok(
      !listed.result_stream.streams?.some((stream) => stream.stream_id === 'broken-stream'),
    );
  });

  it('a rule over 50 operands: the push offers the split, and pushes the pieces', async () => {
    const api = await extensionApi();
    const terms = Array.from({ length: 60 }, (_, index) => `w${index}`).join(' OR ');
    const editor = await showUntitled(`// @stream split-stream\n\n### big\n${terms}\n`);
    await pushLens(editor.document.uri);
    api.answerNextQuestions('Split and Push', 'Create');
    await vscode.commands.executeCommand('mediaMonitoring.stream.push', editor.document.uri);
    assert.equal(api.questions().unanswered, 0, 'both questions asked');
    assert.match(editor.document.getText(), /### big-1\n[\s\S]*### big-2\n/);
    assert.match(api.lastConfirmation() ?? '', /^Stream split-stream: 2 rules pushed$/);
    const client = await api.connection.client();
    await client.streams.delete('split-stream');
  });

  it('Delete Stream in the Streams view asks, then deletes it', async () => {
    const api = await extensionApi();
    // A stream to delete, whether or not the push of the first test left one.
    await (await api.connection.client()).streams.define(STREAM, [{ rule_id: 'r', query: 'acme' }]);
    api.sidebar.streams.refresh();
    const node = await eventually(
      async () => {
        const [streams] = await api.sidebar.streams.getChildren();
        if (!streams) return undefined;
        return (await api.sidebar.streams.getChildren(streams)).find(
          (child) => child.kind === 'stream' && child.id === STREAM,
        );
      },
      { what: `${STREAM} in the Streams view` },
    );
    api.answerNextQuestions('Delete');
    await vscode.commands.executeCommand('mediaMonitoring.stream.delete', node);
    const client = await api.connection.client();
    const listed = await client.streams.info();
    assert.ok(!listed.result_stream.streams?.some((stream) => stream.stream_id === STREAM));
    assert.equal(api.lastConfirmation(), `Stream ${STREAM} deleted`);
  });
});
