// The commands of mmq, in the order `mmq --help` lists them. A new command is a file beside
// this one exporting its RegisterCommand, and a line here.
import type { RegisterCommand } from '../program';
import { registerCollector } from './collector';
import { registerDetect } from './detect';
import { registerDocs } from './docs';
import { registerExport } from './export';
import { registerFmt } from './fmt';
import { registerLint } from './lint';
import { registerSandbox } from './sandbox';
import { registerSplit } from './split';
import { registerStream } from './stream';
import { registerTail } from './tail';
import { registerUpload } from './upload';

export const COMMANDS: readonly RegisterCommand[] = [
  registerLint,
  registerFmt,
  registerSplit,
  registerSandbox,
  registerStream,
  registerTail,
  registerCollector,
  registerExport,
  registerUpload,
  registerDocs,
  registerDetect,
];
