// The uploads' bundle (dist/uploads.js), loaded on the first upload or delete of documents:
// the upload's checks, sending and report panel, and deleting or undeleting documents.
export { Uploads } from './uploads';
