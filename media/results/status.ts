// A run under way (a progress bar over the last answer, which stays until the new one comes) or
// failed: what the extension says went wrong, naming the call, with the actions that help (the
// named parameter's control says it too).
import type { FailureActionId } from './protocol';
import { el } from '../shared/dom';
import type { Failed, Model } from './state';

/** Asks the extension to take a failure's action, for the run that failed. */
export type FailureActionHandler = (runId: string, action: FailureActionId) => void;

export function renderStatus(model: Model, act: FailureActionHandler): HTMLElement | null {
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
  return model.failed ? renderFailure(model.failed, act) : null;
}

function renderFailure(failed: Failed, act: FailureActionHandler): HTMLElement {
  const { message, detail, parameter, actions, run } = failed;
  return el(
    'div',
    { className: 'status failed', attributes: { role: 'alert', 'data-run': run.id } },
    el(
      'p',
      { className: 'failure-message' },
      el('strong', {}, 'Failed: '),
      message,
      parameter ? el('span', { className: 'muted' }, ` (parameter ${parameter})`) : null,
    ),
    detail ? el('p', { className: 'failure-detail' }, detail) : null,
    actions.length > 0
      ? el(
          'div',
          {
            className: 'failure-actions',
            attributes: { role: 'group', 'aria-label': 'What helps' },
          },
          ...actions.map((action) =>
            el(
              'button',
              {
                attributes: { type: 'button' },
                listeners: { click: () => act(run.id, action.id) },
              },
              action.title,
            ),
          ),
        )
      : null,
  );
}
