// Where the last push of a stream from this workspace is kept: per service, per stream (the API
// cannot return a stream's rules, so a push compares with this).
import { serviceKey } from '../connection/settings';

export const pushedKey = (stream: string): string => `streams.pushed.${serviceKey()}.${stream}`;
