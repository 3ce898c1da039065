// The sandbox's error factory: every refusal is an ApiFailure carrying a status of gaps.md, a
// message naming what is wrong, and the `result_error` entries that say where.
import { STATUS, type ErrorEntry, type StatusName } from '../../core/api/schemas/envelope';

export class ApiFailure extends Error {
  constructor(
    readonly status: StatusName,
    message: string,
    readonly details: readonly ErrorEntry[] = [],
  ) {
    super(message);
  }

  get httpStatus(): number {
    return STATUS[this.status].http;
  }

  get code(): string {
    return STATUS[this.status].code;
  }
}

export const missingParameter = (name: string): ApiFailure =>
  new ApiFailure('missingParameter', `Missing parameter: ${name}`, [
    { key: 'params', value: [name] },
  ]);

export const badParameter = (name: string, why: string): ApiFailure =>
  new ApiFailure('badParameter', `Bad value for parameter ${name}: ${why}`, [
    { key: 'param', value: [name] },
  ]);

export const notFound = (what: string, id: string): ApiFailure =>
  new ApiFailure('notFound', `No such ${what}: ${id}`, [{ key: what, value: [id] }]);
