export * from './shared/domain-error';
