// A file mmq is about to write, refused before anything is opened or sent when it is one the
// command reads or cannot be written there (core/files/outputPath.ts): a usage problem, exit 2.
import { outputPathProblem, type OutputCheck } from '../core/files/outputPath';
import { UsageError } from './errors';

export function checkOutput(check: OutputCheck): void {
  const problem = outputPathProblem(check);
  if (problem !== undefined) throw new UsageError(problem);
}
