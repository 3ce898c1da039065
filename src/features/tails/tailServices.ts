// What starting a tail is given: the shell's services, the projects (a project's tail asks which
// one and which topics) and the language server (the extra query is checked as it is typed).
import type { FeatureServices } from '../../shell/featureServices';
import type { LanguagePort, ProjectsPort } from '../../shell/ports';

export interface TailServices extends FeatureServices {
  readonly projects: ProjectsPort;
  readonly language: Pick<LanguagePort, 'errorsOf'>;
}
