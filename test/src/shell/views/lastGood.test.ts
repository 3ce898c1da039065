// A tree node whose children fail to load keeps what it showed, and the failure is told once.
import assert from 'node:assert/strict';
import { LastGoodChildren, type FailureReport } from '../../../../src/shell/views/lastGood';

class Quiet extends Error {}

describe('last good children', () => {
  const setup = () => {
    const reports: FailureReport[] = [];
    const children = new LastGoodChildren<string>(
      (report) => reports.push(report),
      (error) => error instanceof Quiet,
    );
    return { children, reports };
  };
  const failing = (message: string) => () => Promise.reject(new Error(message));

  it('a failed load shows the last good children of that node, and nothing for a new node', async () => {
    const { children } = setup();
    assert.deepEqual(await children.load('root', () => Promise.resolve(['a', 'b'])), ['a', 'b']);
    assert.deepEqual(await children.load('root', failing('offline')), ['a', 'b']);
    assert.deepEqual(await children.load('other', failing('offline')), []);
  });

  it('tells a failure once until something loads again, then again', async () => {
    const { children, reports } = setup();
    await children.load('root', failing('GET /x: could not reach host'));
    await children.load('root', failing('GET /x: could not reach host'));
    await children.load('child', failing('GET /x: could not reach host'));
    assert.equal(reports.length, 1);
    await children.load('root', () => Promise.resolve(['a']));
    await children.load('root', failing('GET /x: could not reach host'));
    assert.equal(reports.length, 2);
  });

  it('reports each failure with the error itself (its typed reason picks the action); says nothing when quiet', async () => {
    const { children, reports } = setup();
    const rejected = new Error('GET /x: the access token was rejected: set a valid token');
    await children.load('root', () => Promise.reject(rejected));
    await children.load('root', failing('GET /x: no credits left'));
    await children.load('root', () => Promise.reject(new Quiet('not connected')));
    assert.equal(reports.length, 2);
    assert.equal(reports[0]?.error, rejected);
    assert.equal(reports[1]?.message, 'GET /x: no credits left');
  });

  it('clear() forgets the last good children', async () => {
    const { children } = setup();
    await children.load('root', () => Promise.resolve(['a']));
    children.clear();
    assert.deepEqual(await children.load('root', failing('offline')), []);
  });
});
