// The language server's answer to mediaMonitoring/rules, checked on arrival (another process's
// message is never trusted by its type alone). No VS Code here: unit-tested.
import type { FileRules, RuleSummary } from '../../../server/protocol';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isPosition = (value: unknown) =>
  isRecord(value) && Number.isInteger(value.line) && Number.isInteger(value.character);

const isRange = (value: unknown) =>
  isRecord(value) && isPosition(value.start) && isPosition(value.end);

function isRule(value: unknown): value is RuleSummary {
  if (!isRecord(value)) return false;
  const error = value.firstError;
  return (
    typeof value.id === 'string' &&
    isRange(value.range) &&
    isRange(value.extent) &&
    typeof value.query === 'string' &&
    Number.isInteger(value.operands) &&
    Number.isInteger(value.errors) &&
    Array.isArray(value.errorCodes) &&
    value.errorCodes.every((code) => typeof code === 'string') &&
    (error === null ||
      (isRecord(error) && typeof error.message === 'string' && Number.isInteger(error.line)))
  );
}

/** The answer if it has the shape of FileRules, else undefined. */
export function readFileRules(value: unknown): FileRules | undefined {
  if (!isRecord(value)) return undefined;
  const nullableString = (field: unknown) => field === null || typeof field === 'string';
  if (
    !Number.isInteger(value.version) ||
    !nullableString(value.project) ||
    !nullableString(value.stream) ||
    !Array.isArray(value.rules) ||
    !value.rules.every(isRule)
  )
    return undefined;
  return value as unknown as FileRules;
}
