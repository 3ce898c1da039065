// The actions that help after a failure, chosen from its typed reason: a call's (ApiError's
// reason) or the connection's state. Used by the command runner's error messages, by the
// connection's own notification, and by a results panel that shows a failed run.
import type { FailureReason } from '../../../core/api/client/errors';
import type { FailureActionId } from '../../../media/results/protocol';
import type { ConnectionState } from '../connection/connection';
import type { CommandId } from './ids';

/** Why a call failed: its reason, the connection's state when it was not sent, or unknown. */
export type FailureCause = FailureReason | ConnectionState | undefined;

export interface FailureAction {
  readonly title: string;
  readonly command: CommandId | 'workbench.action.openSettings';
  readonly args?: readonly unknown[];
}

const RETRY: FailureAction = { title: 'Retry', command: 'mediaMonitoring.reconnect' };
const START_SANDBOX: FailureAction = {
  title: 'Start Sandbox',
  command: 'mediaMonitoring.sandbox.start',
};
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
      return [START_SANDBOX];
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

/**
 * A failed run's actions in its panel, by id. The panel's Retry runs the run again (connecting
 * again first when there is no connection); the others are the commands above.
 */
export const RUN_FAILURE_ACTIONS: Readonly<Record<FailureActionId, FailureAction>> = {
  retry: RETRY,
  setToken: SET_TOKEN,
  useSandbox: USE_SANDBOX,
  startSandbox: START_SANDBOX,
  openSettings: SETTINGS,
  refreshCredits: CREDITS,
  showLog: SHOW_LOG,
};

/** Failures of the request itself: another service would refuse it too. */
const REQUEST_FAULTS: ReadonlySet<FailureReason> = new Set(['badRequest', 'notFound']);
/** Failures a new token may mend: the token's, or reaching the service at all. */
const ACCESS_FAULTS: ReadonlySet<FailureReason> = new Set([
  'tokenRejected',
  'forbidden',
  'unreachable',
  'timeout',
]);

/**
 * What a panel offers after a run failed: Retry; Set Access Token when the failure is about the
 * token or reaching a service; Use the Sandbox against a service (unless the request itself is
 * wrong); and what else the cause calls for. `service`: a base URL is set.
 */
export function runFailureActions(cause: FailureCause, service: boolean): FailureActionId[] {
  if (cause === undefined) return ['retry', 'showLog'];
  if (typeof cause === 'string') {
    const ids: FailureActionId[] = ['retry'];
    if (service && ACCESS_FAULTS.has(cause)) ids.push('setToken');
    if (cause === 'noCredits') ids.push('refreshCredits');
    if (service && !REQUEST_FAULTS.has(cause)) ids.push('useSandbox');
    if (REQUEST_FAULTS.has(cause) || cause === 'contract' || cause === 'serviceFailed')
      ids.push('showLog');
    return ids;
  }
  switch (cause.kind) {
    case 'stopped':
      return ['startSandbox'];
    case 'noToken':
      return ['retry', 'setToken', 'useSandbox'];
    case 'connecting':
    case 'connected':
      return ['retry'];
    case 'failed':
      switch (cause.reason) {
        case 'badUrl':
          return ['retry', 'openSettings', 'useSandbox'];
        case 'sandbox':
          return ['retry', 'showLog'];
        case 'unreachable':
        case 'tokenRejected':
        case 'service':
          return ['retry', 'setToken', 'useSandbox'];
      }
  }
}
