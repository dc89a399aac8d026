// The API's response shapes, shared by its presenters, the portal and the console: a presenter that drifts from
// them, or a screen that reads a field the API does not send, fails to compile. Types only: nothing here runs.
export type * from './page';
export type * from './verifications';
export type * from './credit';
export type * from './order-quote';
export type * from './region';
export type * from './insights';
export type * from './share';
export type * from './audit';
export type * from './admin';
export type * from './debug';
