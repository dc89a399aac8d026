import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { isTypeCode, ROLE_AUDITOR, type TypeCode } from '@credence/domain';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { ROLE_ADMIN, ROLE_QC_ADMIN, type Principal, type SessionClaims } from './principal';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token.service';
import { VerifiedTokens } from './verified-tokens';

const tokenOf = ExtractJwt.fromExtractors([ExtractJwt.fromHeader('x-auth-token'), ExtractJwt.fromAuthHeaderAsBearerToken()]);

/**
 * passport-jwt with an explicit algorithm allowlist: a token signed with `none`, another algorithm or another key,
 * an expired one, or one with an edited claim fails verification and the request is answered 401.
 *
 * The secret is handed over as a KeyObject made once: given a string, jsonwebtoken first tries to parse it as a PEM
 * public key on every request (OpenSSL's decoders fail, then it makes the secret key), which was a quarter of the
 * CPU of a signed-in trivial request (tools/bench/http-floor.mjs). The key is the same bytes either way.
 * A token that passed the check is remembered until its expiry (verified-tokens.ts), so its next requests skip it.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verified = new VerifiedTokens<Principal>();
  /** The exp claim of each principal validate() made, for remembering its token. */
  private readonly expiries = new WeakMap<Principal, unknown>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: tokenOf,
      // passport-jwt's types say string | Buffer; it passes the value through to jsonwebtoken, which takes a KeyObject.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  /**
   * passport runs this on a fresh object per request (Object.create of this strategy, with its own success/fail):
   * a remembered token succeeds at once; otherwise passport-jwt checks it, and if it succeeds, it is remembered.
   */
  override authenticate(req: Request, options?: unknown): void {
    const token = tokenOf(req);
    if (token && Object.prototype.hasOwnProperty.call(this, 'success')) {
      const known = this.verified.get(token);
      if (known) return this.success(known);
      const success = this.success.bind(this);
      this.success = (user: Principal, info?: object) => {
        this.verified.remember(token, user, this.expiries.get(user));
        success(user, info);
      };
    }
    super.authenticate(req, options);
  }

  validate(claims: SessionClaims & { exp?: number }): Principal {
    const roles = new Set(claims.authorities.map((a) => a.authority));
    let allowed: TypeCode[] | null = null;
    try {
      const parsed: unknown = JSON.parse(claims.allowedTypes);
      if (Array.isArray(parsed)) allowed = parsed.filter((t): t is TypeCode => typeof t === 'string' && isTypeCode(t));
    } catch {
      allowed = null;
    }
    const principal: Principal = {
      userId: claims.uid,
      username: claims.sub,
      companyId: claims.cid,
      instituteId: claims.iid,
      sessionId: claims.sid,
      impersonator: claims.imp,
      paymentType: claims.paymentType,
      isIndividual: claims.isIndividual,
      isApplicant: claims.isApplicant,
      applicantPays: claims.applicantPays,
      admin: roles.has(ROLE_ADMIN),
      qcAdmin: roles.has(ROLE_QC_ADMIN),
      auditor: roles.has(ROLE_AUDITOR),
      allowedTypes: allowed,
      hasReportsAccess: claims.hasReportsAccess,
      hasAnalyticsAccess: claims.hasAnalyticsAccess,
      hasCountryAccess: claims.hasCountryAccess,
      hasApplicants: claims.hasApplicants,
      inviteApplicants: claims.inviteApplicants,
      hasReferrals: claims.hasReferrals,
      sharingDisabled: claims.sharingDisabled,
    };
    this.expiries.set(principal, claims.exp);
    return principal;
  }
}
