// The words of a delete or an undelete in VS Code: the question before it (where, how many, what
// was left out of the list, how long the rate limit makes it) and the per-URL summary after it
// (deleted, refused with the service's reason, not sent). No VS Code import: plain text.
import { counted } from '../../../core/plural';
import { LIMITS_PER_MINUTE } from '../../../core/api/limits';
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import {
  describeRemovals,
  REMOVAL_FATES,
  type RemovalCounts,
  type RemovalLine,
} from '../../../core/uploads/removal';
import type { UrlList } from '../../../core/uploads/urlList';

const number = (n: number) => n.toLocaleString('en');
const documents = (n: number) => counted(n, 'document');

/** `Delete 3 documents from project 7c1e-demo?` */
export const removalQuestion = (action: DocumentRemoval, count: number, where: string) =>
  action === 'delete'
    ? `Delete ${documents(count)} from ${where}?`
    : `Undelete ${documents(count)} in ${where}?`;

/** Problems shown in a question at most; the rest are counted. */
const PROBLEMS_SHOWN = 3;

/** What the question says besides: what it does, what the list left out, how long it takes. */
export function removalDetail(
  action: DocumentRemoval,
  list: Pick<UrlList, 'urls' | 'problems' | 'repeated' | 'notApplied'>,
  note?: string,
): string {
  const perMinute = LIMITS_PER_MINUTE.upload;
  const minutes = Math.ceil(list.urls.length / perMinute);
  const problems = list.problems
    .slice(0, PROBLEMS_SHOWN)
    .map((problem) => `line ${problem.line}: ${problem.message}`);
  const more = list.problems.length - problems.length;
  return [
    action === 'delete'
      ? 'They leave search; Undelete Documents… brings them back.'
      : 'They come back into search as they were stored.',
    note ?? '',
    list.problems.length > 0
      ? `${list.problems.length === 1 ? '1 line is not a URL and is' : `${number(list.problems.length)} lines are not URLs and are`} left out: ${problems.join('; ')}${more > 0 ? `; ${number(more)} more` : ''}.`
      : '',
    list.repeated > 0 ? `${counted(list.repeated, 'URL')} given twice: sent once.` : '',
    list.notApplied > 0
      ? `${counted(list.notApplied, 'line')} of the report not applied: left out.`
      : '',
    list.urls.length > perMinute
      ? `One call per document, at most ${perMinute} a minute: about ${number(minutes)} minutes.`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const LABEL_WIDTH = Math.max(...REMOVAL_FATES.map((fate) => fate.length)) + 2;

/**
 * The per-URL summary: a heading with the counts, then a line per URL (`deleted  URL`), each one
 * not done followed by the reason, indented under it.
 */
export function removalSummary(
  title: string,
  counts: RemovalCounts,
  lines: readonly RemovalLine[],
): string {
  const body = lines.flatMap((line) => {
    const head = `${line.outcome.padEnd(LABEL_WIDTH)}${line.url}`;
    if (line.outcome === 'deleted' || line.outcome === 'undeleted') return [head];
    const code =
      line.status_code === undefined || line.status_code === '0'
        ? ''
        : `code ${line.status_code}: `;
    return [head, `${' '.repeat(LABEL_WIDTH)}${code}${line.message}`];
  });
  return [
    `${title}: ${describeRemovals(counts)} (${number(lines.length)} URLs)`,
    '',
    ...body,
    '',
  ].join('\n');
}
