// Commands about the language server and the log.
import type { Ctx } from '../../shell/ctx';
import type { CommandArea } from '../../shell/commands/table';

export function languageCommands(ctx: Ctx) {
  return {
    'mediaMonitoring.restartLanguageServer': async () => {
      ctx.log.info('restarting the language server');
      await ctx.languageClient.restart();
      ctx.runner.done('The .mmq language server restarted');
    },
    'mediaMonitoring.showLog': () => ctx.log.show(true),
  } satisfies CommandArea;
}
