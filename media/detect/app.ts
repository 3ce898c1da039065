// The panel: a header saying what ran on what, then the answer: for logos the image with its
// boxes and the filters (confidence slider, a toggle per logo), for scenes the list with bars.
// A newer run replaces what is shown; an answer to an older run is ignored.
import { counted } from '../../core/plural';
import { el, replace } from '../shared/dom';
import type { DetectionRun, ToDetectPanel } from './protocol';
import { renderFilters, type Filters } from './filters';
import type { Messaging } from './messaging';
import { renderOverlay } from './overlay';
import { renderScenes } from './scenes';

const KIND_TITLES = { logo: 'Logos', scene: 'Scenes' } as const;

function header(run: DetectionRun, facts: readonly string[]): HTMLElement {
  return el(
    'header',
    { className: 'header' },
    el('h1', {}, `${KIND_TITLES[run.kind]} in `, el('span', { className: 'source' }, run.source)),
    el(
      'div',
      { className: 'facts' },
      run.sandbox ? el('span', { className: 'badge' }, 'Sandbox') : null,
      run.logos.length > 0 ? el('span', {}, `Only ${run.logos.join(', ')}`) : null,
      ...facts.map((fact) => el('span', {}, fact)),
    ),
  );
}

export function startDetectApp(root: HTMLElement, messaging: Messaging): void {
  let current: string | undefined;
  /** Runs a newer one replaced: their late answers are ignored. */
  const superseded = new Set<string>();

  function show(message: ToDetectPanel): void {
    const { id } = message.run;
    if (superseded.has(id)) return;
    if (current !== undefined && current !== id) superseded.add(current);
    current = id;
    if (message.type === 'running') {
      replace(root, header(message.run, []), el('p', { className: 'status muted' }, 'Detecting…'));
      return;
    }
    if (message.type === 'failed') {
      replace(
        root,
        header(message.run, []),
        el('p', { className: 'error', attributes: { role: 'alert' } }, message.message),
      );
      return;
    }
    const { run, view } = message;
    const count = view.matches.length;
    const facts = [
      counted(
        count,
        `${run.kind === 'logo' ? 'logo' : 'scene'} match`,
        `${run.kind === 'logo' ? 'logo' : 'scene'} matches`,
      ),
      `${view.width} × ${view.height} px`,
    ];
    const content = el('div', { className: 'detection', attributes: { 'data-run': run.id } });
    let filters: Filters;
    if (run.kind === 'logo') {
      const overlay = renderOverlay(view);
      filters = renderFilters(view.matches, (visible) => overlay.filter(visible));
      replace(content, filters.element, overlay.element);
    } else {
      const scenes = renderScenes(view.matches);
      filters = renderFilters(view.matches, (visible) => scenes.filter(visible), false);
      replace(content, filters.element, scenes.element);
    }
    replace(
      root,
      header(run, facts),
      // The note is about the image and its boxes: scenes have neither.
      run.kind === 'logo' && view.note
        ? el('p', { className: 'detection-note muted' }, view.note)
        : null,
      count === 0 ? el('p', { className: 'status muted' }, 'Nothing was found.') : null,
      content,
    );
    messaging.post({ type: 'drawn', runId: run.id, visible: filters.visible() });
  }

  messaging.listen(show);
  messaging.post({ type: 'ready' });
}
