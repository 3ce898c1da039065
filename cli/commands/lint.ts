// `mmq lint [--format text|json] FILE...`: the language server's diagnostics for CI pipelines.
import { parseArgs } from 'node:util';
import { analyzeText } from '../../core/query/analysis';
import { LineIndex } from '../../core/query/lineIndex';
import type { QueryDiagnostic } from '../../core/query/diagnostic';
import { readInputs, UsageError, type Input } from '../io';

interface LintRecord {
  file: string;
  rule: string | null;
  code: string;
  severity: QueryDiagnostic['severity'];
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

function lintInput(input: Input): LintRecord[] {
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

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function textReport(records: readonly LintRecord[], fileCount: number): string {
  const lines = records.map(
    (record) =>
      `${record.file}:${record.range.start.line + 1}:${record.range.start.character + 1}: ${record.severity} ${record.code} ${record.message}`,
  );
  const count = (severity: LintRecord['severity']): number =>
    records.filter((record) => record.severity === severity).length;
  lines.push(
    `${plural(fileCount, 'file')} checked: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ` +
      `${count('information')} information, ${plural(count('hint'), 'hint')}`,
  );
  return lines.join('\n') + '\n';
}

export async function lintCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { format: { type: 'string', default: 'text' } },
    allowPositionals: true,
  });
  if (values.format !== 'text' && values.format !== 'json') {
    throw new UsageError(`--format must be text or json, not ${values.format}`);
  }
  if (positionals.length === 0)
    throw new UsageError('mmq lint needs at least one FILE (or - for standard input)');
  const inputs = await readInputs(positionals);
  const records = inputs.flatMap(lintInput);
  process.stdout.write(
    values.format === 'json'
      ? JSON.stringify(records, null, 2) + '\n'
      : textReport(records, inputs.length),
  );
  return records.some((record) => record.severity === 'error') ? 1 : 0;
}
