// `mmq lint [--format text|json] FILE...`: the language server's diagnostics for CI pipelines.
import { counted } from '../../core/plural';
import { Option, type Command } from '@commander-js/extra-typings';
import { analyzeText } from '../../core/query/analysis';
import { LineIndex } from '../../core/query/lineIndex';
import type { QueryDiagnostic } from '../../core/query/diagnostic';
import { expandPaths, noteEmpty } from '../files';
import { readInputs, type Input } from '../io';
import { jsonLine, toStdout } from '../terminal';

export interface LintRecord {
  file: string;
  rule: string | null;
  code: string;
  severity: QueryDiagnostic['severity'];
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export function lintInput(input: Input): LintRecord[] {
  const { diagnostics } = analyzeText(input.text, input.path ?? 'stdin.mmq');
  const lines = new LineIndex(input.text);
  // A repeat marks in an editor where a rule starts; a report lists each problem once, so that
  // its lines, its JSON records and its summary all count the same problems.
  return diagnostics
    .filter((diagnostic) => !diagnostic.repeat)
    .map((diagnostic) => ({
      file: input.name,
      rule: diagnostic.rule,
      code: diagnostic.code,
      severity: diagnostic.severity,
      message: diagnostic.message,
      range: {
        start: lines.positionAt(diagnostic.span.start),
        end: lines.positionAt(diagnostic.span.end),
      },
    }));
}

export function textReport(records: readonly LintRecord[], fileCount: number): string {
  const lines = records.map(
    (record) =>
      `${record.file}:${record.range.start.line + 1}:${record.range.start.character + 1}: ${record.severity} ${record.code} ${record.message}`,
  );
  const count = (severity: LintRecord['severity']): number =>
    records.filter((record) => record.severity === severity).length;
  lines.push(
    `${counted(fileCount, 'file')} checked: ${counted(count('error'), 'error')}, ${counted(count('warning'), 'warning')}, ` +
      `${count('information')} information, ${counted(count('hint'), 'hint')}`,
  );
  return lines.join('\n') + '\n';
}

type Format = 'text' | 'json';

async function lint(args: readonly string[], format: Format): Promise<number> {
  const expansion = await expandPaths(args);
  const inputs = await readInputs(expansion.paths);
  // A directory without queries is reported but is no failure: exit 2 means a usage or I/O
  // problem, and a pipeline linting queries/ before its first query exists has neither.
  noteEmpty(expansion);
  const records = inputs.flatMap(lintInput);
  toStdout(format === 'json' ? jsonLine(records, 2) : textReport(records, inputs.length));
  return records.some((record) => record.severity === 'error') ? 1 : 0;
}

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('report diagnostics; exit 1 when any is an error')
    .argument('<file...>', '.mmq files, directories (every .mmq file under them), - for stdin')
    .addOption(
      new Option('--format <format>', 'text: FILE:LINE:COL: SEVERITY CODE MESSAGE; json: an array')
        .choices(['text', 'json'] as const)
        .default('text' as const),
    )
    .action(async (files, options) => {
      process.exitCode = await lint(files, options.format);
    });
}
