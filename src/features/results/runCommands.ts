// Running a rule: a histogram, a distribution, top influencers or search results, from the
// rule's CodeLens or the palette (the rule at the cursor, the selection, or a typed query). The
// answer shows in the results panel; the call goes through the command runner there. Part of the
// results bundle: the command table's handlers only forward here (commands/results.ts).
import type { Target } from '../../../media/results/protocol';
import { chooseHistogram, Choices, DEFAULT_CHOICE, type Family } from './choose';
import {
  isRuleArgument,
  resolveQuery,
  type LanguageQueries,
  type QuerySource,
} from './querySource';
import { FIRST_PAGE, type RunRequest, type RunSpec } from './runSpec';
import type * as vscode from 'vscode';

/** What a run command is: the four of the table. */
export type RunKind = 'histogram' | 'distribution' | 'influencers' | 'search';

export interface RunCommandServices {
  readonly language: LanguageQueries;
  readonly workspaceState: vscode.Memento;
  /** Asks which project; undefined when the user chose none. */
  readonly pickProject: (placeHolder: string) => Promise<string | undefined>;
  readonly projectName: (projectId: string) => Promise<string>;
  readonly run: (spec: RunSpec) => Promise<void>;
}

/** A CodeLens's argument may say to ask for the type (Distribution…) or not (Histogram). */
function wantsQuestions(argument: unknown): boolean {
  if (!isRuleArgument(argument)) return true;
  return (argument as { ask?: unknown }).ask === true;
}

export class RunCommands {
  private readonly choices: Choices;

  constructor(private readonly services: RunCommandServices) {
    this.choices = new Choices(services.workspaceState);
  }

  async run(kind: RunKind, argument: unknown): Promise<void> {
    const source = await resolveQuery(this.services.language, argument);
    if (!source) return;
    // Search results run over global data without a project, as histograms do; api.md has top
    // influencers inside a project only.
    const target = await this.targetOf(source, kind === 'influencers');
    if (!target) return;
    const request = await this.request(kind, source, argument);
    if (!request) return;
    await this.services.run({
      title: source.title,
      query: source.query,
      target,
      request,
      ...(source.source ? { source: source.source } : {}),
    });
  }

  private async request(
    kind: RunKind,
    source: QuerySource,
    argument: unknown,
  ): Promise<RunRequest | undefined> {
    if (kind === 'influencers') return { kind: 'influencers', parameters: { top_n: 25 } };
    if (kind === 'search') return { kind: 'results', parameters: FIRST_PAGE };
    const family: Family = kind;
    const rule = source.source ? `${source.source.uri}#${source.source.ruleId}` : source.query;
    const last = this.choices.get(family, rule);
    const choice = wantsQuestions(argument)
      ? await chooseHistogram(family, last)
      : (last ?? DEFAULT_CHOICE[family]);
    if (!choice) return undefined;
    await this.choices.set(family, rule, choice);
    return {
      kind: 'histogram',
      histogramType: choice.histogramType,
      parameters: choice.parameters,
    };
  }

  /** The project as the run's target; undefined when the run needs one and none was chosen. */
  private async targetOf(source: QuerySource, needsProject: boolean): Promise<Target | undefined> {
    let projectId = source.projectId;
    if (!projectId && needsProject) {
      projectId = await this.services.pickProject(
        'Top influencers are read in a project: which one? (// @project in the file, or a default project, saves this question)',
      );
      if (!projectId) return undefined;
    }
    if (!projectId) return { kind: 'global' };
    return { kind: 'project', id: projectId, name: await this.services.projectName(projectId) };
  }
}
