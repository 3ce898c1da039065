// The wire contract of the Media Monitoring Data API: one zod schema per request and response,
// with inferred types. The client parses every response with these; the sandbox builds its
// responses from the same types, and its tests parse them with the same schemas.
export * from './customMetrics';
export * from './document';
export * from './envelope';
export * from './histogram';
export * from './images';
export * from './projects';
export * from './streams';
export * from './tasks';
export * from './uploads';
