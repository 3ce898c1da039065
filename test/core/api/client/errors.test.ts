import assert from 'node:assert/strict';
import { ApiError, type ApiErrorInit } from '../../../../core/api/client/errors';

const error = (init: Partial<ApiErrorInit>) =>
  new ApiError({ kind: 'service', message: 'm', call: 'GET /x', ...init });

describe('ApiError.reason: why a call failed, typed', () => {
  it('maps every status code of gaps.md to the reason a caller acts on', () => {
    const cases: [string, number, string][] = [
      ['1', 500, 'serviceFailed'],
      ['2', 500, 'serviceFailed'],
      ['3', 400, 'badRequest'],
      ['4', 400, 'badRequest'],
      ['5', 400, 'badRequest'],
      ['7', 401, 'tokenRejected'],
      ['8', 401, 'rateLimited'],
      ['9', 401, 'noCredits'],
      ['13', 403, 'forbidden'],
      ['15', 404, 'notFound'],
      ['16', 400, 'badRequest'],
      ['17', 400, 'badRequest'],
      ['18', 400, 'badRequest'],
      ['19', 403, 'badRequest'],
      ['24', 403, 'disconnected'],
      ['25', 403, 'disconnected'],
      ['26', 404, 'notFound'],
      ['30', 429, 'tooManyStreams'],
      ['45', 400, 'badRequest'],
      ['50', 400, 'badRequest'],
      ['99', 503, 'serviceFailed'],
    ];
    for (const [statusCode, httpStatus, reason] of cases)
      assert.equal(error({ statusCode, httpStatus }).reason, reason, `code ${statusCode}`);
  });

  it('no answer, no answer in time, cancelled, not the API', () => {
    assert.equal(error({ kind: 'network' }).reason, 'unreachable');
    assert.equal(error({ kind: 'timeout' }).reason, 'timeout');
    assert.equal(error({ kind: 'cancelled' }).reason, 'cancelled');
    assert.equal(error({ kind: 'contract' }).reason, 'contract');
  });
});
