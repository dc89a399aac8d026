import { Injectable } from '@nestjs/common';
import type { Position } from '../../../infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';

/** The money read models a command's answer (and the caller's next read) depends on. */
export const MONEY_PROJECTIONS = ['credit-movements', 'invoices', 'unseen-invoices'] as const;

/** Answers only once the read models show what the command wrote: the next GET sees it. */
@Injectable()
export class MoneyProjections {
  constructor(private readonly projections: ProjectionsService) {}

  /** Takes what commands answered (their position, null when they appended nothing). */
  async caughtUp(...appends: ({ position: Position | null } | null | undefined)[]): Promise<void> {
    const positions = appends.map((a) => a?.position).filter((p): p is Position => !!p);
    if (!positions.length) return;
    const last = positions.reduce((a, b) => (a.commit === b.commit ? (a.prepare > b.prepare ? a : b) : a.commit > b.commit ? a : b));
    await Promise.all(MONEY_PROJECTIONS.map((name) => this.projections.waitFor(name, last)));
  }
}
