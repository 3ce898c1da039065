// What package.json contributes to every user's settings for `.mmq` files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

interface Manifest {
  contributes: { configurationDefaults: Record<string, Record<string, unknown>> };
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;

describe('the extension manifest', () => {
  it('turns off word-based suggestions in .mmq files', () => {
    // Where the language server has nothing to offer (after `tag:` with no project), VS Code
    // would fill the list with words of the open files: `###`, `//`, `>1633039200`.
    const mmq = manifest.contributes.configurationDefaults['[mmq]'];
    assert.equal(mmq?.['editor.wordBasedSuggestions'], 'off');
  });
});
