// What a tree item says about its tail (a stream's or a collector's in the Streams & Collectors
// view, a project's in the Projects view): a count, a spinner while it reads, and the
// `tail.<state>` its context value ends in, which the menus' Pause, Resume, Stop and Show Output
// look for. In dist/live.js: only a window that has tails has anything to say here.
import type { TailParts } from '../../shell/views/treeTail';
import type { TailStatus } from './tailStatus';

export function tailParts(status: TailStatus): TailParts {
  const count = `${status.received.toLocaleString('en')} received`;
  const record = status.recordPath ? ` Recording to ${status.recordPath}.` : '';
  const narrowed = status.narrowed ? ` (${status.narrowed})` : '';
  switch (status.state) {
    case 'connecting':
    case 'tailing':
      return {
        description: `tailing · ${count}`,
        tooltip: `Tailing${narrowed}: ${count} since VS Code started.${record}`,
        context: ` tail.${status.state}`,
        spinning: true,
      };
    case 'waiting':
      return {
        description: `reconnecting · ${count}`,
        tooltip: `The connection was lost; reconnecting${status.live ? ' (what arrives meanwhile is not delivered)' : ''}. ${count} since VS Code started.${record}`,
        context: ' tail.waiting',
        spinning: true,
      };
    case 'paused':
      return {
        description: `tail paused · ${count}`,
        tooltip: `Tail paused${narrowed}${status.live ? ': what arrives meanwhile is not delivered (and costs nothing)' : ''}. ${count} since VS Code started.${record}`,
        context: ' tail.paused',
        spinning: false,
      };
    case 'ended':
    case 'stopped':
      return {
        description: count,
        tooltip: `${count} since VS Code started.${status.ended ? ` The last tail ${status.ended}.` : ''}`,
        context: ' tail.stopped',
        spinning: false,
      };
  }
}
