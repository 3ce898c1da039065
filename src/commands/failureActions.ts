// The actions that help after a failure, chosen from its typed reason: a call's (ApiError's
// reason) or the connection's state. Used by the command runner's error messages and by the
// connection's own notification.
import type { FailureReason } from '../../core/api/client/errors';
import type { ConnectionState } from '../connection/connection';
import type { CommandId } from './ids';

export interface FailureAction {
  readonly title: string;
  readonly command: CommandId | 'workbench.action.openSettings';
  readonly args?: readonly unknown[];
}

const RETRY: FailureAction = { title: 'Retry', command: 'mediaMonitoring.reconnect' };
const USE_SANDBOX: FailureAction = {
  title: 'Use the Sandbox',
  command: 'mediaMonitoring.useSandbox',
};
const SHOW_LOG: FailureAction = { title: 'Show Log', command: 'mediaMonitoring.showLog' };
const SET_TOKEN: FailureAction = {
  title: 'Set Access Token',
  command: 'mediaMonitoring.token.set',
};
const CREDITS: FailureAction = {
  title: 'Refresh Credits',
  command: 'mediaMonitoring.credits.refresh',
};
const SETTINGS: FailureAction = {
  title: 'Open Settings',
  command: 'workbench.action.openSettings',
  args: ['mediaMonitoring.baseUrl'],
};

const BY_REASON: Readonly<Record<FailureReason, readonly FailureAction[]>> = {
  tokenRejected: [SET_TOKEN, USE_SANDBOX],
  rateLimited: [SHOW_LOG],
  noCredits: [CREDITS],
  forbidden: [SET_TOKEN],
  notFound: [SHOW_LOG],
  badRequest: [SHOW_LOG],
  tooManyStreams: [SHOW_LOG],
  disconnected: [SHOW_LOG],
  serviceFailed: [SHOW_LOG],
  unreachable: [RETRY, USE_SANDBOX],
  timeout: [RETRY, SHOW_LOG],
  cancelled: [],
  contract: [SHOW_LOG],
};

/** The actions for a failed call (its reason) or for a connection that is not connected. */
export function actionsFor(failure: FailureReason | ConnectionState): readonly FailureAction[] {
  if (typeof failure === 'string') return BY_REASON[failure];
  switch (failure.kind) {
    case 'stopped':
      return [{ title: 'Start Sandbox', command: 'mediaMonitoring.sandbox.start' }];
    case 'noToken':
      return [SET_TOKEN, USE_SANDBOX];
    case 'connecting':
    case 'connected':
      return [SHOW_LOG];
    case 'failed':
      switch (failure.reason) {
        case 'tokenRejected':
          return [SET_TOKEN, USE_SANDBOX];
        case 'unreachable':
          return [RETRY, USE_SANDBOX];
        case 'badUrl':
          return [SETTINGS, USE_SANDBOX];
        case 'sandbox':
        case 'service':
          return [RETRY, SHOW_LOG];
      }
  }
}
