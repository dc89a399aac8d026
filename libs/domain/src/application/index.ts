export * from './application.types';
export * from './application.events';
export * from './application.rules';
export * from './status-labels';
export { evolveApplication, initialApplicationState, type ApplicationState } from './application.state';
export {
  APPLICATION_ERRORS,
  applicationVisibleTo,
  decideApplication,
  applicationDecider,
  submissionProblems,
  type ApplicationActor,
  type ApplicationCommand,
} from './application.decide';
