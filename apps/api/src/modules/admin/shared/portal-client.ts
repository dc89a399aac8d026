import type { Request } from 'express';
import type { Principal } from '../../../common/auth/principal';

/**
 * Who sent something the portal sends without asking anyone to sign in (a debug recording, an error report): the
 * username when a session came with it, and the browser (its user agent, as much of it as is kept).
 */
export interface PortalClient {
  username: string | null;
  userAgent: string | null;
}

export const portalClient = (principal: Principal | null, req: Request): PortalClient => ({
  username: principal?.username ?? null,
  userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
});
