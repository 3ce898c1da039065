// Where the last push of a stream from this workspace is kept: per service, per stream (the
// question before a push compares with this).
import { serviceKey } from '../../shell/connection/settings';

export const pushedKey = (stream: string): string => `streams.pushed.${serviceKey()}.${stream}`;
