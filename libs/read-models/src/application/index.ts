export * from './application.projection';
export * from './application-member.projection';
