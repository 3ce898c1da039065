// The export wizard's checks of days and limit, and what a task's end means in words.
import assert from 'node:assert/strict';
import { DEFAULT_EXPORT_LIMIT } from '../../../core/api/costs';
import {
  dayOf,
  isRunning,
  limitOf,
  limitProblem,
  parseDay,
  startProblem,
  stopProblem,
  taskOutcome,
} from '../../../core/streams/exportTask';

const NOW = Date.UTC(2024, 4, 15, 12);

describe('an export task', () => {
  it('days are YYYY-MM-DD that exist', () => {
    assert.equal(parseDay('2024-05-01'), Date.UTC(2024, 4, 1));
    assert.equal(parseDay('2024-02-30'), undefined);
    assert.equal(parseDay('1/5/2024'), undefined);
    assert.equal(dayOf(Date.UTC(2024, 4, 1, 23)), '2024-05-01');
  });

  it('the start is a day, not in the future', () => {
    assert.equal(startProblem('2024-05-01', NOW), undefined);
    assert.match(startProblem('May 1', NOW) ?? '', /YYYY-MM-DD/);
    assert.match(startProblem('2024-06-01', NOW) ?? '', /in the future/);
  });

  it('the stop is empty (until now) or a day after the start', () => {
    assert.equal(stopProblem('', '2024-05-01'), undefined);
    assert.equal(stopProblem('2024-05-02', '2024-05-01'), undefined);
    assert.match(stopProblem('2024-05-01', '2024-05-01') ?? '', /must come after the start/);
    assert.match(stopProblem('tomorrow', '2024-05-01') ?? '', /YYYY-MM-DD/);
  });

  it('the limit is a whole number; empty is the API default', () => {
    assert.equal(limitProblem(''), undefined);
    assert.equal(limitProblem('1,000'), undefined);
    assert.match(limitProblem('0') ?? '', /at least 1/);
    assert.match(limitProblem('2.5') ?? '', /whole number/);
    assert.equal(limitOf(''), DEFAULT_EXPORT_LIMIT);
    assert.equal(limitOf('1,000'), 1000);
  });

  it('says what each end means', () => {
    const task = { id: 't1', status: 'FINISHED', processed: 42, target: 'c1' } as const;
    assert.equal(isRunning({ status: 'QUEUED' }), true);
    assert.equal(isRunning(task), false);
    assert.deepEqual(taskOutcome(task), {
      ok: true,
      message: 'Export task t1 finished: 42 results in c1.',
    });
    assert.match(
      taskOutcome({ ...task, status: 'RESULT_LIMIT_REACHED' }).message,
      /stopped at its limit: 42 results in c1, and more matched/,
    );
    assert.match(taskOutcome({ ...task, status: 'FAILED' }).message, /failed after 42 results/);
    assert.match(
      taskOutcome({ ...task, status: 'ABORTED' }).message,
      /aborted after 42 results: what it exported so far stays in c1/,
    );
    assert.equal(taskOutcome({ ...task, status: 'ABORTED' }).ok, false);
  });
});
