// The report's own undo: "Delete the N Applied Documents" takes what the upload applied out of
// search (the extension asks first, naming where and how many), and once some are deleted,
// "Undelete the N Deleted Documents" brings them back. While one runs its button waits; after,
// what it came to is said beside the button.
import { el } from '../shared/dom';
import type { RemovalAction, Removal, UploadReport } from './protocol';

const number = (n: number) => n.toLocaleString('en');

const deleteLabel = (n: number) =>
  n === 1 ? 'Delete the Applied Document' : `Delete the ${number(n)} Applied Documents`;
const undeleteLabel = (n: number) =>
  n === 1 ? 'Undelete the Deleted Document' : `Undelete the ${number(n)} Deleted Documents`;

function button(className: string, label: string, onClick?: () => void): HTMLButtonElement {
  return el(
    'button',
    {
      className,
      attributes: { type: 'button', disabled: onClick === undefined },
      ...(onClick ? { listeners: { click: onClick } } : {}),
    },
    label,
  );
}

/** The controls for the report's documents as the last removal left them. */
export function removalControls(
  report: UploadReport,
  removal: Removal | undefined,
  ask: (action: RemovalAction) => void,
): HTMLElement[] {
  if (removal?.running)
    return [button('removal-running', removal.action === 'delete' ? 'Deleting…' : 'Undeleting…')];
  const summary = removal?.summary
    ? [
        el(
          'span',
          { className: 'removal-summary', attributes: { role: 'status' } },
          removal.summary,
        ),
      ]
    : [];
  const deleted = removal?.deleted ?? 0;
  if (deleted > 0)
    return [button('undelete', undeleteLabel(deleted), () => ask('undelete')), ...summary];
  if (report.counts.applied > 0)
    return [
      button('delete-applied', deleteLabel(report.counts.applied), () => ask('delete')),
      ...summary,
    ];
  return summary;
}
