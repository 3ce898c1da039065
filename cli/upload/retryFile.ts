// `mmq upload --retry REPORT`: the earlier report read before anything else, so that a report
// that is not one is a usage problem (exit 2) with nothing sent.
import { ReportFileError } from '../../core/uploads/reportFile';
import { readRetryPlan, type RetryPlan } from '../../core/uploads/retry';
import { UsageError } from '../errors';
import { checkReadable, fileChunks } from './fileChunks';

export async function readRetryFile(path: string): Promise<RetryPlan> {
  checkReadable(path);
  try {
    return await readRetryPlan(fileChunks(path));
  } catch (error: unknown) {
    if (error instanceof ReportFileError) throw new UsageError(`--retry ${path}: ${error.message}`);
    throw error;
  }
}
