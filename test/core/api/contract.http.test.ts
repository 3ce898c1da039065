// The client against the service's own published answers (test/fixtures/service/), over loopback
// HTTP: a stub that answers each operation as the service's description shows, and the client
// calling that operation through the contract. Every answer parses; what a user sees of it is
// there (paging, totals, a social post without a url, tasks' `ready`, a collector's definition);
// a streamed answer delivers every result, the chunk that is not valid JSON mended; the 404 names
// the stream; and no line of the client's log holds the token the answers echo.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FormData } from 'undici';
import { isApiError } from '../../../core/api/client/errors';
import { nextOffset, totalOf } from '../../../core/api/client/paging';
import { decodeChunks, readCollector, readStream } from '../../../core/api/client/streamReader';
import { Transport } from '../../../core/api/client/transport';
import { CONTRACT, type ContractName } from '../../../core/api/contract';
import { definitionOf } from '../../../core/api/collectors';
import {
  ECHOED_TOKEN,
  resultChunks,
  serviceFixtures,
  type ServiceExample,
  type ServiceFixture,
} from '../../support/serviceFixtures';
import { SERVICE_FIXTURES } from '../../support/serviceFixturesFolder';

interface Served {
  example: ServiceExample;
  requests: { method: string; url: string }[];
}

/** A stand-in for the service: answers every request with the example being tested. */
async function stub(): Promise<{ server: Server; url: string; served: Served }> {
  const served: Served = {
    example: { status: 200, contentType: 'application/json' },
    requests: [],
  };
  const server = createServer((request: IncomingMessage, response) => {
    served.requests.push({ method: request.method ?? '', url: request.url ?? '' });
    request.resume();
    request.on('end', () => {
      const { example } = served;
      response.writeHead(example.status, { 'content-type': example.contentType });
      response.end(example.text ?? JSON.stringify(example.answer));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, served };
}

/** A value for each `:name` of the operation's path; the fixture's own where it names one. */
function paramsFor(fixture: ServiceFixture): Record<string, string> {
  const contract = CONTRACT[fixture.operation].path.split('/');
  const published = fixture.request.path.split('/');
  assert.equal(contract.length, published.length, `${fixture.file}: the path's segments`);
  const params: Record<string, string> = {};
  contract.forEach((segment, index) => {
    const theirs = published[index] ?? '';
    if (segment.startsWith(':'))
      params[segment.slice(1)] = theirs.startsWith('{') ? 'id-1' : theirs;
    else assert.equal(theirs, segment, `${fixture.file}: the path ${fixture.request.path}`);
  });
  return params;
}

type Checks = Partial<Record<ContractName, (answer: Record<string, unknown>) => void>>;

/** What a user sees of an answer is there, beyond its parsing. */
const CHECKS: Checks = {
  projectResults: (answer) => {
    const paged = answer as unknown as Parameters<typeof totalOf>[0];
    assert.equal(totalOf(paged), 873);
    assert.equal(nextOffset(paged), 2);
    const documents = paged.result_content.data;
    // A bare social post: no url, no title, its network's ids.
    assert.ok(
      documents.some((document) => document.data.url === undefined && document.data.external_id),
    );
  },
  globalResults: (answer) => {
    const paged = answer as unknown as Parameters<typeof totalOf>[0];
    assert.ok((totalOf(paged) ?? 0) > 0);
    assert.equal(nextOffset(paged), 2);
  },
  exportTasks: (answer) => {
    const tasks = (answer.result_tasks as { tasks: { ready?: unknown; status: string }[] }).tasks;
    assert.ok(tasks.every((task) => typeof task.ready === 'number'));
    assert.ok(tasks.every((task) => task.status === task.status.toUpperCase()));
  },
  collectorGet: (answer) => {
    const [collector] = (
      answer.result_stream as { collectors: Parameters<typeof definitionOf>[0][] }
    ).collectors;
    assert.ok(collector && definitionOf(collector)?.queries?.length);
    assert.ok(collector.creation_date);
  },
  topicDetails: (answer) => {
    const topic = answer.result_topic_details as Record<string, unknown>;
    assert.equal(topic.type, 'SEARCH');
    assert.equal(typeof topic.category_id, 'string');
  },
  searchInfo: (answer) => {
    const [project] = (answer.result_accinfo as { projects: Record<string, unknown>[] }).projects;
    assert.equal(project?.capabilities, undefined);
  },
  projectHistogram: (answer) => {
    const buckets = (answer.result_histogram as { data: { val?: { avg?: number }[] }[] }).data;
    assert.ok(
      buckets.some((bucket) => bucket.val?.some((statistics) => statistics.avg === undefined)),
    );
  },
};

describe("the service's published answers, read by the client", function () {
  this.timeout(20_000);
  let service: Awaited<ReturnType<typeof stub>>;
  let transport: Transport;
  const logged: string[] = [];

  before(async () => {
    service = await stub();
    transport = new Transport({
      baseUrl: service.url,
      token: ECHOED_TOKEN,
      userAgent: 'media-monitoring-tests/0.0.0',
      retry: { attempts: 1 },
      log: (line) => logged.push(line),
    });
  });
  after(async () => {
    await transport.close();
    service.server.close();
  });
  afterEach(() => {
    for (const line of logged)
      assert.ok(!line.includes(ECHOED_TOKEN), `the log holds the token: ${line}`);
  });

  const fixtures = serviceFixtures(SERVICE_FIXTURES);
  it('holds an example answer of every operation the service publishes (50)', () => {
    assert.equal(fixtures.length, 50);
  });

  for (const fixture of fixtures) {
    for (const example of fixture.examples) {
      it(`${fixture.operation}: ${fixture.request.method} ${fixture.request.path} ${example.status}`, async () => {
        const operation = CONTRACT[fixture.operation];
        assert.equal(operation.method, fixture.request.method);
        service.served.example = example;
        service.served.requests = [];
        const params = paramsFor(fixture);
        if (example.text !== undefined) return readChunks(fixture, example.text, params);
        const body =
          (operation as { body?: unknown }).body === 'multipart'
            ? multipartImage()
            : (fixture.request.body ?? {});
        const call = transport.invoke(
          operation as never,
          {
            params,
            query: fixture.request.query,
            body,
          } as never,
        );
        if (example.status !== 200) {
          const error: unknown = await call.then(
            () => undefined,
            (failure: unknown) => failure,
          );
          assert.ok(isApiError(error), 'an error answer is an ApiError');
          assert.equal(error.statusCode, '15');
          const named = (
            example.answer?.result_error as { data: { key: string; value: string[] }[] }
          ).data[0]?.value;
          assert.deepEqual(error.detail('stream_id'), named, 'the 404 names the stream');
          return;
        }
        const answer = (await call) as Record<string, unknown>;
        const key = (operation.answer as { key: string }).key;
        assert.ok(answer[key] !== undefined, `the payload under ${key}`);
        CHECKS[fixture.operation]?.(answer);
        const [request] = service.served.requests;
        assert.equal(request?.method, fixture.request.method);
      });
    }
  }

  it('an answer whose field has another type: the error names the operation and the field, the log keeps the answer masked', async () => {
    const credits = serviceFixtures(SERVICE_FIXTURES).find(
      (fixture) => fixture.operation === 'credits',
    )!;
    const answer = structuredClone(credits.examples[0]!.answer!);
    (answer.result_creditinfo as Record<string, unknown>).remaining_credits_monthly = 'lots';
    service.served.example = { status: 200, contentType: 'application/json', answer };
    logged.length = 0;
    const failure: unknown = await transport.invoke(CONTRACT.credits, { params: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(isApiError(failure));
    assert.equal(failure.kind, 'contract');
    assert.match(
      failure.message,
      /GET \/api\/v1\/status\/credits \(credits\): .*result_creditinfo\.remaining_credits_monthly: expected number, got string "lots"/,
    );
    const line = logged.find((each) => each.includes('answer not read'));
    assert.ok(line?.includes('"remaining_credits_monthly":"lots"'), 'the raw answer in the log');
    assert.ok(line?.includes('access_token=***'), 'its echoed token masked');
  });

  /** A streamed answer: every result delivered, none lost to the chunk that is not valid JSON. */
  async function readChunks(
    fixture: ServiceFixture,
    text: string,
    params: Record<string, string>,
  ): Promise<void> {
    const expected = resultChunks(text);
    let results = 0;
    if (fixture.operation === 'collectorResults') {
      for await (const event of readCollector(transport, params.collector ?? '', {
        endBehaviour: 'stop',
      }))
        if (event.kind === 'result') results++;
    } else if (fixture.operation === 'streamResults') {
      for await (const event of readStream(transport, params.stream ?? ''))
        if (event.kind === 'result') results++;
    } else if (fixture.operation === 'projectLiveResults') {
      for await (const event of readStream(transport, { project: params.project ?? '' }))
        if (event.kind === 'result') results++;
    } else {
      const operation = CONTRACT[fixture.operation];
      assert.equal(operation.answer.kind, 'chunks');
      const opened = await transport.openOperation(
        operation as never,
        {
          params,
          query: fixture.request.query,
          body: fixture.request.body,
        } as never,
      );
      try {
        for await (const chunk of decodeChunks(opened.body, transport, fixture.operation))
          if (chunk.chunk_type === 'CT_RESULT') results++;
      } finally {
        opened.close();
      }
    }
    assert.equal(results, expected, `${fixture.operation}: every result of the answer`);
  }
});

function multipartImage(): FormData {
  const form = new FormData();
  form.append('image_file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), 'photo.jpg');
  return form;
}
