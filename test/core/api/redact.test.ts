// redact() (core/api/redact.ts), the one masking of the client and the sandbox: every spelling of
// the token's parameter name, and the token's value in every encoding an echo may give it.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isTokenParameter, redact } from '../../../core/api/redact';

/** Characters tokens are made of in these tests: URL-special ones and non-ASCII included. */
const TOKEN_CHARACTER = fc.constantFrom(
  ..."abcXYZ019-_.~+/%=&?#:@!$'()*,;ü€😀 ".split(/(?=[\s\S])/u),
);
const TOKEN = fc
  .array(TOKEN_CHARACTER, { minLength: 6, maxLength: 24 })
  .map((characters) => characters.join(''));

const hexLower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
const utf8AsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const jsonUnicode = (text: string) =>
  [...text]
    .map((character) =>
      /^[\x20-\x7e]$/.test(character)
        ? JSON.stringify(character).slice(1, -1)
        : [...Array(character.length).keys()]
            .map((index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`)
            .join(''),
    )
    .join('');

/** Ways an echo may write a token. */
const SPELLINGS: Record<string, (token: string) => string> = {
  raw: (token) => token,
  percent: (token) => encodeURIComponent(token),
  'percent, lower-case hex': (token) => hexLower(encodeURIComponent(token)),
  'percent twice': (token) => encodeURIComponent(encodeURIComponent(token)),
  form: (token) => new URLSearchParams({ t: token }).toString().slice(2),
  'form, read back': (token) => token.replace(/\+/g, ' '),
  'JSON-escaped': (token) => JSON.stringify(token).slice(1, -1),
  'JSON \\u escapes': jsonUnicode,
  'UTF-8 read as Latin-1': utf8AsLatin1,
  'JSON of a percent-encoded URL': (token) =>
    JSON.stringify(`https://x.example/?access_token=${encodeURIComponent(token)}`).slice(1, -1),
};

describe('redact()', () => {
  it('masks the token in every spelling, inside any text', () => {
    fc.assert(
      fc.property(
        TOKEN,
        fc.constantFrom(...Object.keys(SPELLINGS)),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (token, spelling, before, after) => {
          const written = SPELLINGS[spelling]!(token);
          fc.pre(!before.includes(written) && !after.includes(written));
          const masked = redact(`${before}${written}${after}`, token);
          assert.ok(!masked.includes(written), `${spelling}: ${masked}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('masks a token written with its characters encoded one by one, each its own way', () => {
    const encodings = [
      (character: string) => character,
      (character: string) => encodeURIComponent(character),
      (character: string) => hexLower(encodeURIComponent(character)),
    ];
    fc.assert(
      fc.property(TOKEN, fc.infiniteStream(fc.nat(encodings.length - 1)), (token, choices) => {
        const mixed = [...token].map((character) => encodings[choices.next().value]!(character));
        const written = mixed.join('');
        assert.equal(redact(`GET /x?q=${written}&b=1`, token), 'GET /x?q=***&b=1');
      }),
    );
  });

  it('masks the value of every spelling of access_token as a parameter, and nothing else', () => {
    const nameCharacter = (character: string) =>
      fc.constantFrom(
        character,
        character.toUpperCase(),
        `%${character.charCodeAt(0).toString(16)}`,
        `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
        `%25${character.charCodeAt(0).toString(16)}`,
      );
    const name = fc
      .tuple(
        fc.tuple(...[...'access_token'].map(nameCharacter)),
        fc.constantFrom('', '[]', '%5B%5D', '[0]'),
      )
      .map(([characters, suffix]) => `${characters.join('')}${suffix}`);
    const value = fc.stringMatching(/^[^&#\s"'`<>;]*$/);
    fc.assert(
      fc.property(name, value, fc.stringMatching(/^[a-z]{1,8}$/), (spelled, secret, other) => {
        fc.pre(!/access_token/i.test(decodeURIComponent(other)));
        assert.ok(isTokenParameter(spelled), spelled);
        assert.equal(
          redact(`GET /p?${other}=1&${spelled}=${secret}&${other}=2`),
          `GET /p?${other}=1&${spelled}=***&${other}=2`,
        );
      }),
    );
  });

  it('leaves text alone that holds neither the token nor its parameter', () => {
    fc.assert(
      fc.property(TOKEN, fc.string(), (token, text) => {
        fc.pre(!text.includes('=') && !text.includes(token.slice(0, 3)));
        assert.equal(redact(text, token), text);
      }),
    );
  });

  it('masks short tokens as parameter values only: as text they would hide ordinary words', () => {
    assert.equal(
      redact('GET /_sandbox/clock?access_token=sandbox', 'abc'),
      'GET /_sandbox/clock?access_token=***',
    );
  });
});

describe('masking token parameters on hostile text', () => {
  /**
   * The regular expression the scanner replaced, as the reference for which `name=value` pairs
   * it finds: same results on short text, where its quadratic retries cost nothing.
   */
  const REFERENCE = /(^|[?&;\s"'`(,[{<])([^=&?;\s"'`#<>]+)=([^&;\s"'`#<>]*)/g;
  const reference = (text: string) =>
    text.replace(REFERENCE, (match, before: string, name: string) =>
      isTokenParameter(name) ? `${before}${name}=***` : match,
    );
  const piece = fc.constantFrom(
    ...['a', 'x', '=', '[', ']', '(', ',', '{', '?', '&', ';', ' ', '\t', '"', "'", '`', '#'],
    ...['<', '>', '+', 'access_token', 'ACCESS_TOKEN', 'access%5Ftoken', '%5B%5D', 'my_', '.'],
  );

  it('finds the same parameters as the regular expression it replaced', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        assert.equal(redact(text), reference(text), JSON.stringify(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads brackets at the very start of a name: `][]` once looped for ever', () => {
    for (const name of [']', '][]', '][access_token]', ']]access_token[]', '[]access_token'])
      assert.equal(
        isTokenParameter(name),
        /(?:^|[^a-z0-9_])access_token(?:\[[^\]]*\])*$/.test(name),
        name,
      );
    assert.equal(redact('?][]=x&access_token=y'), '?][]=x&access_token=***');
  });

  it('masks in one pass over runs of delimiters and brackets 200,000 long', () => {
    // Each took the regular expression minutes (a retry of the run from each character).
    for (const unit of ['[', '(', ',', '{', '-access_token[', 'access_token[]]', 'a[', '=[']) {
      const text = `${unit.repeat(Math.ceil(200_000 / unit.length))}access_token=secret`;
      assert.ok(!redact(text).includes('secret'), unit);
    }
    assert.equal(redact(`${'['.repeat(200_000)}`), '['.repeat(200_000));
  });
});
