// Where the corpus of the service's published answers lies, for tests that run as ES modules.
import { join } from 'node:path';

export const SERVICE_FIXTURES = join(import.meta.dirname, '../fixtures/service');
