// The environment variables mmq reads for the service, apart from the client that calls it:
// the redaction of every output needs the token's name, and must not load the client to get it.
export const URL_VARIABLE = 'MEDIA_MONITORING_URL';
export const TOKEN_VARIABLE = 'MEDIA_MONITORING_TOKEN';
