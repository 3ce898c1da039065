// A run under way (a progress bar over the last answer, which stays until the new one comes) or
// failed (what the extension says went wrong; the named parameter's control says it too).
import { el } from './dom';
import type { Model } from './state';

export function renderStatus(model: Model): HTMLElement | null {
  if (model.running) {
    return el(
      'div',
      { className: 'status running', attributes: { role: 'status' } },
      el('div', {
        className: 'progress',
        attributes: { role: 'progressbar', 'aria-label': `Running ${model.running.run.title}` },
      }),
      el(
        'span',
        {},
        `Running ${model.running.run.title}…${model.shown ? ' The last answer stays below until the new one arrives.' : ''}`,
      ),
    );
  }
  if (model.failed) {
    const { message, parameter } = model.failed;
    return el(
      'div',
      { className: 'status failed', attributes: { role: 'alert' } },
      el('strong', {}, 'Failed: '),
      message,
      parameter ? el('span', { className: 'muted' }, ` (parameter ${parameter})`) : null,
    );
  }
  return null;
}
