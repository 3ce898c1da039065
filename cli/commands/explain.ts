// `mmq explain FILE [--rule ID] [--days N] [--format text|json] [--fail-on CODES]
// [--max-credits N]`: the query lab's parts table of each rule: what each operand of
// its top-level OR list matches and what only it matches, what each exclusion removes, and the
// lab's flags. The count queries are listed first, so that their cost is printed (and held to
// --max-credits) before any call; each is a histogram call. Exit 1 when a flag of --fail-on is
// raised, or the file has errors (reported as `mmq lint` reports them).
import { Option, type Command } from '@commander-js/extra-typings';
import { counted } from '../../core/plural';
import { costOfCounts } from '../../core/lab/countCost';
import { countPlanOf, type CountPlan } from '../../core/lab/countPlan';
import { lastDays } from '../../core/lab/countWindow';
import { countsFrom, explainRule } from '../../core/lab/explanation';
import type { LabFlagCode } from '../../core/lab/labFlags';
import { partsOf, type RuleParts } from '../../core/lab/ruleParts';
import { GLOBAL_DAYS, MAX_BINS } from '../../core/api/histogramRules';
import type { Rule } from '../../core/query/ast';
import { parseFile } from '../../core/query/file';
import { LineIndex } from '../../core/query/lineIndex';
import { baseUrlOption, connect, quietOption, type ApiFlags } from '../api/connect';
import { maxCreditsOption, spend, type BudgetFlags } from '../api/credits';
import { UsageError } from '../errors';
import { countAll } from '../explain/countAll';
import { errorsIn, selectedRules, targetOf } from '../explain/explainInput';
import { failOnCodes } from '../explain/failOn';
import { ruleRecord, type RuleRecord } from '../explain/ruleReport';
import { textTable } from '../explain/textTable';
import { readInputs } from '../io';
import { wholeNumber } from '../options';
import { jsonLine, toStderr, toStdout } from '../terminal';

interface ExplainFlags extends ApiFlags, BudgetFlags {
  rule?: string;
  days: number;
  format: 'text' | 'json';
  failOn?: LabFlagCode[];
  project?: string;
}

interface Explained {
  readonly rule: Rule;
  readonly parts: RuleParts;
  readonly plan: CountPlan;
}

async function explain(file: string, flags: ExplainFlags): Promise<number> {
  const [input] = await readInputs([file]);
  if (!input) throw new UsageError(`${file}: nothing to read`);
  const parsed = parseFile(input.text, input.path ?? 'stdin.mmq');
  const chosen = selectedRules(input, parsed.rules, flags.rule);
  const errors = errorsIn(input, chosen);
  if (errors !== null) {
    toStderr(errors);
    toStderr(`mmq explain: ${input.name} has errors: nothing was counted\n`);
    return 1;
  }
  const target = targetOf(
    flags,
    parsed.annotations.find((annotation) => annotation.name === 'project')?.value,
  );
  const explained: Explained[] = chosen.map((rule) => {
    // A rule without errors has a query: an empty rule is a file-structure error.
    if (!rule.parsed.query) throw new Error(`rule ${rule.id} has no query, and no error said so`);
    const parts = partsOf(rule.parsed.query);
    return { rule, parts, plan: countPlanOf(parts) };
  });
  const queries = [...new Set(explained.flatMap(({ plan }) => plan.queries))];
  spend(`explaining ${input.name}`, costOfCounts(queries.length), flags);
  const window = lastDays(flags.days, Date.now());
  const client = connect(flags);
  // Many counts can wait for the rate limit a while: say what is under way.
  if (!flags.quiet)
    toStderr(
      `mmq: counting ${counted(queries.length, 'query', 'queries')} over the last ${counted(flags.days, 'day')} in ${target.project === undefined ? 'global data' : `project ${target.project}`}\n`,
    );
  const counts = await countAll(client, queries, target, window);
  const countOf = countsFrom(new Map([...counts].map(([query, daily]) => [query, daily.total])));
  const lines = new LineIndex(input.text);
  const records: RuleRecord[] = explained.map(({ rule, parts, plan }) =>
    ruleRecord(
      {
        file: input.name,
        rule: rule.id,
        span: rule.headerSpan ?? rule.bodySpan,
        lines,
        window,
        target,
        daily: counts.get(plan.total) ?? { total: 0, days: [] },
      },
      explainRule(parts, plan, countOf),
    ),
  );
  toStdout(flags.format === 'json' ? jsonLine(records, 2) : records.map(textTable).join('\n'));
  const failing = new Set(flags.failOn ?? []);
  return records.some((record) => record.flags.some((flag) => failing.has(flag.code))) ? 1 : 0;
}

export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description(
      "each rule's parts table: what each operand brings, what each exclusion removes (histogram calls)",
    )
    .argument('<file>', 'a .mmq file, or - for stdin')
    .option('--rule <id>', 'only this rule')
    .addOption(
      new Option(
        '--days <n>',
        `count over the last N days, today included (global data: at most ${GLOBAL_DAYS})`,
      )
        .argParser(wholeNumber(1, MAX_BINS))
        .default(7),
    )
    .addOption(
      new Option('--format <format>', 'text: a table per rule; json: an array of rule records')
        .choices(['text', 'json'] as const)
        .default('text' as const),
    )
    .addOption(
      new Option(
        '--fail-on <codes>',
        'exit 1 when a rule has one of these flags: dead-exclusion, redundant-operand, dominant-operand',
      ).argParser(failOnCodes),
    )
    .option('--project <id>', "count in this project's data (default: the file's // @project)")
    .addOption(maxCreditsOption())
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (file, flags) => {
      process.exitCode = await explain(file, flags);
    });
}
