export * from './verification-list.projection';
export * from './verification-detail.projection';
export * from './verification-counts.projection';
export * from './verification-resolve-keys.projection';
