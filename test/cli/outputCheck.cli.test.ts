// Files mmq writes are never files it reads, whatever the spelling, and are checked before
// anything is opened, sent or spent (core/files/outputPath.ts): an upload's --report naming its
// input or the report it retries (the same path, relative or absolute, with `./` or `..`, a
// symbolic link, a hard link), a tail's --out naming its resume file, an export's --out in a
// folder that does not exist or through a link to nothing.
import assert from 'node:assert/strict';
import { linkSync, readFileSync, symlinkSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { mmq, workspace } from './support/mmq';
import { useDocumentSandbox, type DocumentSandbox } from './support/sandbox';

const TOKEN = 'cli-output-token-0123';
const PROJECT = '7c1e-demo';

const documents = Array.from({ length: 40 }, (_, index) =>
  JSON.stringify({
    url: `https://news.acme.example/selfreport-${index + 1}`,
    title: `selfreport ${index + 1}`,
    content: 'kept',
    published: Date.now() - 3_600_000,
  }),
).join('\n');

/** Every way to name `target` (in `dir`) from `dir`: each must be refused as that file. */
function spellings(dir: string, target: string): { name: string; path: string }[] {
  const name = basename(target);
  const link = join(dir, `link-to-${name}`);
  const hard = join(dir, `hard-${name}`);
  symlinkSync(target, link);
  linkSync(target, hard);
  return [
    { name: 'the same path', path: target },
    { name: 'relative', path: name },
    { name: './', path: `./${name}` },
    { name: './/./', path: `.//./${name}` },
    { name: 'via ..', path: join('..', basename(dir), name) },
    { name: 'relative to elsewhere', path: relative(dir, target) },
    { name: 'a symbolic link', path: link },
    { name: 'a hard link', path: hard },
  ];
}

describe('mmq output files', function () {
  this.timeout(120_000);
  let client: MediaMonitoringClient;
  let env: NodeJS.ProcessEnv;
  let foundIn: DocumentSandbox['found'];
  const found = (word: string) => foundIn(word, PROJECT);

  useDocumentSandbox(TOKEN, (started) => ({ client, env, found: foundIn } = started));

  it('mmq upload --report naming the input file, however spelled: refused, the input intact, nothing sent', async () => {
    const dir = await workspace({ 'self.ndjson': documents });
    const input = join(dir, 'self.ndjson');
    for (const { name, path } of spellings(dir, input)) {
      const result = await mmq(['upload', 'self.ndjson', '--project', PROJECT, '--report', path], {
        env,
        cwd: dir,
      });
      assert.equal(result.status, 2, `${name}: ${result.stderr}`);
      assert.match(
        result.stderr,
        /--report .* is the file FILE self\.ndjson \(the same file\): writing it would destroy what is read/,
        name,
      );
      assert.equal(readFileSync(input, 'utf8'), documents, name);
    }
    assert.equal(await found('selfreport'), 0);
  });

  it('mmq upload --retry R --report naming R, however spelled: refused, R intact', async () => {
    const dir = await workspace({ 'docs.ndjson': documents });
    const first = join(dir, 'first.ndjson');
    const done = await mmq(['upload', 'docs.ndjson', '--project', PROJECT, '--report', first], {
      env,
      cwd: dir,
    });
    assert.equal(done.status, 0, done.stderr);
    const report = readFileSync(first, 'utf8');
    for (const { name, path } of spellings(dir, first)) {
      const result = await mmq(
        ['upload', 'docs.ndjson', '--project', PROJECT, '--retry', first, '--report', path],
        { env, cwd: dir },
      );
      assert.equal(result.status, 2, `${name}: ${result.stderr}`);
      assert.match(result.stderr, /is the file --retry .*first\.ndjson \(the same file\)/, name);
      assert.equal(readFileSync(first, 'utf8'), report, name);
    }
  });

  it('mmq tail --out naming its resume file, not yet written: refused before reading', async () => {
    const dir = await workspace({});
    const resume = join(dir, 'resume.json');
    const later = await mmq(
      ['tail', '--collector', 'news', '--resume-file', resume, '--out', './resume.json'],
      { env, cwd: dir },
    );
    assert.equal(later.status, 2, later.stderr);
    assert.match(later.stderr, /--out \.\/resume\.json is the file --resume-file/);
  });

  it('mmq export --out into a missing folder, a folder or through a link to nothing: refused before the task starts', async () => {
    const dir = await workspace({});
    symlinkSync(join(dir, 'nowhere', 'x.ndjson'), join(dir, 'dangling.ndjson'));
    const before = (await client.exports.list()).result_tasks.tasks.length;
    const cases: [string, RegExp][] = [
      [join(dir, 'missing', 'out.ndjson'), /the folder .*missing does not exist/],
      [dir, /is a folder: give a file/],
      [join(dir, 'dangling.ndjson'), /is a link to .*x\.ndjson, which does not exist/],
    ];
    for (const [out, message] of cases)
      for (const force of [[], ['--force']]) {
        const result = await mmq(
          [
            ...['export', '--query', 'acme', '--start', '2024-05-01', '--target', 'target'],
            ...['--out', out, ...force],
          ],
          { env },
        );
        assert.equal(result.status, 2, `${out}: ${result.stderr}`);
        assert.match(result.stderr, message);
        assert.doesNotMatch(result.stderr, /costs credits/);
      }
    assert.equal((await client.exports.list()).result_tasks.tasks.length, before);
  });
});
