// The sharing module's public face: what the app's composition (projection catalogue) may import.
export { shareProjectionDefinitions, SHARE_TABLE } from './persistence/share-tables';
