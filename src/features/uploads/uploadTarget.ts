// Where an upload goes and how, asked in steps (or given by a test or a script): the project,
// the project itself or one of its datasets, the mode, and for a dataset the options the API has
// for dataset uploads (api.md: `annotate=sentiment`, `return_entry=show`). The first two steps
// (askPlace) also say where documents to delete or undelete are.
import { titleOf } from '../../../core/api/labels';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { UploadTarget } from '../../../core/api/client/endpoints/documents';
import {
  RETURN_ENTRY,
  UPLOAD_OPERATIONS,
  type UploadOperation,
} from '../../../core/api/schemas/uploads';
import { pickMany, pickOne } from '../../shell/inputs';

/** What a test or a script may give instead of answering the questions. */
export interface UploadRequest {
  readonly project?: string;
  /** A dataset's id, or null for the project itself. */
  readonly dataset?: string | null;
  readonly mode?: UploadOperation;
  /** Dataset uploads: have the service score each document's sentiment. */
  readonly annotate?: boolean;
  /** Dataset uploads: keep each stored document in the report. */
  readonly returnEntry?: boolean;
}

export interface UploadPlan {
  readonly target: UploadTarget;
  readonly mode: UploadOperation;
  /** The dataset's template, whose custom metrics the checks know. */
  readonly templateId?: string;
}

type DatasetOption = 'annotate' | 'returnEntry';

/** The datasets of a project, to upload into one of them instead of the project. */
async function datasetsOf(client: MediaMonitoringClient, project: string) {
  const resources = await client.projects.resources(project, ['dataset']);
  return resources.result_resources.projects.flatMap((each) => each.datasets ?? []);
}

async function datasetOptions(given?: UploadRequest): Promise<DatasetOption[] | undefined> {
  if (given?.annotate !== undefined || given?.returnEntry !== undefined)
    return [
      ...(given.annotate ? (['annotate'] as const) : []),
      ...(given.returnEntry ? (['returnEntry'] as const) : []),
    ];
  return pickMany<DatasetOption>(
    'Dataset upload options',
    [
      {
        label: "Score each document's sentiment",
        description: 'annotate=sentiment',
        value: 'annotate',
      },
      {
        label: 'Keep each stored document in the report',
        description: 'return_entry=show',
        value: 'returnEntry',
      },
    ],
    'none, one or both; Enter to go on',
  );
}

/** Where documents are (or go): a project, or one of its datasets with its template. */
export interface DocumentsPlace {
  readonly project: string;
  readonly dataset?: string;
  /** The dataset's template, whose custom metrics the checks know. */
  readonly templateId?: string;
}

/**
 * Asks the project (unless given), then, when it has datasets, the project itself or one of
 * them (unless given: a dataset's id, or null for the project). Undefined on Escape.
 */
export async function askPlace(
  client: MediaMonitoringClient,
  pickProject: (placeHolder: string) => Promise<string | undefined>,
  question: { readonly project: string; readonly place: string },
  given?: Pick<UploadRequest, 'project' | 'dataset'>,
): Promise<DocumentsPlace | undefined> {
  const project = given?.project ?? (await pickProject(question.project));
  if (!project) return undefined;
  if (given?.dataset === null) return { project };
  let dataset = given?.dataset;
  // Asked of the service only when they matter: to choose one, or for a given one's template.
  const datasets = await datasetsOf(client, project);
  if (given?.dataset === undefined && datasets.length > 0) {
    const picked = await pickOne<string | null>(
      question.place,
      [
        { label: `Project ${project} itself`, value: null },
        ...datasets.map((each) => ({
          label: titleOf(each),
          description: each.id,
          value: each.id,
        })),
      ],
      'the project, or one of its datasets',
    );
    if (picked === undefined) return undefined;
    dataset = picked ?? undefined;
  }
  if (dataset === undefined) return { project };
  const templateId = datasets.find((each) => each.id === dataset)?.dataset_template_id;
  return { project, dataset, ...(templateId === undefined ? {} : { templateId }) };
}

export async function askUploadPlan(
  client: MediaMonitoringClient,
  pickProject: (placeHolder: string) => Promise<string | undefined>,
  given?: UploadRequest,
): Promise<UploadPlan | undefined> {
  const place = await askPlace(
    client,
    pickProject,
    { project: 'Upload the documents into which project?', place: 'Upload into' },
    given,
  );
  if (!place) return undefined;
  const { project, dataset, templateId } = place;
  const mode =
    given?.mode ??
    (await pickOne(
      'Upload mode',
      UPLOAD_OPERATIONS.map((value) => ({ label: value, value })),
      'create new documents, update existing ones (by URL), or upsert',
    ));
  if (!mode) return undefined;
  if (dataset === undefined) return { target: { project }, mode };
  const options = await datasetOptions(given);
  if (!options) return undefined;
  return {
    target: {
      project,
      dataset,
      ...(options.includes('annotate') ? { annotate: 'sentiment' as const } : {}),
      ...(options.includes('returnEntry') ? { returnEntry: RETURN_ENTRY } : {}),
    },
    mode,
    ...(templateId === undefined ? {} : { templateId }),
  };
}

/** The plan as a request: a retry goes where the upload went, as it went, without asking. */
export const requestOf = (plan: UploadPlan): UploadRequest => ({
  project: plan.target.project,
  dataset: plan.target.dataset ?? null,
  mode: plan.mode,
  annotate: plan.target.annotate !== undefined,
  returnEntry: plan.target.returnEntry !== undefined,
});

/** `project 7c1e-demo`, `dataset ds-survey of project p-insights`. */
export const describeTarget = (target: Pick<UploadTarget, 'project' | 'dataset'>) =>
  target.dataset === undefined
    ? `project ${target.project}`
    : `dataset ${target.dataset} of project ${target.project}`;
