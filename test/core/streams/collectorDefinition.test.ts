// The rules of a collector's definition (api.md "Collectors"), checked before the wizard sends it.
import assert from 'node:assert/strict';
import {
  collectorIdProblem,
  collectorQueryOf,
  definitionProblems,
  describeDraft,
  draftOf,
  EMPTY_DRAFT,
  hasSource,
} from '../../../core/streams/collectorDefinition';
import { CollectorQuery } from '../../../core/api/schemas/streams';

describe('a collector definition', () => {
  it('projects and project_topics never together, said in words', () => {
    const problems = definitionProblems(
      { ...EMPTY_DRAFT, projects: ['p1'], projectTopics: { project: 'p1', topics: ['t1'] } },
      true,
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /either a whole project or topics of a project, never both/);
  });

  it('one project at most', () => {
    const [problem] = definitionProblems({ ...EMPTY_DRAFT, projects: ['p1', 'p2'] }, true);
    assert.match(problem ?? '', /may include one project; this one names 2 \(p1, p2\)/);
  });

  it('an active collector needs a source; an empty one is a paused export target', () => {
    assert.match(definitionProblems(EMPTY_DRAFT, true)[0] ?? '', /needs at least one source/);
    assert.deepEqual(definitionProblems(EMPTY_DRAFT, false), []);
    assert.equal(hasSource(EMPTY_DRAFT), false);
  });

  it('filters alone define nothing, active or not', () => {
    for (const active of [true, false])
      assert.match(
        definitionProblems({ ...EMPTY_DRAFT, filters: ['f1'] }, active)[0] ?? '',
        /Filters alone define nothing/,
      );
  });

  it('project topics name at least one topic; query ids differ; a stream once', () => {
    const problems = definitionProblems(
      {
        ...EMPTY_DRAFT,
        projectTopics: { project: 'p1', topics: [] },
        streams: ['s1', 's1'],
        queries: [
          { id: 'q1', query: 'acme' },
          { id: 'q1', query: 'globex' },
        ],
      },
      true,
    );
    assert.deepEqual(problems, [
      'Topics of project p1: name at least one topic.',
      'Two queries have the id q1: ids differ.',
      'Stream s1 is named twice.',
    ]);
  });

  it('any number of streams and queries with one project and filters is right', () => {
    const draft = {
      ...EMPTY_DRAFT,
      projectTopics: { project: 'p1', topics: ['t1', 't2'] },
      filters: ['f1'],
      streams: ['s1', 's2'],
      queries: [{ id: 'q1', query: 'acme' }],
    };
    assert.deepEqual(definitionProblems(draft, true), []);
    assert.equal(describeDraft(draft), '2 topics of p1, 1 filter, 2 streams, 1 query');
  });

  it('the collector_query sent leaves out what is empty and passes the schema', () => {
    assert.deepEqual(collectorQueryOf(EMPTY_DRAFT), {});
    const query = collectorQueryOf({ ...EMPTY_DRAFT, streams: ['s1'], projects: ['p1'] });
    assert.deepEqual(query, { projects: ['p1'], streams: ['s1'] });
    assert.ok(CollectorQuery.safeParse(query).success);
    assert.deepEqual(collectorQueryOf(draftOf(query)), query, 'a round trip through the draft');
  });

  it('a new collector id: one the service takes, with a suggestion when not', () => {
    assert.equal(collectorIdProblem('my-collector_1'), undefined);
    assert.match(collectorIdProblem('') ?? '', /Give the collector an id/);
    // The service takes lower-case letters, digits, - and _, starting with a letter (gaps.md).
    assert.match(collectorIdProblem('has space') ?? '', /lower-case letters.*"has-space"/);
    assert.match(collectorIdProblem('Collector.One') ?? '', /"collector-one"/);
    assert.match(collectorIdProblem('a'.repeat(129)) ?? '', /at most 128/);
  });
});
