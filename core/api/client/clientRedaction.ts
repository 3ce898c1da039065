// Nothing that leaves the client may hold the access token: the service may echo it in
// `request`, a URL may appear in a network error, a log line may name a call. Every string the
// client shows, logs or throws goes through redact(), the same masking the sandbox applies.
export { redact, redactValue, TOKEN_PARAMETER } from '../redact';
