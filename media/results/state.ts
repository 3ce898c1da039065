// What the panel shows, as one immutable model: the last answer, the run under way or failed,
// what the panel asked for and awaits, the zoom undo stack and the table toggle. Messages from
// the extension become a new model here (no DOM); the view renders whatever the model says.
import {
  sameQuestion,
  type FromPanel,
  type HistogramParameters,
  type PanelState,
  type ToPanel,
} from './protocol';

export type Shown = Extract<ToPanel, { type: 'show' }>;
export type Running = Extract<ToPanel, { type: 'running' }>;
export type Failed = Extract<ToPanel, { type: 'failed' }>;
export type RerunView = Extract<FromPanel, { type: 'rerun' }>['view'];

export interface Model {
  readonly shown?: Shown;
  readonly pinned: boolean;
  readonly running?: Running;
  readonly failed?: Failed;
  /** The last rerun sent and not yet answered: the controls keep showing it, errors land on it. */
  readonly pending?: RerunView;
  /** A histogram's parameters before each zoom, newest last (Undo zoom). */
  readonly zooms: readonly HistogramParameters[];
  /** Charts shown as tables. */
  readonly tableView: boolean;
}

export function initialModel(kept: PanelState | undefined): Model {
  return {
    ...(kept?.show ? { shown: kept.show } : {}),
    pinned: kept?.pinned ?? false,
    zooms: [],
    tableView: false,
  };
}

/** Whether two answers are about the same thing (a zoom or a control change, not a new run). */
function sameSubject(before: Shown | undefined, after: Shown): boolean {
  if (!before) return false;
  const kind = (shown: Shown) =>
    shown.view.kind === 'histogram' ? `histogram:${shown.view.histogramType}` : shown.view.kind;
  const target = (shown: Shown) =>
    shown.run.target.kind === 'project' ? shown.run.target.id : 'global';
  return (
    before.run.query === after.run.query &&
    target(before) === target(after) &&
    kind(before) === kind(after)
  );
}

/** The model after a message from the extension. Answers to a run older than the one under way are ignored. */
export function receive(model: Model, message: ToPanel): Model {
  switch (message.type) {
    case 'pinned':
      return { ...model, pinned: message.pinned };
    case 'running':
      return { ...model, running: message, failed: undefined };
    case 'show': {
      if (model.running && model.running.run.id !== message.run.id) return model;
      return {
        ...model,
        shown: message,
        running: undefined,
        failed: undefined,
        pending: undefined,
        zooms: sameSubject(model.shown, message) ? model.zooms : [],
      };
    }
    case 'failed': {
      if (model.running && model.running.run.id !== message.run.id) return model;
      // A failed control change keeps the answer it would have changed, with the failure next to
      // its parameter; a failure of another question leaves no answer under its title.
      if (model.shown && sameQuestion(model.shown.run, message.run))
        return { ...model, failed: message, running: undefined };
      const { shown: _dropped, pending: _pending, ...rest } = model;
      return { ...rest, failed: message, running: undefined, zooms: [] };
    }
  }
}

/** What survives a window reload (webview state). */
export function keptState(model: Model): PanelState {
  return { ...(model.shown ? { show: model.shown } : {}), pinned: model.pinned };
}

export class Store {
  private listeners: ((model: Model, before: Model) => void)[] = [];

  constructor(private current: Model) {}

  get model(): Model {
    return this.current;
  }

  set(next: Model): void {
    if (next === this.current) return;
    const before = this.current;
    this.current = next;
    for (const listener of this.listeners) listener(next, before);
  }

  subscribe(listener: (model: Model, before: Model) => void): void {
    this.listeners.push(listener);
  }
}
