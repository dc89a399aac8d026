import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import type { SessionClaims } from './principal';

export const TOKEN_ISSUER = 'credence';
export const TOKEN_AUDIENCE = 'credence-web';
/** access.md 4.1: the session can be refreshed until 14 minutes after the token expires. */
export const AUTO_LOGOUT_AFTER_EXPIRY_SECONDS = 14 * 60;
/** access.md 4.1 and 6.6: an impersonation session lasts 15 minutes. */
export const IMPERSONATION_TTL_SECONDS = 15 * 60;

/** Signs session tokens: HS256 only, with issuer and audience, verified the same way by the JWT strategy. */
@Injectable()
export class TokenService {
  /** Made once: a string secret makes jsonwebtoken try it as a PEM private key on every signature first (jwt.strategy.ts). */
  private readonly key: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  ttlSeconds(impersonating: boolean): number {
    return impersonating ? IMPERSONATION_TTL_SECONDS : this.config.accessTokenTtlSeconds;
  }

  sign(claims: Omit<SessionClaims, 'expOffset'>): { token: string; expiresAt: Date } {
    const ttl = this.ttlSeconds(claims.isAvatar);
    const token = this.jwt.sign(
      { ...claims, expOffset: ttl },
      { algorithm: 'HS256', expiresIn: ttl, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, secret: this.key as unknown as Buffer },
    );
    return { token, expiresAt: new Date(Date.now() + ttl * 1000) };
  }
}
