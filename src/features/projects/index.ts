// The projects' bundle (dist/projects.js), loaded when a topic is first opened: a topic's
// read-only .mmq document.
export { topicDocument } from './topicDocument';
