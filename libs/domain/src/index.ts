export * from './shared/domain-error';
export * from './shared/event';
export * from './shared/decider';
export * from './access';
export * from './money';
export * from './verification';
export * from './application';
export * from './share';
