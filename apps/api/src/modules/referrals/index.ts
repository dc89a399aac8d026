// The referrals module's public face (see identity/index.ts): its read model for the projection catalog.
export { REFERRAL_TABLE, referralProjectionDefinitions } from './referral-tables';
