// Every message between the extension and the results panel, both ways, as discriminated unions
// with their schemas (zod/mini: small enough for the panel's bundle). Each side checks what
// arrives with `readToPanel` / `readFromPanel` and drops, with a logged reason, anything else:
// a webview is another process, and what it shows comes from the network (house style of
// src/shell/connection/sandboxMessages.ts). Imported by src/ and by the panel bundle (media/results/);
// it holds types, schemas and nothing with side effects.
import * as z from 'zod/mini';
import { HistogramResult, Influencer as ApiInfluencer } from '../../core/api/schemas/histogram';
import {
  HistogramRunParameters,
  InfluencerRunParameters,
  ResultsRunParameters,
} from '../../core/api/schemas/parameters';
import { read, type Read } from '../shared/checked';

export type { Read };

// ---- What a run is ---------------------------------------------------------------------------

/** Where a run looks: global data, or a project (then topic, filter, … controls apply). */
export const Target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('global') }),
  z.object({ kind: z.literal('project'), id: z.string(), name: z.string() }),
]);
export type Target = z.infer<typeof Target>;

/** The header of every view: which rule ran, where, and what it cost. */
export const RunInfo = z.object({
  /** Unique per run; answers to an older run are ignored. */
  id: z.string(),
  /** "acme-core", or "Selection" / "Typed query" when no rule. */
  title: z.string(),
  query: z.string(),
  target: Target,
  /** Credits the run spent (from the cost table), null while running or when unknown. */
  credits: z.nullable(z.number()),
  /** Against the embedded sandbox (the panel says so). */
  sandbox: z.boolean(),
  /** When the answer arrived, epoch ms. */
  at: z.number(),
});
export type RunInfo = z.infer<typeof RunInfo>;

// ---- The API's answers and parameters: core/api's own schemas (checked again on arrival) ------

export const Histogram = HistogramResult;
export type Histogram = z.infer<typeof Histogram>;
export type Bucket = Histogram['data'][number];

/** A histogram's parameters as the panel's controls hold them (core/api/schemas/parameters.ts). */
export const HistogramParameters = HistogramRunParameters;
export type HistogramParameters = z.infer<typeof HistogramParameters>;

/** An influencer as the service answers it: figures it leaves out read as 0 (influencers.ts). */
export const Influencer = ApiInfluencer;
export type Influencer = z.infer<typeof Influencer>;

export const InfluencerParameters = InfluencerRunParameters;
export type InfluencerParameters = z.infer<typeof InfluencerParameters>;

/**
 * A result document as the panel shows it, built by the extension from the API's record. Every
 * string is untrusted text; `titleSnippet` / `contentSnippet` hold the service's `<b>` marks,
 * which the panel renders as highlighting and nothing else.
 */
/** Offsets [start, end) of matched words in a text the panel has. */
const Marks = z.array(z.tuple([z.number(), z.number()]));

/**
 * Why the document matched, as our matcher reads it (core/lab/resultReading.ts): the rule's
 * operands that match it, marks in its title, an excerpt of its content around the matched
 * words, or, when no operand matches here, that the service's reading differs.
 */
export const ResultReading = z.object({
  operands: z.array(z.string()),
  titleMarks: Marks,
  excerpt: z.optional(z.object({ text: z.string(), marks: Marks })),
  unexplained: z.optional(z.string()),
});
export type ResultReading = z.infer<typeof ResultReading>;

export const ResultDocument = z.object({
  /** Absent for a social post the service knows only by its network's ids. */
  url: z.optional(z.string()),
  title: z.string(),
  titleSnippet: z.optional(z.string()),
  contentSnippet: z.optional(z.string()),
  source: z.string(),
  published: z.optional(z.number()),
  engagement: z.optional(z.number()),
  reach: z.optional(z.number()),
  lang: z.optional(z.string()),
  country: z.optional(z.string()),
  sentiment: z.optional(z.number()),
  reading: z.optional(ResultReading),
});
export type ResultDocument = z.infer<typeof ResultDocument>;

export const ResultsParameters = ResultsRunParameters;
export type ResultsParameters = z.infer<typeof ResultsParameters>;

/** Choices for the project controls (topic, filter, channel, panel, dataset). */
const Choice = z.object({ id: z.string(), title: z.string() });
export const ProjectChoices = z.object({
  topic: z.array(Choice),
  filter: z.array(Choice),
  channel: z.array(Choice),
  panel: z.array(Choice),
  dataset: z.array(Choice),
  /** Whether the project can forecast (forecast_days has a meaning). */
  forecast: z.boolean(),
});
export type ProjectChoices = z.infer<typeof ProjectChoices>;

/** What a panel shows: one of the API's answers with the parameters that produced it. */
export const View = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('histogram'),
    /** One of core/api's HISTOGRAM_TYPES. */
    histogramType: z.string(),
    parameters: HistogramParameters,
    result: Histogram,
  }),
  z.object({
    kind: z.literal('influencers'),
    parameters: InfluencerParameters,
    influencerType: z.string(),
    sortCriteria: z.string(),
    influencers: z.array(Influencer),
  }),
  z.object({
    kind: z.literal('results'),
    parameters: ResultsParameters,
    documents: z.array(ResultDocument),
    /** All matching documents; the panel says "showing N of M", never a silent cap. */
    total: z.number(),
  }),
]);
export type View = z.infer<typeof View>;

/** A part of an answer the user picked in a chart or table (drill down). */
export const Slice = z.discriminatedUnion('kind', [
  /** A time range, epoch ms, end exclusive (a bucket, or a range dragged across). */
  z.object({ kind: z.literal('time'), from: z.number(), to: z.number() }),
  /** A numeric bucket of a numeric histogram: [from, to). */
  z.object({
    kind: z.literal('number'),
    histogramType: z.string(),
    from: z.number(),
    to: z.number(),
  }),
  /** A key of a distribution or a breakdown value: `language` `de`, `sentiment` `POSITIVE`. */
  z.object({ kind: z.literal('key'), histogramType: z.string(), key: z.string() }),
]);
export type Slice = z.infer<typeof Slice>;

/** Whether two runs ask the same thing (the same rule or query, answer and target): a control's
 * change or a zoom, not another question. A panel shows an answer under the title of its own
 * question only. */
export function sameQuestion(a: RunInfo, b: RunInfo): boolean {
  const target = (run: RunInfo) => (run.target.kind === 'project' ? run.target.id : 'global');
  return a.title === b.title && a.query === b.query && target(a) === target(b);
}

/** What a failed run's panel offers; the extension says which, and checks the one chosen. */
export const FailureActionId = z.enum([
  /** Runs it again (connecting again first when there is no connection). */
  'retry',
  'setToken',
  'useSandbox',
  'startSandbox',
  'openSettings',
  'refreshCredits',
  'showLog',
]);
export type FailureActionId = z.infer<typeof FailureActionId>;

// ---- Extension → panel -----------------------------------------------------------------------

export const ToPanel = z.discriminatedUnion('type', [
  /** A run started: show its header and a progress state; keep the last view until it ends. */
  z.object({
    type: z.literal('running'),
    run: RunInfo,
    kind: z.enum(['histogram', 'influencers', 'results']),
  }),
  /** A run's answer. `choices` when the target is a project. */
  z.object({
    type: z.literal('show'),
    run: RunInfo,
    view: View,
    choices: z.optional(ProjectChoices),
  }),
  /**
   * A run failed or was refused before the call: what is wrong (naming the call), why in more
   * words when there is more to say, which parameter if one, and the actions that help.
   */
  z.object({
    type: z.literal('failed'),
    run: RunInfo,
    message: z.string(),
    detail: z.optional(z.string()),
    parameter: z.optional(z.string()),
    actions: z.array(z.object({ id: FailureActionId, title: z.string() })),
  }),
  /** Whether this panel is pinned (new runs then open another). */
  z.object({ type: z.literal('pinned'), pinned: z.boolean() }),
]);
export type ToPanel = z.infer<typeof ToPanel>;

// ---- Panel → extension -----------------------------------------------------------------------

export const FromPanel = z.discriminatedUnion('type', [
  /** The panel's script runs and listens: the extension may send. */
  z.object({ type: z.literal('ready') }),
  /** A control changed: run again with these parameters (after the credit confirmation). */
  z.object({
    type: z.literal('rerun'),
    view: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('histogram'),
        histogramType: z.string(),
        parameters: HistogramParameters,
      }),
      z.object({ kind: z.literal('influencers'), parameters: InfluencerParameters }),
      z.object({ kind: z.literal('results'), parameters: ResultsParameters }),
    ]),
  }),
  /** Drill down: open that slice's results, or add it to the query as a new rule in the file. */
  z.object({ type: z.literal('drill'), action: z.enum(['results', 'addRule']), slice: Slice }),
  /** Open a document's URL in the browser (the extension asks VS Code; webviews cannot). */
  z.object({ type: z.literal('openUrl'), url: z.string() }),
  /** Open the n-th document of the shown results as read-only JSON. */
  z.object({ type: z.literal('openDocument'), index: z.number() }),
  /** Save the shown data through a save dialog (downloads in webviews are unreliable). */
  z.object({ type: z.literal('export'), format: z.enum(['csv', 'json']) }),
  /** Save the chart as drawn: a PNG data URL from the panel's canvas. */
  z.object({ type: z.literal('exportPng'), dataUrl: z.string() }),
  /** Copy the run's request as a curl command (a service's token left to a shell variable). */
  z.object({ type: z.literal('copyCurl') }),
  /** One of the actions a failure offered, for that failed run. */
  z.object({ type: z.literal('failureAction'), runId: z.string(), action: FailureActionId }),
  /** Pin or unpin this panel. */
  z.object({ type: z.literal('pin'), pinned: z.boolean() }),
  /** A run's answer is drawn (for the log and the benchmark: how long it took). */
  z.object({ type: z.literal('drawn'), runId: z.string(), renderMs: z.number() }),
]);
export type FromPanel = z.infer<typeof FromPanel>;

/** What a panel keeps for a window reload (webview state): its last message of each kind. */
export const PanelState = z.object({
  show: z.optional(
    z.extend(z.object({ type: z.literal('show') }), {
      run: RunInfo,
      view: View,
      choices: z.optional(ProjectChoices),
    }),
  ),
  pinned: z.optional(z.boolean()),
});
export type PanelState = z.infer<typeof PanelState>;

export const readToPanel = (value: unknown): Read<ToPanel> => read(ToPanel, value);
export const readFromPanel = (value: unknown): Read<FromPanel> => read(FromPanel, value);
export const readPanelState = (value: unknown): Read<PanelState> => read(PanelState, value);
