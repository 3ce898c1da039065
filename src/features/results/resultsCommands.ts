// Running a rule from its CodeLens or the palette: forwarded to the results bundle
// (results/runCommands.ts), which resolves the query, asks what to run and opens the panel.
import type { CommandArea } from '../../shell/commands/table';
import type { RunCommands } from './runCommands';

export function resultsCommands(ctx: { runCommands(): RunCommands }) {
  return {
    'mediaMonitoring.results.histogram': (argument?: unknown) =>
      ctx.runCommands().run('histogram', argument),
    'mediaMonitoring.results.distribution': (argument?: unknown) =>
      ctx.runCommands().run('distribution', argument),
    'mediaMonitoring.results.influencers': (argument?: unknown) =>
      ctx.runCommands().run('influencers', argument),
    'mediaMonitoring.results.search': (argument?: unknown) =>
      ctx.runCommands().run('search', argument),
  } satisfies CommandArea;
}
