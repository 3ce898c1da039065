// What every mmq command that calls the API shares (spec/cli.md): the service from --base-url or
// MEDIA_MONITORING_URL, the token from MEDIA_MONITORING_TOKEN only (a flag would land in shell
// history and `ps`), and how the service's refusals end the command (exit 1) as opposed to usage
// and I/O problems (exit 2). Messages never hold the token: the client redacts them.
import { MMQ_VERSION } from '../version';
import { Option } from '@commander-js/extra-typings';
import { MediaMonitoringClient } from '../../core/api/client/client';
import { userAgent } from '../../core/api/client/cancellation';
import { ApiError } from '../../core/api/client/errors';
import { oneLine } from '../../core/text/controls';
import { ServiceRefusal, UsageError } from '../errors';
import { TOKEN_VARIABLE, URL_VARIABLE } from './variables';

export { TOKEN_VARIABLE, URL_VARIABLE };

export interface ApiFlags {
  baseUrl?: string;
  quiet?: true;
}

/** `--base-url URL`, which every API command takes (default: $MEDIA_MONITORING_URL). */
export const baseUrlOption = () =>
  new Option('--base-url <url>', `the service (default: $${URL_VARIABLE})`);

/** `--quiet`: no progress on stderr. */
export const quietOption = () => new Option('--quiet', 'no progress on stderr');

/** A client for the service the flags and environment name, or a usage error saying what is missing. */
export function connect(flags: ApiFlags, environment = process.env): MediaMonitoringClient {
  const baseUrl = flags.baseUrl ?? environment[URL_VARIABLE];
  if (baseUrl === undefined || baseUrl === '')
    throw new UsageError(
      `no service: give --base-url or set ${URL_VARIABLE} (mmq sandbox starts one to point at)`,
    );
  const token = environment[TOKEN_VARIABLE];
  if (token === undefined || token === '')
    throw new UsageError(`no access token: set ${TOKEN_VARIABLE} (never a flag)`);
  try {
    return new MediaMonitoringClient({ baseUrl, token, userAgent: userAgent('mmq', MMQ_VERSION) });
  } catch (error: unknown) {
    // The transport checks the address (a URL, http or https) and says what is wrong with it.
    if (error instanceof TypeError) throw new UsageError(`--base-url: ${error.message}`);
    throw error;
  }
}

// Declared with the other errors, so that reporting one does not load the client.
export { ServiceRefusal } from '../errors';

/**
 * Runs an API call, turning the client's errors into the command's ending: what the service
 * refused is exit 1 naming its code; no answer at all is an I/O problem (exit 2).
 */
export async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error: unknown) {
    if (!(error instanceof ApiError)) throw error;
    throw apiFailure(what, error);
  }
}

/** The command's ending for an error of the client: also for in-band errors a read yields. */
export function apiFailure(what: string, error: ApiError): UsageError | ServiceRefusal {
  // The service's words, as one line: a message must not forge the lines after it.
  const message = oneLine(error.message);
  if (error.kind === 'network' || error.kind === 'timeout')
    return new UsageError(`${what}: ${message}`);
  const code = error.statusCode === undefined ? '' : ` (code ${error.statusCode})`;
  return new ServiceRefusal(`${what}: ${message}${code}`);
}
