// The documents a delete or an undelete is for, by url, read from text a user has at hand: one
// URL a line (a list, a selection, the clipboard), or an upload report (spec/cli.md's NDJSON),
// whose applied lines' urls are taken, so that an upload is undone from its own report. Shared by
// `mmq docs` and VS Code. Every line is read before anything is sent: a line that is neither is
// a problem on its line, and a url given twice is sent once (a second delete would be refused).
import { MAX_PIECE_BYTES, type Chunks } from './items';
import { linesOf } from './lines';
import { parseReportLine } from './report';

export interface UrlListProblem {
  readonly line: number;
  readonly message: string;
}

export interface UrlList {
  /** In the order given, each once. */
  readonly urls: readonly string[];
  readonly problems: readonly UrlListProblem[];
  /** Urls given again after their first line (sent once). */
  readonly repeated: number;
  /** Lines of an upload report that are not applied (or name no url): nothing to remove. */
  readonly notApplied: number;
}

/** Why `text` is not the absolute http(s) address of a document, or undefined when it is one. */
export function urlProblem(text: string): string | undefined {
  if (/\s/.test(text)) return 'a URL holds no spaces';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL (an absolute http or https address)';
  }
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? undefined
    : `not an http or https URL (${url.protocol})`;
}

const shortened = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

class UrlListBuilder {
  private readonly seen = new Set<string>();
  readonly urls: string[] = [];
  readonly problems: UrlListProblem[] = [];
  repeated = 0;
  notApplied = 0;

  add(line: number, raw: string): void {
    const text = raw.trim();
    if (text === '') return;
    if (text.startsWith('{')) {
      const report = parseReportLine(text);
      if (!report) {
        this.problems.push({
          line,
          message: 'neither a URL nor a line of an upload report ({"line": N, "outcome": …})',
        });
        return;
      }
      if (report.outcome !== 'applied' || typeof report.url !== 'string') {
        this.notApplied++;
        return;
      }
      this.take(line, report.url);
      return;
    }
    this.take(line, text);
  }

  private take(line: number, url: string): void {
    const problem = urlProblem(url);
    if (problem !== undefined) {
      this.problems.push({ line, message: `${problem}: ${shortened(url)}` });
      return;
    }
    if (this.seen.has(url)) {
      this.repeated++;
      return;
    }
    this.seen.add(url);
    this.urls.push(url);
  }

  done(): UrlList {
    return {
      urls: this.urls,
      problems: this.problems,
      repeated: this.repeated,
      notApplied: this.notApplied,
    };
  }
}

/** A file's (or stdin's) lines, streamed; the urls are held (each is a call of its own). */
export async function readUrlList(chunks: Chunks): Promise<UrlList> {
  const list = new UrlListBuilder();
  for await (const each of linesOf(chunks, MAX_PIECE_BYTES)) {
    if ('tooLong' in each)
      list.problems.push({
        line: each.line,
        message: `${each.tooLong.toLocaleString('en')} bytes or more: not a URL`,
      });
    else list.add(each.line, each.text);
  }
  return list.done();
}

/** Text at hand (a selection, the clipboard, urls given as arguments), one a line. */
export function urlListOf(text: string): UrlList {
  const list = new UrlListBuilder();
  text.split(/\r?\n/).forEach((line, index) => list.add(index + 1, line));
  return list.done();
}
