// The info area's public face: its controller and the API version it reports.
export { InfoController } from './info.controller';
export { readApiVersion } from './api-version';
