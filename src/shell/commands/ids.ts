// Every command the extension contributes, declared once. package.json's `contributes.commands`,
// its menus and welcome views, the status bar and the trees name only these (checked both ways
// by test/src/shell/commands/ids.test.ts). No VS Code import: the unit tests read it.
export const COMMAND_IDS = [
  // The language server and the log.
  'mediaMonitoring.restartLanguageServer',
  'mediaMonitoring.showLog',
  // The connection.
  'mediaMonitoring.sandbox.start',
  'mediaMonitoring.sandbox.stop',
  'mediaMonitoring.sandbox.reset',
  'mediaMonitoring.token.set',
  'mediaMonitoring.token.clear',
  'mediaMonitoring.reconnect',
  'mediaMonitoring.useSandbox',
  'mediaMonitoring.credits.refresh',
  // The sidebar.
  'mediaMonitoring.refreshAll',
  'mediaMonitoring.projects.refresh',
  'mediaMonitoring.streams.refresh',
  'mediaMonitoring.tasks.refresh',
  // Projects.
  'mediaMonitoring.project.setDefault',
  'mediaMonitoring.topic.open',
  'mediaMonitoring.copyId',
  'mediaMonitoring.insertId',
  'mediaMonitoring.customMetric.add',
  'mediaMonitoring.customMetric.edit',
  'mediaMonitoring.customMetric.delete',
  // Streams.
  'mediaMonitoring.stream.push',
  'mediaMonitoring.stream.delete',
  'mediaMonitoring.streamRule.open',
  // Collectors and export tasks.
  'mediaMonitoring.collector.create',
  'mediaMonitoring.collector.edit',
  'mediaMonitoring.collector.readToFile',
  'mediaMonitoring.export.start',
  'mediaMonitoring.collector.pause',
  'mediaMonitoring.collector.resume',
  'mediaMonitoring.collector.delete',
  'mediaMonitoring.collector.showDefinition',
  'mediaMonitoring.task.abort',
  // Documents.
  'mediaMonitoring.upload',
  'mediaMonitoring.documents.delete',
  'mediaMonitoring.documents.undelete',
  // Tails of streams, collectors and projects.
  'mediaMonitoring.tail.start',
  'mediaMonitoring.tail.project',
  'mediaMonitoring.tail.pause',
  'mediaMonitoring.tail.resume',
  'mediaMonitoring.tail.stop',
  'mediaMonitoring.tail.showOutput',
  // Running a rule: the results panel.
  'mediaMonitoring.results.histogram',
  'mediaMonitoring.results.distribution',
  'mediaMonitoring.results.influencers',
  'mediaMonitoring.results.search',
  // Image detection: the detection panel.
  'mediaMonitoring.detect.logos',
  'mediaMonitoring.detect.scenes',
  'mediaMonitoring.detect.chosenLogos',
  // The query lab: counts in the editor, what each part of a rule brings.
  'mediaMonitoring.lab.countRule',
  'mediaMonitoring.lab.explainRule',
  'mediaMonitoring.lab.chooseWindow',
  'mediaMonitoring.lab.findNoise',
  'mediaMonitoring.lab.noiseEdit',
  'mediaMonitoring.lab.whyNot',
  'mediaMonitoring.lab.compareWithLastRun',
  'mediaMonitoring.lab.compareWithHead',
] as const;

export type CommandId = (typeof COMMAND_IDS)[number];

export function isCommandId(value: string): value is CommandId {
  return (COMMAND_IDS as readonly string[]).includes(value);
}
