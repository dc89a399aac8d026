// The catalogue module's public face: what other modules may import.
export { APPLICATION_PRICING, type ApplicationPrices, type ApplicationPricing } from './pricing/application-pricing';
export { InstituteDetailQuery } from './queries/institute-detail.query';
export { InstituteRecordsService } from './records/institute-records.service';
export { InstituteRequested } from './requests/institute-requested.event';
