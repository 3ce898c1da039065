// What the collectors' bundle is given: the shell's services and the ports it needs of the
// Streams & Collectors view (refresh, reads), the projects (the wizard's choices) and the
// language server (a collector's query is checked as it is typed).
import type { FeatureServices } from '../../shell/featureServices';
import type { LanguagePort, ProjectsPort, StreamsPort } from '../../shell/ports';

export interface CollectorServices extends FeatureServices {
  readonly projects: ProjectsPort;
  readonly streams: StreamsPort;
  readonly language: Pick<LanguagePort, 'errorsOf'>;
}
