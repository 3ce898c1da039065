// The API client as its own bundle (dist/api.js, about 1 MB with undici and zod), loaded on the
// first call so that activation stays small and fast. The query parser comes along, for the
// Streams view's rules (it is in the language server's bundle too, but not in the extension's),
// and so do what is not needed before a call has been made: the view's comparison of those with
// the service's, and a topic's read-only document.
export { MediaMonitoringClient } from '../../../core/api/client/client';
export { abortSignalFor, userAgent } from '../../../core/api/client/cancellation';
export { ApiError } from '../../../core/api/client/errors';
export { streamRulesIn } from '../../features/streams/streamRules';
export { serviceRulesOf, streamChildren } from '../../features/streams/streamChildren';
export { topicDocument } from '../../features/projects/topicDocument';
