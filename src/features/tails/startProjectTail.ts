// Starting a tail of a project's live results (every new document of the project, no stream to
// create first): which project (its Projects view item, a request object, or picked from the
// palette), the topics and filters that narrow it, an extra query and how many results
// (liveLimits.ts; asked, unless a request object says), the open-ended cost asked first against a
// service as for a stream, then the tail in its own output channel. In dist/live.js.
import * as vscode from 'vscode';
import { z } from 'zod';
import type { LiveScope } from '../../../core/api/client/streamReader';
import type { ProjectTailSource } from '../../../core/streams/tailSource';
import { projectChoices, sectionChoices } from '../../shell/choices';
import { pickMany, pickOne, type Choice } from '../../shell/inputs';
import { askLiveLimits } from './liveLimits';
import type { TailServices } from './tailServices';
import { tailTarget } from './tailTarget';
import { launchTail } from './launchTail';
import type { Tails } from './tails';

const Ids = z.array(z.string().min(1)).optional();

/** What `mediaMonitoring.tail.project` accepts from a script or a test: nothing is asked. */
const Request = z.object({
  kind: z.literal('project'),
  id: z.string().min(1),
  scope: z.object({ topic: Ids, filter: Ids, panel: Ids, dataset: Ids }).strict().optional(),
  q: z.string().optional(),
  maxHits: z.number().int().positive().optional(),
  /** A folder for the NDJSON record; `false` for none; absent: the setting. */
  recordFolder: z.union([z.string().min(1), z.literal(false)]).optional(),
});

type Narrowing = { readonly key: 'topic' | 'filter'; readonly id: string };

/** Topics (any of them) and filters (all of them) that narrow the tail: {} for the whole project. */
async function askNarrowing(s: TailServices, projectId: string): Promise<LiveScope | undefined> {
  const [topics, filters] = await Promise.all([
    sectionChoices(s, projectId, 'topics'),
    sectionChoices(s, projectId, 'filters'),
  ]);
  if (topics.length + filters.length === 0) return {};
  const group = (
    label: string,
    key: Narrowing['key'],
    choices: readonly Choice<string>[],
  ): Choice<Narrowing | undefined>[] =>
    choices.length === 0
      ? []
      : [
          { label, kind: vscode.QuickPickItemKind.Separator, value: undefined },
          ...choices.map((choice) => ({ ...choice, value: { key, id: choice.value } })),
        ];
  const picked = await pickMany(
    `Tail project ${projectId}: narrow to topics or filters?`,
    [
      ...group('Topics: a document of any one picked', 'topic', topics),
      ...group('Filters: a document that matches every one picked', 'filter', filters),
    ],
    'Pick none for every new document of the project; Enter to go on',
  );
  if (!picked) return undefined;
  const ids = (key: Narrowing['key']) =>
    picked.flatMap((item) => (item?.key === key ? [item.id] : []));
  const [topic, filter] = [ids('topic'), ids('filter')];
  return { ...(topic.length > 0 ? { topic } : {}), ...(filter.length > 0 ? { filter } : {}) };
}

/** The project's tail as asked: from a request object at once, else by the questions. */
async function sourceOf(
  s: TailServices,
  argument: unknown,
): Promise<{ source: ProjectTailSource; recordFolder: string | false | undefined } | undefined> {
  const request = Request.safeParse(argument);
  if (request.success) {
    const { id, scope, q, maxHits, recordFolder } = request.data;
    return {
      source: {
        kind: 'project',
        id,
        ...(scope ? { scope } : {}),
        ...(q?.trim() ? { q: q.trim() } : {}),
        ...(maxHits ? { maxHits } : {}),
      },
      recordFolder,
    };
  }
  const target = tailTarget(argument);
  if (argument !== undefined && target?.kind !== 'project') return undefined;
  const id =
    target?.id ??
    (await pickOne('Tail the live results of which project?', await projectChoices(s)));
  if (id === undefined) return undefined;
  const scope = await askNarrowing(s, id);
  if (!scope) return undefined;
  const limits = await askLiveLimits(
    s,
    `Tail project ${id}`,
    'A query its documents must also match (optional: Enter for none). Each result costs a credit, so narrowing costs less.',
  );
  if (!limits) return undefined;
  return {
    source: {
      kind: 'project',
      id,
      ...(Object.keys(scope).length > 0 ? { scope } : {}),
      ...limits,
    },
    recordFolder: undefined,
  };
}

export async function startProjectTail(
  s: TailServices,
  tails: Tails,
  argument?: unknown,
): Promise<void> {
  const asked = await sourceOf(s, argument);
  if (!asked) return;
  const { source } = asked;
  // Each result costs a credit, for as long as the tail runs: asked first against a service, as
  // a stream's tail is (the sandbox's credits are not real).
  const approved = await s.runner.approve(`Tail the live results of project ${source.id}`, {
    kind: 'projectLiveRead',
    ...(source.maxHits ? { maxHits: source.maxHits } : {}),
  });
  if (!approved) return;
  await launchTail(tails, source, asked.recordFolder);
}
