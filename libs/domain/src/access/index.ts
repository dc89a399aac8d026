export * from './account';
export * from './password';
export * from './permissions';
export * from './verification-types';
export * from './shell';
export * from './registration';
export * from './staff-roles';
