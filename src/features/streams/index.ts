// The streams' bundle (dist/streams.js), loaded when a stream is first opened in the view or
// pushed: the query parser reading the workspace's rules of a stream, their comparison with the
// service's, pushing a file's rules and opening the service's as a document.
export { pushStream } from './pushStream';
export { openServiceRules } from './openServiceRules';
export { streamRulesIn } from './streamRules';
export { serviceRulesOf, streamChildren } from './streamChildren';
