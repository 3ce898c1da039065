// Calls per minute for each endpoint class (api.md "Limits", gaps.md "Rate limits the service
// does not state"), per token. The sandbox enforces them; the client's rate governor keeps within
// them so that it waits instead of being refused.
export const LIMITS_PER_MINUTE = {
  globalHistogram: 60,
  projectHistogram: 30,
  exportCreate: 40,
  exportStatus: 40,
  exportAbort: 40,
  collectorRead: 5,
  collectorWrite: 20,
  collectorDelete: 20,
  streamInfo: 20,
  collectorGet: 200,
  collectorPause: 40,
  collectorResume: 40,
  credits: 10,
  projectResults: 60,
  globalResults: 240,
  resources: 20,
  tags: 40,
  upload: 120,
  streamCreate: 20,
} as const;

export type EndpointClass = keyof typeof LIMITS_PER_MINUTE;

export const RATE_WINDOW_MS = 60_000;
