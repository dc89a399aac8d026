/**
 * Session tokens this process has already verified, by their exact text, with the principal read from them and their
 * expiry. A client sends the same token on every request until it renews it, and checking its signature and claims
 * again (jsonwebtoken: decode, HMAC, JSON, claim checks) was a tenth of the CPU of a signed-in request
 * (tools/bench/http-floor.mjs). Only a token that passed the full check is remembered; the key is the whole token,
 * signature included, so a token that differs in any byte is checked in full; an entry is never served at or after
 * the token's `exp` (the same rule as jsonwebtoken's); nothing but the token decides the session (no server-side state
 * is consulted for an access token, cached or not). Bounded: the oldest entry goes when full.
 */
export class VerifiedTokens<P extends object> {
  private readonly entries = new Map<string, { principal: P; exp: number }>();

  constructor(
    private readonly max = 10_000,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** A copy of the principal of a remembered, unexpired token, or undefined. */
  get(token: string): P | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (this.nowSeconds() >= hit.exp) {
      this.entries.delete(token);
      return undefined;
    }
    return { ...hit.principal };
  }

  /** Remembers a token that has just passed verification; one without a numeric exp is never remembered. */
  remember(token: string, principal: P, exp: unknown): void {
    if (typeof exp !== 'number' || !Number.isFinite(exp) || this.nowSeconds() >= exp) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { principal: { ...principal }, exp });
  }

  get size(): number {
    return this.entries.size;
  }
}
