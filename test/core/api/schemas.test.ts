import assert from 'node:assert/strict';
import {
  Chunk,
  CollectorQuery,
  ErrorEnvelope,
  ExportRequest,
  HistogramResponse,
  TasksResponse,
  UploadBatch,
} from '../../../core/api/schemas/index';

describe('API schemas (core/api)', () => {
  it('parse a histogram envelope with statistics and a forecast', () => {
    const response = HistogramResponse.parse({
      status_code: '0',
      status_message: 'OK',
      request: 'GET /api/v1/search/histogram/published?access_token=***',
      result_histogram: {
        header: { v: ['Number Results'] },
        data: [{ t: 1700000000000, v: [3], val: [{ count: 3, min: 1, max: 9, avg: 4, sum: 12 }] }],
        forecast: {
          data: [{ t: 1700086400000, v: [4], min_confidence: [2], max_confidence: [6] }],
        },
      },
      request_id: '#abc#',
    });
    assert.equal(response.result_histogram.data[0]?.val?.[0]?.avg, 4);
  });

  it('read task statuses in either case as the upper-case state, and one not known as UNKNOWN', () => {
    const response = TasksResponse.parse({
      status_code: '0',
      status_message: 'OK',
      result_tasks: {
        tasks: [
          { id: 't1', status: 'result_limit_reached', processed: 10, progress: 0.5, target: 'c1' },
        ],
      },
    });
    assert.equal(response.result_tasks.tasks[0]?.status, 'RESULT_LIMIT_REACHED');
    // A status added by the service later must not make the whole task list unreadable.
    assert.equal(
      TasksResponse.parse({
        status_code: '0',
        status_message: 'OK',
        result_tasks: { tasks: [{ id: 't', status: 'sleeping' }] },
      }).result_tasks.tasks[0]?.status,
      'UNKNOWN',
    );
  });

  it('tell chunk types apart and reject an unknown one', () => {
    const control = Chunk.parse({
      chunk_type: 'CT_CONTROL',
      chunk_control: {
        stream: [{ id: 's1', status: 'active' }],
        connection_id: 'c',
        resume_offset: 'r-12',
      },
    });
    assert.equal(
      control.chunk_type === 'CT_CONTROL' && control.chunk_control.resume_offset,
      'r-12',
    );
    const error = Chunk.parse({
      chunk_type: 'CT_ERROR',
      chunk_error: { status_code: '25', status_message: 'resume' },
    });
    assert.equal(error.chunk_type === 'CT_ERROR' && error.chunk_error.status_code, '25');
    assert.equal(Chunk.safeParse({ chunk_type: 'CT_OTHER' }).success, false);
  });

  it('accept batch entries with exactly one operation', () => {
    assert.equal(
      UploadBatch.safeParse([
        {
          create: {
            url: 'https://x.example/a',
            title: 't',
            content: 'c',
            published: '1700000000000',
          },
        },
      ]).success,
      true,
    );
    assert.equal(
      UploadBatch.safeParse([{ create: { url: 'u' }, update: { url: 'u' } }]).success,
      false,
    );
    assert.equal(
      UploadBatch.safeParse([{ create: { url: 'u', published: 'yesterday' } }]).success,
      false,
    );
  });

  it('take export start as epoch ms or YYYY-MM-DD, and no unknown fields', () => {
    assert.equal(ExportRequest.safeParse({ start: '2026-11-01', target: 'c1' }).success, true);
    assert.equal(
      ExportRequest.safeParse({
        start: 1700000000000,
        stop: 1700086400000,
        target: 'c1',
        limit: 10,
      }).success,
      true,
    );
    assert.equal(ExportRequest.safeParse({ start: '1 Nov', target: 'c1' }).success, false);
    assert.equal(
      ExportRequest.safeParse({ start: 1, target: 'c1', targte: 'typo' }).success,
      false,
    );
  });

  it('reject unknown collector definition keys', () => {
    assert.equal(
      CollectorQuery.safeParse({ projects: ['p1'], queries: [{ id: 'q1', query: 'acme' }] })
        .success,
      true,
    );
    assert.equal(CollectorQuery.safeParse({ project: 'p1' }).success, false);
  });

  it('parse an error envelope with result_error details', () => {
    const error = ErrorEnvelope.parse({
      status_code: '50',
      status_message: 'Url is not approved for processing',
      result_error: { data: [{ key: 'param_url', value: ['http://x'] }] },
    });
    assert.deepEqual(error.result_error?.data[0], { key: 'param_url', value: ['http://x'] });
  });
});
