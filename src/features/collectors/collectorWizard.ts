// The collector wizard: a collector id, then its sources, added and removed from one
// menu that shows the definition so far and what is wrong with it. The rules of api.md are
// checked before anything is sent (core/streams/collectorDefinition.ts); a violation is
// explained in words and the menu comes back. Creating and editing share it: editing starts from
// the definition the service answers, and says before saving that the rules are replaced and the
// buffered data kept.
import { definitionOf } from '../../../core/api/collectors';
import * as vscode from 'vscode';
import {
  collectorIdProblem,
  collectorQueryOf,
  definitionProblems,
  describeDraft,
  draftOf,
  EMPTY_DRAFT,
  hasSource,
  type CollectorDraft,
} from '../../../core/streams/collectorDefinition';
import type { StreamRule } from '../../../core/api/schemas/streams';
import { ask, pickOne, type Choice } from '../../shell/inputs';
import { collectorList, projectChoices, sectionChoices, streamChoices } from '../../shell/choices';
import type { CollectorServices } from './collectorServices';

type Step =
  | { readonly kind: 'save' }
  | { readonly kind: 'add'; readonly what: 'stream' | 'project' | 'topic' | 'filter' | 'query' }
  | {
      readonly kind: 'remove';
      readonly what: 'stream' | 'project' | 'topic' | 'filter' | 'query';
      readonly id: string;
    };

/** The title of the menu: the wizard's tests wait for it before they type. */
export const menuTitle = (collectorId: string, draft: CollectorDraft, editing: boolean) =>
  `${editing ? 'Collector' : 'New collector'} ${collectorId} · ${describeDraft(draft)}`;

function menuItems(draft: CollectorDraft, editing: boolean, problems: string[]): Choice<Step>[] {
  const remove = (what: Extract<Step, { kind: 'remove' }>['what'], id: string, label: string) => ({
    label: `$(close) Remove ${label}`,
    value: { kind: 'remove', what, id } as const,
  });
  const sources = hasSource(draft);
  const save: Choice<Step> = {
    label: `$(check) ${editing ? 'Save definition' : sources ? 'Create collector' : 'Create it empty and paused'}`,
    detail:
      problems.length > 0
        ? `$(warning) ${problems.join(' ')}`
        : sources
          ? `Collects ${describeDraft(draft)}: 1 credit per buffered result, read or not.`
          : 'No sources: the collector collects nothing, as the target of an export.',
    value: { kind: 'save' },
  };
  const adds: Choice<Step>[] = [
    { label: '$(radio-tower) Add a stream…', value: { kind: 'add', what: 'stream' } },
    { label: '$(project) Add a whole project…', value: { kind: 'add', what: 'project' } },
    { label: '$(list-tree) Add a topic of a project…', value: { kind: 'add', what: 'topic' } },
    { label: '$(filter) Add a filter…', value: { kind: 'add', what: 'filter' } },
    { label: '$(search) Add a query…', value: { kind: 'add', what: 'query' } },
  ];
  const removes = [
    ...draft.streams.map((id) => remove('stream', id, `stream ${id}`)),
    ...draft.projects.map((id) => remove('project', id, `project ${id}`)),
    ...(draft.projectTopics?.topics ?? []).map((id) => remove('topic', id, `topic ${id}`)),
    ...draft.filters.map((id) => remove('filter', id, `filter ${id}`)),
    ...draft.queries.map((entry) => remove('query', entry.id, `query ${entry.id}`)),
  ];
  // Enter takes the first item: with no source yet that is adding one, never creating an empty,
  // paused collector by accident; creating one empty is an explicit choice at the end.
  return sources || editing ? [save, ...adds, ...removes] : [...adds, ...removes, save];
}

function removed(draft: CollectorDraft, step: Extract<Step, { kind: 'remove' }>): CollectorDraft {
  const without = (values: readonly string[]) => values.filter((value) => value !== step.id);
  switch (step.what) {
    case 'stream':
      return { ...draft, streams: without(draft.streams) };
    case 'project':
      return { ...draft, projects: without(draft.projects) };
    case 'filter':
      return { ...draft, filters: without(draft.filters) };
    case 'query':
      return { ...draft, queries: draft.queries.filter((entry) => entry.id !== step.id) };
    case 'topic': {
      const topics = without(draft.projectTopics?.topics ?? []);
      return {
        ...draft,
        projectTopics:
          draft.projectTopics && topics.length > 0 ? { ...draft.projectTopics, topics } : undefined,
      };
    }
  }
}

/** The project topics and filters belong to: the one named already, or one picked now. */
async function projectFor(
  s: CollectorServices,
  draft: CollectorDraft,
  purpose: string,
): Promise<string | undefined> {
  const named = draft.projectTopics?.project ?? draft.projects[0];
  if (named !== undefined) return named;
  return pickOne(`${purpose}: which project?`, await projectChoices(s));
}

async function added(
  s: CollectorServices,
  collectorId: string,
  draft: CollectorDraft,
  what: Extract<Step, { kind: 'add' }>['what'],
): Promise<CollectorDraft> {
  const absent = (taken: readonly string[]) => (choice: Choice<string>) =>
    !taken.includes(choice.value);
  switch (what) {
    case 'stream': {
      const choices = (await streamChoices(s)).filter(absent(draft.streams));
      if (choices.length === 0) {
        void vscode.window.showInformationMessage(
          'Media Monitoring: no stream to add. Push a .mmq file as a stream first.',
        );
        return draft;
      }
      const id = await pickOne(`Add a stream to ${collectorId}`, choices);
      return id === undefined ? draft : { ...draft, streams: [...draft.streams, id] };
    }
    case 'project': {
      const id = await pickOne(
        `Add a whole project to ${collectorId}`,
        (await projectChoices(s)).filter(absent(draft.projects)),
      );
      return id === undefined ? draft : { ...draft, projects: [...draft.projects, id] };
    }
    case 'topic': {
      const project = await projectFor(s, draft, 'Topics');
      if (project === undefined) return draft;
      const taken = draft.projectTopics?.topics ?? [];
      const id = await pickOne(
        `Add a topic of ${project} to ${collectorId}`,
        (await sectionChoices(s, project, 'topics')).filter(absent(taken)),
      );
      return id === undefined
        ? draft
        : { ...draft, projectTopics: { project, topics: [...taken, id] } };
    }
    case 'filter': {
      const project = await projectFor(s, draft, 'Filters');
      if (project === undefined) return draft;
      const id = await pickOne(
        `Add a filter of ${project} to ${collectorId} (every filter must match)`,
        (await sectionChoices(s, project, 'filters')).filter(absent(draft.filters)),
      );
      return id === undefined ? draft : { ...draft, filters: [...draft.filters, id] };
    }
    case 'query': {
      const taken = draft.queries.map((entry) => entry.id);
      const id = await ask(
        `Add a query to ${collectorId}: its id`,
        'The id the results name when this query matched',
        {
          value: `q${draft.queries.length + 1}`,
          check: (value) =>
            taken.includes(value.trim())
              ? `${value.trim()} is taken by another query`
              : collectorIdProblem(value.trim())?.replace('collector', 'query'),
        },
      );
      if (!id) return draft;
      const query = await ask(
        `Add a query to ${collectorId}: query ${id}`,
        'A query of the .mmq language, e.g. acme AND lang:en',
        {
          check: async (value) => {
            if (value.trim() === '') return 'Type the query';
            const errors = await s.language.errorsOf(value.trim());
            return errors[0];
          },
        },
      );
      if (!query) return draft;
      const entry: Pick<StreamRule, 'query'> & { id: string } = { id, query };
      return { ...draft, queries: [...draft.queries, entry] };
    }
  }
}

/**
 * The sources of `collectorId`, from `initial`; undefined when the user left. Nothing is sent
 * here: the caller sends what this resolves with.
 */
export async function editSources(
  s: CollectorServices,
  collectorId: string,
  initial: CollectorDraft,
  editing: boolean,
): Promise<CollectorDraft | undefined> {
  let draft = initial;
  for (;;) {
    const problems = definitionProblems(draft, false);
    const step = await pickOne(
      menuTitle(collectorId, draft, editing),
      menuItems(draft, editing, problems),
      problems.length > 0
        ? problems[0]
        : 'Add sources; within a kind any one matches, kinds must all match',
    );
    if (step === undefined) return undefined;
    if (step.kind === 'add') draft = await added(s, collectorId, draft, step.what);
    else if (step.kind === 'remove') draft = removed(draft, step);
    else if (problems.length > 0)
      // Explained in words, then back to the menu to fix it.
      await s.questions.ask(
        `Collector ${collectorId} cannot be ${editing ? 'saved' : 'created'} like this.`,
        problems.join('\n'),
      );
    else return draft;
  }
}

/** The collector wizard: an id, sources, then the collector created on the service. */
export async function createCollector(s: CollectorServices): Promise<string | undefined> {
  const existing = new Set((await collectorList(s)).map((c) => c.id));
  const id = await ask('New collector: its id', 'Letters, digits, _, . or -', {
    check: (value) =>
      existing.has(value.trim())
        ? `Collector ${value.trim()} exists: edit its definition from the Streams view instead`
        : collectorIdProblem(value.trim()),
  });
  if (!id) return undefined;
  const draft = await editSources(s, id, EMPTY_DRAFT, false);
  if (!draft) return undefined;
  if (!hasSource(draft)) {
    const create = 'Create Paused';
    const answer = await s.questions.ask(
      `Create collector ${id} empty and paused?`,
      'A collector collects only with at least one source (a project, project topics, a stream or a query). Without one it is created paused and collects nothing live: an export task can write into it.',
      create,
    );
    if (answer !== create) return undefined;
  }
  const query = hasSource(draft) ? collectorQueryOf(draft) : undefined;
  const saved = await s.runner.call(
    {
      title: `Create collector ${id}`,
      ...(query ? { cost: { kind: 'collectorBuffering' } as const } : {}),
    },
    async (call) => {
      const answer = await call.client.collectors.put(id, query, { signal: call.signal });
      return answer.result_stream.collectors[0]?.state ?? 'UNKNOWN';
    },
  );
  if (saved === undefined) return undefined;
  s.streams.refresh();
  s.runner.done(`Collector ${id} created (${saved.toLowerCase()})`);
  return id;
}

/** Edits an existing collector's definition: rules replaced, buffered data kept (said first). */
export async function editCollector(s: CollectorServices, collectorId: string): Promise<void> {
  const current = await s.runner.call({ title: `Read collector ${collectorId}` }, async (call) => {
    const answer = await call.client.collectors.get(collectorId, { signal: call.signal });
    return answer.result_stream.collectors[0];
  });
  if (!current) return;
  const draft = await editSources(s, collectorId, draftOf(definitionOf(current)), true);
  if (!draft) return;
  const save = 'Save';
  const active = hasSource(draft);
  const answer = await s.questions.ask(
    `Replace the definition of collector ${collectorId}?`,
    `Its rules become: ${describeDraft(draft)}. What it has buffered so far is kept; from now on it collects by the new rules only. ${
      active
        ? `It becomes active${current.state === 'ACTIVE' ? '' : ` (it is ${current.state.toLowerCase()} now)`}: 1 credit per buffered result, read or not.`
        : 'With no sources it becomes paused and collects nothing live.'
    }`,
    save,
  );
  if (answer !== save) return;
  const saved = await s.runner.call(
    {
      title: `Save collector ${collectorId}`,
      ...(active ? { cost: { kind: 'collectorBuffering' } as const } : {}),
    },
    async (call) => {
      const put = await call.client.collectors.put(
        collectorId,
        active ? collectorQueryOf(draft) : undefined,
        { signal: call.signal },
      );
      return put.result_stream.collectors[0]?.state ?? 'UNKNOWN';
    },
  );
  if (saved === undefined) return;
  s.streams.refresh();
  s.runner.done(`Collector ${collectorId}: definition saved (${saved.toLowerCase()})`);
}
