// What the exports' bundle is given: the shell's services and the ports of the Export Tasks
// view, the credits, the projects and streams (the wizard's sources) and the language server (an
// export's query is checked as it is typed).
import type { FeatureServices } from '../../shell/featureServices';
import type {
  CollectorsPort,
  CreditsPort,
  LanguagePort,
  ProjectsPort,
  StreamsPort,
  TasksPort,
} from '../../shell/ports';

export interface ExportServices extends FeatureServices {
  readonly projects: ProjectsPort;
  readonly streams: StreamsPort;
  readonly tasks: TasksPort;
  readonly credits: CreditsPort;
  readonly collectors: CollectorsPort;
  readonly language: Pick<LanguagePort, 'errorsOf'>;
}
