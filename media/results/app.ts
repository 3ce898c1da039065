// The panel: the model, the extension's messages into it, and each part drawn from it: header,
// status, controls, and the view (drawn again only when the answer, the table toggle or the
// theme changes, so a chart is not rebuilt for a progress bar).
import { zoomInterval } from '../../core/api/histogramBins';
import { checkHistogram } from '../../core/api/histogramRules';
import { sameQuestion, type FromPanel, type HistogramParameters } from './protocol';
import { renderControls } from './controls';
import { closeMenu, type MenuItem } from './drillMenu';
import { el, replace } from '../shared/dom';
import { renderHeader } from './header';
import type { Messaging } from './messaging';
import type { Rendered } from './rendered';
import { initialModel, keptState, receive, Store, type Model, type RerunView } from './state';
import { renderStatus } from './status';
import { watchTheme } from './theme';
import { isChart, renderView } from './view';

/** Below this a chart has no room for its axes: the panel scrolls instead. */
const MIN_CHART_WIDTH = 200;

export function startApp(root: HTMLElement, messaging: Messaging): void {
  const store = new Store(initialModel(messaging.restore()));
  const post = (message: FromPanel) => messaging.post(message);
  const header = el('div', { className: 'header-slot' });
  const status = el('div', { className: 'status-slot' });
  const controls = el('div', { className: 'controls-slot' });
  const content = el('div', { className: 'content' });
  // The answer first, where the eye goes; the controls that change it below.
  replace(root, header, status, content, controls);

  let rendered: Rendered | undefined;
  let renderedFor: { shown: Model['shown']; table: boolean } | undefined;

  const send = (view: RerunView, zooms: readonly HistogramParameters[] = store.model.zooms) => {
    store.set({ ...store.model, pending: view, zooms, failed: undefined });
    post({ type: 'rerun', view });
  };

  function zoom(from: number, to: number): void {
    const shown = store.model.shown;
    if (shown?.view.kind !== 'histogram') return;
    const before =
      store.model.pending?.kind === 'histogram'
        ? store.model.pending.parameters
        : shown.view.parameters;
    const timeZone = before.timezone ?? 'UTC';
    // A zoom gives min and max, so no time_range, and no forecast (it needs no max).
    const { time_range: _range, forecast_days: _forecast, ...rest } = before;
    const parameters = { ...rest, min: from, max: to, interval: zoomInterval(from, to, timeZone) };
    const context = { now: Date.now(), project: shown.run.target.kind === 'project' };
    if (
      checkHistogram(shown.view.histogramType, parameters, context).some(
        (problem) => problem.severity === 'error',
      )
    )
      return;
    send({ kind: 'histogram', histogramType: shown.view.histogramType, parameters }, [
      ...store.model.zooms,
      before,
    ]);
  }

  function undoZoom(): void {
    const { shown, zooms } = store.model;
    const previous = zooms[zooms.length - 1];
    if (shown?.view.kind !== 'histogram' || !previous) return;
    send(
      { kind: 'histogram', histogramType: shown.view.histogramType, parameters: previous },
      zooms.slice(0, -1),
    );
  }

  function exportItems(): MenuItem[] {
    const png = rendered?.png;
    return [
      ...(png
        ? [{ label: 'PNG image', run: () => post({ type: 'exportPng', dataUrl: png() }) }]
        : []),
      { label: 'CSV', run: () => post({ type: 'export', format: 'csv' }) },
      { label: 'JSON', run: () => post({ type: 'export', format: 'json' }) },
    ];
  }

  function drawView(model: Model, force: boolean): void {
    const shown = model.shown;
    // Without an answer the content is a line of text, cheap to redo (it depends on `running`).
    const same = renderedFor?.shown === shown && renderedFor?.table === model.tableView;
    if (!force && shown && same) return;
    closeMenu();
    rendered?.destroy?.();
    rendered = undefined;
    renderedFor = { shown, table: model.tableView };
    if (!shown) {
      replace(
        content,
        model.running || model.failed
          ? null
          : el(
              'p',
              { className: 'empty' },
              'Run a rule or a query to see its histogram, influencers or results here.',
            ),
      );
      return;
    }
    // Drawn into the page first, so that a chart can take the width it has.
    replace(content);
    // The chart takes the panel's width, however narrow (it follows later changes itself).
    const width = Math.max(MIN_CHART_WIDTH, content.clientWidth || root.clientWidth - 32);
    const started = performance.now();
    rendered = renderView(
      shown,
      { post, rerun: (view) => send(view), zoom },
      model.tableView,
      width,
    );
    content.appendChild(rendered.element);
    const renderMs = performance.now() - started;
    content.dataset.renderMs = renderMs.toFixed(2);
    content.dataset.run = shown.run.id;
    post({ type: 'drawn', runId: shown.run.id, renderMs });
  }

  function render(model: Model, before: Model | undefined): void {
    const shown = model.shown;
    // The header names what the page shows: while another question runs, the answer below is
    // still the last one's (the status line names the run under way).
    const running = model.running?.run;
    const run =
      running && (!shown || sameQuestion(running, shown.run))
        ? running
        : (shown?.run ?? model.failed?.run);
    replace(
      header,
      run
        ? renderHeader(
            run,
            shown
              ? {
                  pinned: model.pinned,
                  togglePin: () => post({ type: 'pin', pinned: !store.model.pinned }),
                  exports: exportItems,
                  copyCurl: () => post({ type: 'copyCurl' }),
                  ...(isChart(shown)
                    ? {
                        table: {
                          on: model.tableView,
                          toggle: () =>
                            store.set({ ...store.model, tableView: !store.model.tableView }),
                        },
                      }
                    : {}),
                  ...(model.zooms.length > 0
                    ? { undoZoom: { depth: model.zooms.length, undo: undoZoom } }
                    : {}),
                }
              : undefined,
          )
        : null,
    );
    replace(
      status,
      renderStatus(model, (runId, action) => post({ type: 'failureAction', runId, action })),
    );
    if (!before || before.shown !== model.shown || before.failed !== model.failed) {
      const focused = (document.activeElement as HTMLElement | null)
        ?.closest('[data-parameter]')
        ?.getAttribute('data-parameter');
      replace(controls, shown ? renderControls(shown, model, (view) => send(view)) : null);
      if (focused)
        controls
          .querySelector<HTMLElement>(
            `[data-parameter="${CSS.escape(focused)}"] input, [data-parameter="${CSS.escape(focused)}"] select, [data-parameter="${CSS.escape(focused)}"] summary`,
          )
          ?.focus();
    }
    root.classList.toggle('busy', model.running !== undefined);
    root.setAttribute('aria-busy', String(model.running !== undefined));
    drawView(model, false);
  }

  store.subscribe((model, before) => {
    if (model.shown !== before.shown || model.pinned !== before.pinned)
      messaging.save(keptState(model));
    render(model, before);
  });
  messaging.listen((message) => store.set(receive(store.model, message)));
  watchTheme(() => drawView(store.model, true));
  render(store.model, undefined);
  post({ type: 'ready' });
}
