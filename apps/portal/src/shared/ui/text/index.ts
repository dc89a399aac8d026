export { MetaLine } from './MetaLine';
