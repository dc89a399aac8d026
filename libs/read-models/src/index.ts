export * from './projection';
export * from './stream-stats/stream-stats.projection';
export * from './money';
export * from './verification';
export * from './application';
export * from './share';
export * from './analytics';
export * from './referral/referral.projection';
