export * from './calendar';
export * from './analytics.projection';
