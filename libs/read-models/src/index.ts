export * from './projection';
export * from './stream-stats/stream-stats.projection';
