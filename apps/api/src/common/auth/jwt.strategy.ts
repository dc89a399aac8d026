import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { isTypeCode, ROLE_AUDITOR, type TypeCode } from '@credence/domain';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { ROLE_ADMIN, ROLE_QC_ADMIN, type Principal, type SessionClaims } from './principal';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token.service';

/**
 * passport-jwt with an explicit algorithm allowlist: a token signed with `none`, another algorithm or another key,
 * an expired one, or one with an edited claim fails verification and the request is answered 401.
 *
 * The secret is handed over as a KeyObject made once: given a string, jsonwebtoken first tries to parse it as a PEM
 * public key on every request (OpenSSL's decoders fail, then it makes the secret key), which was a quarter of the
 * CPU of a signed-in trivial request (tools/bench/http-floor.mjs). The key is the same bytes either way.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromHeader('x-auth-token'), ExtractJwt.fromAuthHeaderAsBearerToken()]),
      // passport-jwt's types say string | Buffer; it passes the value through to jsonwebtoken, which takes a KeyObject.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(claims: SessionClaims): Principal {
    const roles = new Set(claims.authorities.map((a) => a.authority));
    let allowed: TypeCode[] | null = null;
    try {
      const parsed: unknown = JSON.parse(claims.allowedTypes);
      if (Array.isArray(parsed)) allowed = parsed.filter((t): t is TypeCode => typeof t === 'string' && isTypeCode(t));
    } catch {
      allowed = null;
    }
    return {
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
  }
}
