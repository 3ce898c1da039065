// Generated malformed requests for the sandbox (issue 10): every endpoint's path with its ids
// replaced by anything (bad escapes, huge, unicode), query strings of known and unknown
// parameters with values at and past every limit, access_token in every spelling, bodies that
// are JSON, nearly JSON, nested thousands deep, oversized, multipart garbage, and odd methods and
// content types. `fc` arbitraries of whole requests as bytes.
import fc from 'fast-check';
import { requestBytes } from './rawHttp';

const PATHS = [
  '/api/v1/status/credits',
  '/api/v1/search/info',
  '/api/v1/search/histogram/:type',
  '/api/v1/search/p/:project/histogram/:type',
  '/api/v1/search/p/:project/histogram/top_influencers',
  '/api/v1/search/p/:project/results',
  '/api/v2/platform/p/:project/resources',
  '/api/v2/platform/p/:project/topics/list',
  '/api/v2/platform/p/:project/topics/list/:topic',
  '/api/v2/platform/p/:project/tags',
  '/api/v2/platform/p/:project/dataset_templates/t/:template/custom_metrics/list',
  '/api/v2/platform/p/:project/dataset_templates/t/:template/custom_metrics/add',
  '/api/v2/platform/p/:project/dataset_templates/t/:template/custom_metrics/m/:name',
  '/api/v2/docs/p/:project/:operation',
  '/api/v2/docs/p/:project/d/:dataset/:operation',
  '/api/v2/docs/p/:project',
  '/api/v2/detect/images/logo',
  '/api/v2/detect/images/scene',
  '/api/v3/stream/s/:stream',
  '/api/v3/stream/s/:stream/results',
  '/api/v3/stream/s/:stream/export',
  '/api/v3/stream/info',
  '/api/v3/stream/c/:collector',
  '/api/v3/stream/c/:collector/pause',
  '/api/v3/stream/c/:collector/resume',
  '/api/v3/stream/c/:collector/results',
  '/api/v3/stream/p/:project/export',
  '/api/v3/stream/export',
  '/api/v3/tasks/export',
  '/api/v3/tasks/export/:task',
  '/_sandbox/clock',
  '/_sandbox/live',
  '/_sandbox/disconnect',
  '/api/v1/nowhere',
];

/** Path segments as sent: plausible ids, bad escapes, unicode, huge. */
const segment = fc.oneof(
  fc.constantFrom('7c1e-demo', 'p-insights', 'ds-survey', 'tmpl-feedback', 'published', 'language'),
  fc.constantFrom('create', 'upsert', 'c1', 's1', 't-acme', 'top_influencers', 'x'),
  fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%00', '..', '%2F', '%u0041', '%C0%AF', '%FF%FE'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: 90, max: 6000 }).map((length) => 'i'.repeat(length)),
);

const pathOf = fc
  .tuple(fc.constantFrom(...PATHS), fc.array(segment, { minLength: 6, maxLength: 6 }))
  .map(([template, values]) => {
    let index = 0;
    return template.replace(/:[a-z]+/g, () => values[index++] ?? 'x');
  });

const NAMES = [
  'q',
  'min',
  'max',
  'interval',
  'timezone',
  'time_range',
  'breakdown',
  'value_type',
  'top_n',
  'min_include',
  'max_include',
  'percentage_relation',
  'tokenizing_mode',
  'forecast_days',
  'topic',
  'filter',
  'channel',
  'dataset',
  'offset',
  'hpp',
  'sort_by',
  'sort_order',
  'type',
  'max_hits',
  'resume_offset',
  'end_behaviour',
  'image_url',
  'detect',
  'annotate',
  'return_entry',
  'pretty',
  'influencer_type',
  'sort_criteria',
];

const value = fc.oneof(
  fc.constantFrom('', 'true', 'day', 'year', '5d', '7d', 'earliest', 'stop', 'wait', 'acme'),
  fc.constantFrom('-86400000000000', '8640000000000001', '-8640000000000001', '1e400', '-0'),
  fc.constantFrom('99999999999999999999', '99999999999999999999d', '9007199254740993', 'NaN'),
  fc.constantFrom(
    'acme%20AND',
    '((((',
    'a'.repeat(4097),
    'lang:(en%20OR%20fr)',
    '"',
    'Europe/Nowhere',
  ),
  fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(String),
  fc.integer().map(String),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('%ZZ', '%', '%E0%A4'),
  fc.integer({ min: 1000, max: 80_000 }).map((length) => 'v'.repeat(length)),
);

const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
  fc.constantFrom('access%5Ftoken', '%61ccess_token', 'ACCESS_TOKEN', 'access_token[]', 'a[b]'),
  fc.string({ minLength: 1, maxLength: 10 }).map(encodeURIComponent),
);

export interface Tokens {
  readonly readWrite: string;
  readonly readOnly: string;
}

const queryOf = (tokens: Tokens) =>
  fc
    .tuple(
      fc.array(fc.tuple(name, value), { maxLength: 5 }),
      fc.constantFrom(tokens.readWrite, tokens.readWrite, tokens.readOnly, 'wrong', undefined),
    )
    .map(([pairs, token]) =>
      [
        ...pairs.map(([key, each]) => `${key}=${each}`),
        ...(token === undefined ? [] : [`access_token=${encodeURIComponent(token)}`]),
      ].join('&'),
    );

const deepJson = fc
  .integer({ min: 60, max: 6000 })
  .map((depth) => `{"rules":${'['.repeat(depth)}1${']'.repeat(depth)}}`);

const multipart = fc
  .tuple(fc.constantFrom('image_file', 'other', ''), fc.string({ maxLength: 40 }), fc.boolean())
  .map(
    ([field, content, closed]) =>
      `--b0undary\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\n${content}${closed ? '\r\n--b0undary--\r\n' : ''}`,
  );

interface Body {
  readonly type?: string;
  readonly body?: string | Buffer;
}

const bodyOf: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({}),
  fc.json({ maxDepth: 4 }).map((body) => ({ type: 'application/json', body })),
  fc
    .constantFrom(
      '{"rules": [{"rule_id": "r", "query": "acme"}]}',
      '{"collector_query": {"queries": [{"id": "q", "query": "acme"}]}}',
      '{"advance_ms": 1e308}',
      '{"documents": [{"title": "t", "content": "acme"}]}',
      '[{"upsert": {"url": "https://news.acme.example/x", "title": "t", "content": "c", "published": "1"}}]',
      '{"start": -8640000000000001, "target": "c1", "query": "acme"}',
      '{"custom_metrics": [{"name": "m", "title": "t", "format": "TEXT"}]}',
      '{"advance_ms": ',
      '{"__proto__": {"x": 1}}',
      '',
    )
    .map((body) => ({ type: 'application/json', body })),
  deepJson.map((body) => ({ type: 'application/json', body })),
  fc
    .integer({ min: 1, max: 3 })
    .map((mib) => ({ type: 'application/json', body: `"${'x'.repeat(mib * 1024 * 1024)}"` })),
  multipart.map((body) => ({ type: 'multipart/form-data; boundary=b0undary', body })),
  fc.string().map((body) => ({ type: 'multipart/form-data', body })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
    type: 'application/octet-stream',
    body: Buffer.from(bytes),
  })),
  fc.string().map((body) => ({ type: 'text/plain; charset=nonsense', body })),
  fc.string().map((body) => ({ type: 'application/json; charset=x', body })),
);

const methodOf = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE') },
  fc.constantFrom('HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'FOO', 'get'),
);

export interface Malformed {
  readonly method: string;
  readonly target: string;
  readonly bytes: Buffer;
}

/**
 * Request lines HTTP does not allow (raw spaces, control characters, no target): Node refuses
 * them before the sandbox sees them. Without a body: a refused connection is closed, and a body
 * still being sent into a closed connection makes the system reset it, answer and all.
 */
const brokenLine = fc
  .tuple(
    fc.constantFrom('GET', 'POST', 'G\u0000T', ''),
    fc.constantFrom('/api/v1/status/credits?q=a b', '/x\ty', '', '/\u0001', '*', 'http://[::1'),
  )
  .map(([method, target]) => ({
    method,
    target,
    bytes: Buffer.from(
      `${method} ${target} HTTP/1.1\r\nHost: sandbox.test\r\nConnection: close\r\n\r\n`,
    ),
  }));

/** Whole requests, as bytes. */
export function malformedRequest(tokens: Tokens): fc.Arbitrary<Malformed> {
  return fc.oneof({ weight: 30, arbitrary: wellFramed(tokens) }, brokenLine);
}

function wellFramed(tokens: Tokens): fc.Arbitrary<Malformed> {
  return fc
    .tuple(methodOf, pathOf, queryOf(tokens), bodyOf)
    .map(([method, path, query, { type, body }]) => {
      const target = query === '' ? path : `${path}?${query}`;
      return {
        method,
        target,
        bytes: requestBytes(
          method,
          target,
          type === undefined ? {} : { 'Content-Type': type },
          body,
        ),
      };
    });
}
