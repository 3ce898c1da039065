// A control for every parameter of the view shown (api.md's histogram, top influencers and
// results parameters; in projects the topic, filter, channel, panel and dataset choices). A
// change is checked with core/api/histogramRules first: a request the service would refuse
// (more than 400 bins, top_n outside ]0, 100], …) is not sent, and why is said next to the
// control; otherwise the panel asks the extension to run again (it confirms the credits).
import { counted } from '../../core/plural';
import {
  binCount,
  checkHistogram,
  checkInfluencers,
  checkResults,
  forecastBlocker,
  HITS_PER_PAGE_MAX,
  MAX_BINS,
  representationOf,
  type Problem,
  type RuleContext,
} from '../../core/api/histogramRules';
import {
  BREAKDOWNS,
  CALENDAR_INTERVALS,
  INFLUENCER_TYPES,
  NUMERIC_TYPES,
  PERCENTAGE_RELATIONS,
  PROJECT_BREAKDOWNS,
  PROJECT_SCOPES,
  SORT_BY,
  SORT_CRITERIA,
  SORT_ORDERS,
  TOKENIZING_MODES,
} from '../../core/api/parameterValues';
import { instantOf } from '../../core/api/wallTime';
import type { HistogramParameters, InfluencerParameters, ResultsParameters } from './protocol';
import { bucketWidth } from '../tables/numericTable';
import { el } from '../shared/dom';
import {
  numberField,
  numberOf,
  onCommit,
  selectField,
  textField,
  valueOf,
  type Field,
} from './labelledControl';
import { toLocalInput } from './panelNumbers';
import { scopePicker } from './scopePicker';
import type { Model, RerunView, Shown } from './state';

interface ErrorTarget {
  readonly name: string;
  setError(message: string | undefined, severity?: 'error' | 'note'): void;
}

const choicesOf = (values: readonly string[], none?: string) => [
  ...(none === undefined ? [] : [{ value: '', label: none }]),
  ...values.map((value) => ({ value, label: value })),
];

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value read in the histogram's timezone (epoch ms), NaN when unreadable. */
export function readLocalTime(text: string | undefined, timeZone: string): number | undefined {
  if (text === undefined) return undefined;
  const match = LOCAL_TIME.exec(text);
  if (!match) return NaN;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return instantOf(
    {
      year: year ?? 0,
      month: (month ?? 1) - 1,
      day: day ?? 1,
      hour: hour ?? 0,
      minute: minute ?? 0,
      second: second ?? 0,
    },
    timeZone,
  );
}

/** Leaves out parameters set to undefined, so that the message holds only what was given. */
function compact<T extends object>(parameters: T): T {
  return Object.fromEntries(
    Object.entries(parameters).filter(([, value]) => value !== undefined),
  ) as T;
}

export function renderControls(
  shown: Shown,
  model: Model,
  send: (view: RerunView) => void,
): HTMLElement {
  const targets = new Map<string, ErrorTarget>();
  const status = el('div', { className: 'controls-status', attributes: { role: 'status' } });
  const project = shown.run.target.kind === 'project';
  const choices = shown.choices;

  /** Shows every problem next to its control; true when nothing forbids sending. */
  function report(problems: readonly Problem[]): boolean {
    for (const target of targets.values()) target.setError(undefined);
    const errors = problems.filter((problem) => problem.severity === 'error');
    for (const problem of problems) {
      const target = targets.get(problem.parameter);
      target?.setError(`${problem.parameter}: ${problem.message}`, problem.severity);
    }
    status.textContent =
      errors.length > 0
        ? `Not run: ${errors.map((problem) => `${problem.parameter}: ${problem.message}`).join('; ')}`
        : '';
    return errors.length === 0;
  }

  const form = el('form', {
    className: 'controls',
    attributes: { 'aria-label': 'Parameters', novalidate: true },
    listeners: { submit: (event) => event.preventDefault() },
  });
  const register = (target: ErrorTarget) => targets.set(target.name, target);
  const add = (target: ErrorTarget & { element: HTMLElement }) => {
    register(target);
    form.appendChild(target.element);
  };

  const scope = (
    current: readonly string[] | undefined,
    name: (typeof PROJECT_SCOPES)[number],
    apply: (ids: string[] | undefined) => void,
  ) => {
    // A project's topics, filters, … mean nothing over global data, whatever choices came along.
    const list = project ? choices?.[name] : undefined;
    if (!list || list.length === 0) return;
    add(scopePicker(name, scopeLabel(name), list, current ?? [], apply));
  };

  const view = shown.view;
  if (view.kind === 'histogram') {
    const pending = model.pending?.kind === 'histogram' ? model.pending.parameters : undefined;
    const current: HistogramParameters = pending ?? view.parameters;
    const type = view.histogramType;
    const ks = view.result.data.flatMap((bucket) => (bucket.k === undefined ? [] : [bucket.k]));
    const width = bucketWidth(ks, view.parameters.interval);
    const context: RuleContext = {
      now: Date.now(),
      project,
      ...(choices ? { forecasting: choices.forecast } : {}),
      ...(ks.length > 0
        ? { dataRange: { min: ks[0] as number, max: (ks[ks.length - 1] as number) + width } }
        : {}),
    };
    const submit = (changes: Partial<HistogramParameters>) => {
      const next = compact({ ...current, ...changes });
      if (report(checkHistogram(type, next, context)))
        send({ kind: 'histogram', histogramType: type, parameters: next });
    };
    histogramFields(type, view.result.data.length, current, context, add, register, submit);
    for (const name of PROJECT_SCOPES) scope(current[name], name, (ids) => submit({ [name]: ids }));
    // Notes (a forecast that will not be made) show at once, before any change.
    report(checkHistogram(type, current, context));
  } else if (view.kind === 'influencers') {
    const pending = model.pending?.kind === 'influencers' ? model.pending.parameters : undefined;
    const current: InfluencerParameters = pending ?? view.parameters;
    const submit = (changes: Partial<InfluencerParameters>) => {
      const next = compact({ ...current, ...changes });
      if (report(checkInfluencers(next))) send({ kind: 'influencers', parameters: next });
    };
    const topN = numberField('top_n', 'Top', current.top_n, 'How many: 1 to 100 (default 10)', {
      min: 1,
      max: 100,
      placeholder: '10',
    });
    onCommit(topN, () => submit({ top_n: numberOf(topN) }));
    add(topN);
    const range = textField(
      'time_range',
      'Last',
      current.time_range,
      'A number and s, m, h, d, w or M (7d, 12h, 1M); empty: the service’s default',
      { placeholder: 'none', size: 6 },
    );
    onCommit(range, () => submit({ time_range: valueOf(range) }));
    add(range);
    const kind = selectField(
      'influencer_type',
      'Influencers',
      current.influencer_type ?? view.influencerType.toLowerCase(),
      choicesOf(INFLUENCER_TYPES),
      'Authors or sources',
    );
    onCommit(kind, () => submit({ influencer_type: valueOf(kind) }));
    add(kind);
    const criterion = selectField(
      'sort_criteria',
      'Ranked by',
      current.sort_criteria ?? view.sortCriteria.toLowerCase(),
      choicesOf(SORT_CRITERIA),
      'The service ranks, always descending',
    );
    onCommit(criterion, () => submit({ sort_criteria: valueOf(criterion) }));
    add(criterion);
    for (const name of PROJECT_SCOPES) scope(current[name], name, (ids) => submit({ [name]: ids }));
  } else {
    const pending = model.pending?.kind === 'results' ? model.pending.parameters : undefined;
    const current: ResultsParameters = pending ?? view.parameters;
    const submit = (changes: Partial<ResultsParameters>) => {
      const next = compact({ ...current, ...changes });
      if (report(checkResults(next))) send({ kind: 'results', parameters: next });
    };
    const sortBy = selectField('sort_by', 'Sort by', current.sort_by, choicesOf(SORT_BY), '');
    onCommit(sortBy, () => submit({ sort_by: valueOf(sortBy), offset: 0 }));
    add(sortBy);
    const order = selectField(
      'sort_order',
      'Order',
      current.sort_order,
      choicesOf(SORT_ORDERS),
      '',
    );
    onCommit(order, () => submit({ sort_order: valueOf(order), offset: 0 }));
    add(order);
    const hpp = numberField(
      'hpp',
      'Per page',
      current.hpp,
      `1 to ${HITS_PER_PAGE_MAX}; each result costs a credit`,
      { min: 1, max: HITS_PER_PAGE_MAX },
    );
    onCommit(hpp, () => submit({ hpp: numberOf(hpp) ?? 10, offset: 0 }));
    add(hpp);
    register({ name: 'offset', setError: (message) => hpp.setError(message) });
    scope(current.topic, 'topic', (ids) => submit({ topic: ids, offset: 0 }));
  }

  const failed = model.failed;
  if (failed?.parameter) {
    const target = targets.get(failed.parameter);
    target?.setError(`${failed.parameter}: ${failed.message}`);
  }
  form.appendChild(status);
  return form;
}

function scopeLabel(name: string): string {
  return (
    {
      topic: 'Topics',
      filter: 'Filters',
      channel: 'Channels',
      panel: 'Panels',
      dataset: 'Datasets',
    }[name] ?? name
  );
}

type Add = (target: ErrorTarget & { element: HTMLElement }) => void;

function histogramFields(
  type: string,
  shownBins: number,
  current: HistogramParameters,
  context: RuleContext,
  add: Add,
  register: (target: ErrorTarget) => void,
  submit: (changes: Partial<HistogramParameters>) => void,
): void {
  const representation = representationOf(type);
  if (representation === 'time' || representation === 'numeric') {
    const time = representation === 'time';
    const timeZone = current.timezone ?? 'UTC';
    const range = el(
      'fieldset',
      { className: 'range' },
      el('legend', {}, time ? `Range (${timeZone})` : `Range of ${type}`),
    );
    const min = time
      ? textField(
          'min',
          'From',
          current.min === undefined ? undefined : toLocalInput(current.min, timeZone),
          '',
          { type: 'datetime-local' },
        )
      : numberField('min', 'From', current.min, '', { placeholder: 'lowest' });
    const max = time
      ? textField(
          'max',
          'To',
          current.max === undefined ? undefined : toLocalInput(current.max, timeZone),
          '',
          { type: 'datetime-local' },
        )
      : numberField('max', 'To (excluded)', current.max, '', { placeholder: 'highest' });
    const last = time
      ? textField('time_range', 'or the last', current.time_range, '', {
          placeholder: '7d',
          size: 5,
        })
      : undefined;
    const apply = el('button', { attributes: { type: 'button' } }, 'Apply range');
    const read = (field: Field) =>
      time ? readLocalTime(valueOf(field), timeZone) : numberOf(field);
    const rangeForm = el(
      'div',
      { className: 'range-fields' },
      min.element,
      max.element,
      last?.element,
      apply,
    );
    range.append(
      rangeForm,
      el(
        'div',
        { className: 'hint' },
        time
          ? `Times in ${timeZone}. Empty: the service’s default (the 8 days up to tomorrow). Or a time range: a number and s, m, h, d, w or M.`
          : 'Empty: the data’s own range.',
      ),
    );
    apply.addEventListener('click', (event) => {
      event.preventDefault();
      submit({ min: read(min), max: read(max), time_range: last ? valueOf(last) : undefined });
    });
    for (const field of [min, max, last]) {
      if (!field) continue;
      field.control.addEventListener('keydown', (event) => {
        if ((event as KeyboardEvent).key === 'Enter') apply.click();
      });
    }
    add({
      name: 'min',
      element: range,
      setError: (message, severity) => min.setError(message, severity),
    });
    register({ name: 'max', setError: (message, severity) => max.setError(message, severity) });
    if (last)
      register({
        name: 'time_range',
        setError: (message, severity) => last.setError(message, severity),
      });

    const interval = time
      ? textField('interval', 'Interval', current.interval, '', {
          placeholder: 'dynamic',
          suggestions: [...CALENDAR_INTERVALS, '15m', '6h', '12h', '1d', '2d', '1w'],
          size: 8,
        })
      : numberField(
          'interval',
          'Interval',
          current.interval === undefined ? undefined : Number(current.interval),
          '',
          { min: 1, placeholder: 'dynamic' },
        );
    const binsHint = (value: string | undefined) => {
      // A numeric histogram's dynamic interval is the service's choice: the answer says how many.
      const count =
        binCount(type, { ...current, interval: value }, context) ??
        (value === undefined ? shownBins : undefined);
      const bins =
        count === undefined
          ? ''
          : `${value === undefined ? 'dynamic: ' : ''}${counted(count, 'bin')}; at most ${MAX_BINS}. `;
      return `${bins}${time ? 'year … second, or a number and w, d, h, m, s (5d, 12h).' : 'A whole number: the width of a bucket.'}`;
    };
    interval.setHint(binsHint(current.interval));
    interval.control.addEventListener('input', () => interval.setHint(binsHint(valueOf(interval))));
    onCommit(interval, () => submit({ interval: valueOf(interval) }));
    add(interval);

    if (!time) {
      // Numeric histograms' min and max are values of the metric; time_range limits the documents.
      const within = textField(
        'time_range',
        'Last',
        current.time_range,
        'Documents of the last 7d, 12h, 1M, …; empty: all',
        { placeholder: 'all', size: 6 },
      );
      onCommit(within, () => submit({ time_range: valueOf(within) }));
      add(within);
    }
    if (time) {
      const zone = textField(
        'timezone',
        'Timezone',
        current.timezone,
        'A tz database name; day bins start at its midnight',
        {
          placeholder: 'UTC',
          suggestions: [
            'UTC',
            'Europe/Berlin',
            'Europe/London',
            'America/New_York',
            'America/Los_Angeles',
            'Asia/Tokyo',
            'Australia/Sydney',
          ],
          size: 14,
        },
      );
      onCommit(zone, () => submit({ timezone: valueOf(zone) }));
      add(zone);
      const breakdowns = context.project
        ? BREAKDOWNS
        : BREAKDOWNS.filter((name) => !(PROJECT_BREAKDOWNS as readonly string[]).includes(name));
      const breakdown = selectField(
        'breakdown',
        'Breakdown',
        current.breakdown,
        choicesOf(breakdowns, 'none'),
        'One line per value',
      );
      onCommit(breakdown, () => submit({ breakdown: valueOf(breakdown) }));
      add(breakdown);
      const metric = selectField(
        'value_type',
        'Statistics of',
        current.value_type,
        choicesOf(NUMERIC_TYPES, 'none'),
        'count, min, max, avg, sum per bucket, in the tooltip',
      );
      onCommit(metric, () => submit({ value_type: valueOf(metric) }));
      add(metric);
      if (context.project) {
        const blocker = forecastBlocker(type, current, context);
        const days = numberField(
          'forecast_days',
          'Forecast days',
          current.forecast_days,
          blocker ? `1 to 90; now ${blocker}` : '1 to 90 days after the last bucket',
          { min: 1, max: 90, placeholder: 'none' },
        );
        onCommit(days, () => submit({ forecast_days: numberOf(days) }));
        add(days);
      }
    }
    return;
  }
  const topN = representation === 'topN';
  if (topN) {
    const count = numberField(
      'top_n',
      'Top',
      current.top_n,
      'How many buckets: 1 to 100 (default 10)',
      { min: 1, max: 100, placeholder: '10' },
    );
    onCommit(count, () => submit({ top_n: numberOf(count) }));
    add(count);
  }
  const last = textField(
    'time_range',
    'Last',
    current.time_range,
    'A number and s, m, h, d, w or M (7d, 12h, 1M)',
    { placeholder: 'all', size: 6 },
  );
  onCommit(last, () => submit({ time_range: valueOf(last) }));
  add(last);
  if (type === 'theme_cloud') {
    const mode = selectField(
      'tokenizing_mode',
      'Tokenizing',
      current.tokenizing_mode ?? 'normal',
      choicesOf(TOKENIZING_MODES),
      'Words, two- or three-word groups, noun or verb phrases',
    );
    onCommit(mode, () => submit({ tokenizing_mode: valueOf(mode) }));
    add(mode);
    const relation = selectField(
      'percentage_relation',
      'Share of',
      current.percentage_relation ?? 'breakdown',
      choicesOf(PERCENTAGE_RELATIONS),
      'What the shares are relative to',
    );
    onCommit(relation, () => submit({ percentage_relation: valueOf(relation) }));
    add(relation);
  }
}
