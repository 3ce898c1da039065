// Running a rule: a histogram, a distribution, top influencers or search results, from the
// rule's CodeLens or the palette (the rule at the cursor, the selection, or a typed query). The
// answer shows in the results panel; the call goes through the command runner there.
import type { Target } from '../../media/protocol';
import type { Ctx } from '../context';
import { chooseHistogram, DEFAULT_CHOICE, type Family } from '../results/choose';
import { isRuleArgument, resolveQuery, type QuerySource } from '../results/querySource';
import { FIRST_PAGE, type RunRequest, type RunSpec } from '../results/runSpec';
import type { CommandArea } from './table';

/** A CodeLens's argument may say to ask for the type (Distribution…) or not (Histogram). */
function wantsQuestions(argument: unknown): boolean {
  if (!isRuleArgument(argument)) return true;
  return (argument as { ask?: unknown }).ask === true;
}

export function resultsCommands(ctx: Ctx) {
  /** The project as a run's target; undefined when the run needs one and the user chose none. */
  const targetOf = async (
    source: QuerySource,
    needsProject: boolean,
  ): Promise<Target | undefined> => {
    let projectId = source.projectId;
    if (!projectId && needsProject) {
      projectId = await ctx.pickProject(
        'Top influencers and search results are read in a project: which one? (// @project in the file, or a default project, saves this question)',
      );
      if (!projectId) return undefined;
    }
    if (!projectId) return { kind: 'global' };
    return { kind: 'project', id: projectId, name: await ctx.projectName(projectId) };
  };

  const run = async (
    argument: unknown,
    request: (source: QuerySource) => Promise<RunRequest | undefined>,
    needsProject: boolean,
  ) => {
    const source = await resolveQuery(ctx.languageClient, argument);
    if (!source) return;
    const target = await targetOf(source, needsProject);
    if (!target) return;
    const chosen = await request(source);
    if (!chosen) return;
    const spec: RunSpec = {
      title: source.title,
      query: source.query,
      target,
      request: chosen,
      ...(source.source ? { source: source.source } : {}),
    };
    await ctx.results().run(spec);
  };

  const histogram = (family: Family) => (argument?: unknown) =>
    run(
      argument,
      async (source) => {
        const rule = source.source ? `${source.source.uri}#${source.source.ruleId}` : source.query;
        const last = ctx.choices.get(family, rule);
        const choice = wantsQuestions(argument)
          ? await chooseHistogram(family, last)
          : (last ?? DEFAULT_CHOICE[family]);
        if (!choice) return undefined;
        await ctx.choices.set(family, rule, choice);
        return {
          kind: 'histogram',
          histogramType: choice.histogramType,
          parameters: choice.parameters,
        };
      },
      false,
    );

  return {
    'mediaMonitoring.results.histogram': histogram('histogram'),
    'mediaMonitoring.results.distribution': histogram('distribution'),
    'mediaMonitoring.results.influencers': (argument?: unknown) =>
      run(
        argument,
        () => Promise.resolve({ kind: 'influencers', parameters: { top_n: 25 } }),
        true,
      ),
    'mediaMonitoring.results.search': (argument?: unknown) =>
      run(argument, () => Promise.resolve({ kind: 'results', parameters: FIRST_PAGE }), true),
  } satisfies CommandArea;
}
