// Image detection as its own bundle (dist/detect.js), loaded on the first detection command:
// the commands' work, the panel and its protocol checks (zod/mini), the JPEG orientation parser
// and the placement of boxes stay out of dist/extension.js, which loads at activation.
export { Detection } from './detection';
