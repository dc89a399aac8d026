import { Injectable } from '@nestjs/common';
import { DomainError } from '@credence/domain';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters for sign-in and forgot-password, per account and per client IP. The client IP is Express's
 * req.ip, which honours X-Forwarded-For only from proxies TRUST_PROXY names (default: loopback), so a caller
 * cannot pick their own IP. Counters live in this process: with several API processes each enforces its own
 * share, which bounds guessing by limit x processes.
 */
@Injectable()
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  /** Counts one attempt under key; throws 429 once the limit for the window is used up. */
  hit(key: string, limit: number, windowMs: number, now = Date.now()): void {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      this.sweep(now);
      return;
    }
    w.count++;
    if (w.count > limit) {
      throw new DomainError('rate-limited', 'Too many attempts, please wait a few minutes and try again.', 'QC-RATELIMIT');
    }
  }

  /** Throws 429 if the key is over its limit, without counting. */
  check(key: string, limit: number, now = Date.now()): void {
    const w = this.windows.get(key);
    if (w && w.resetAt > now && w.count >= limit) {
      throw new DomainError('rate-limited', 'Too many attempts, please wait a few minutes and try again.', 'QC-RATELIMIT');
    }
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    if (this.windows.size < 10000) return;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
