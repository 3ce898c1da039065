// What mmq prints goes through two filters, in this order: the token masked (cli/redaction.ts),
// then the control characters a terminal acts on removed or escaped (cli/terminal.ts). Masking a
// JSON line writes it again: it must keep the C1 escapes jsonLine gave it, or the second filter
// would find raw controls (and remove them, changing the value).
import assert from 'node:assert/strict';
import { TOKEN_VARIABLE } from '../../cli/api/connect';
import { redactOutput } from '../../cli/redaction';
import { jsonLine, toStderr, toStdout } from '../../cli/terminal';

const TOKEN = 'Out/Tok+en"7%q';

/** What a terminal acts on: C0 but tab and line feed, DEL, C1. */
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** What `write` is given while `run` runs, instead of the stream. */
function captured(stream: NodeJS.WriteStream, run: () => void): string {
  const write = stream.write.bind(stream);
  let text = '';
  stream.write = (chunk: unknown) => {
    text += String(chunk);
    return true;
  };
  try {
    run();
  } finally {
    stream.write = write;
  }
  return text;
}

describe('what mmq prints: the token masked, then no control characters', () => {
  let saved: string | undefined;
  before(() => {
    saved = process.env[TOKEN_VARIABLE];
    process.env[TOKEN_VARIABLE] = TOKEN;
  });
  after(() => {
    if (saved === undefined) delete process.env[TOKEN_VARIABLE];
    else process.env[TOKEN_VARIABLE] = saved;
  });

  it('a JSON line holding the token and C1 controls: masked, still JSON, its controls escaped', () => {
    const value = { message: `echoed ${TOKEN} \u009b31m red \u0085 next`, title: 'x\u007f' };
    const masked = redactOutput(jsonLine(value));
    assert.ok(!masked.includes(TOKEN), masked);
    assert.ok(!CONTROLS.test(masked.replace(/\n$/, '')), JSON.stringify(masked));
    assert.deepEqual(JSON.parse(masked), {
      message: 'echoed *** \u009b31m red \u0085 next',
      title: 'x\u007f',
    });
  });

  it('stderr: a usage error echoing a token flag and escape sequences', () => {
    const text = captured(process.stderr, () =>
      toStderr(`mmq: unknown option '--access-token=${TOKEN}' \u001b]0;title\u0007 ${TOKEN}\r\n`),
    );
    assert.ok(!text.includes(TOKEN), text);
    assert.ok(!CONTROLS.test(text.replace(/\n$/, '')), JSON.stringify(text));
    assert.match(text, /--access-token=\*\*\*/);
  });

  it('stdout of a command that calls no API: controls removed, the text otherwise as it is', () => {
    const text = captured(process.stdout, () => toStdout(`rule \u001b[2Jaccess_token=abc\n`));
    assert.equal(text, 'rule [2Jaccess_token=abc\n');
  });
});
