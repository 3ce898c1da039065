// The API client as its own bundle (dist/api.js, about 1 MB with undici and zod), loaded on the
// first call so that activation stays small and fast.
export { MediaMonitoringClient } from '../../../core/api/client/client';
export { abortSignalFor, userAgent } from '../../../core/api/client/cancellation';
export { ApiError } from '../../../core/api/client/errors';
