// `--fail-on dead-exclusion,redundant-operand`: the lab's flags that make `mmq explain` exit 1,
// so that a team can keep its rules clean in CI.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { isLabFlagCode, LAB_FLAG_CODES, type LabFlagCode } from '../../core/lab/labFlags';

export function failOnCodes(value: string): LabFlagCode[] {
  const codes = value
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const unknown = codes.filter((code) => !isLabFlagCode(code));
  if (codes.length === 0 || unknown.length > 0)
    throw new InvalidArgumentError(
      `A comma-separated list of ${LAB_FLAG_CODES.join(', ')} is expected${unknown.length > 0 ? `, not ${unknown.join(', ')}` : ''}.`,
    );
  return codes.filter(isLabFlagCode);
}
