export * from './share.projection';
