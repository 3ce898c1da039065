// "Why Not?" on the rule at the cursor: a pasted address of a result (found among the rule's
// target's results with `url:"…"`, a results call priced first) or a pasted piece of text, and
// the report of which required part failed and which exclusion removed it, as a read-only
// Markdown document beside the rule.
import * as vscode from 'vscode';
import { resultsOf } from '../../../core/lab/targetCalls';
import { documentOfText } from '../../../core/lab/whyNot';
import { whyNotReport } from '../../../core/lab/whyNotReport';
import type { MatchableDocument } from '../../../core/query/document';
import type { CommandRunner } from '../../shell/commands/runner';
import type { LanguagePort } from '../../shell/ports';
import type { ReadonlyDocuments } from '../../shell/readonlyDocuments';
import { findLabRule, whereOf } from './labRule';

export interface WhyNotServices {
  readonly runner: CommandRunner;
  readonly documents: ReadonlyDocuments;
  readonly language: Pick<LanguagePort, 'rulesOf'>;
}

const isAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** Shows the report; resolves with its text (undefined when nothing was asked or found). */
export async function whyNotCommand(
  s: WhyNotServices,
  uri: string | undefined,
  ruleId: string | undefined,
  pasted?: string,
): Promise<string | undefined> {
  const found = await findLabRule(s.language, uri, ruleId);
  if (!found) return undefined;
  const { rule, target } = found;
  const input =
    pasted ??
    (await vscode.window.showInputBox({
      title: `Why does ${rule.id} not match…`,
      prompt: "Paste a result's address (https://…) or a piece of text",
      validateInput: (value) => (value.trim() === '' ? 'Paste an address or some text' : undefined),
    }));
  const text = input?.trim();
  if (!text) return undefined;
  let document: MatchableDocument = documentOfText(text);
  let what = 'The pasted text';
  if (isAddress(text)) {
    const looked = await s.runner.call(
      {
        title: `Why not: looking up ${text} in ${whereOf(target)}`,
        cost: { kind: 'results', hpp: 1 },
        request: 'GET /api/v1/…/results',
      },
      async ({ client, signal }) => {
        const q = `url:"${text.replace(/"/g, '')}"`;
        const answer = await resultsOf(client, target, { q, hpp: 1 }, { signal });
        return answer.result_content.data[0]?.data;
      },
    );
    if (!looked) {
      void vscode.window.showInformationMessage(
        `Media Monitoring: no result at ${text} in ${whereOf(target)}; paste its text instead.`,
      );
      return undefined;
    }
    const { images: _images, ...fields } = looked;
    document = fields;
    what = `The result at ${text}`;
  }
  const report = whyNotReport(rule.id, rule.query, document, what);
  await s.documents.show(`/why-not/${rule.id}.md`, report, vscode.ViewColumn.Beside);
  return report;
}
