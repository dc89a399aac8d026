import {
  applicationStream,
  applicationDecider,
  decideAll,
  evolveApplication,
  initialApplicationState,
  isApplicationEvent,
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationState,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type Position } from '../../../infrastructure/event-store/event-store.port';
import { stampEvents } from '../../../infrastructure/command-handling/event-stamping';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { inSeedingContext } from '../../verifications/commands/verification-store';

export interface ApplicationCommandContext {
  commandId: string;
  /** Username, or system:<process>. */
  actor: string;
  impersonator?: string | null;
}

export interface AppendedApplication {
  applicationId: string;
  state: ApplicationState;
  events: { event: ApplicationEvent; eventId: string }[];
  position: Position | null;
}

/**
 * The application streams (`application-<id>`): load (fold with the domain's evolve), decide, append with the
 * expected revision and deterministic event ids, so a retried command appends nothing new. The events belong to
 * the applicant's company (tenant); the owner reads them through the read model.
 */
@Injectable()
export class ApplicationStore {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsService,
  ) {}

  async load(id: string): Promise<{ state: ApplicationState; expected: ExpectedRevision }> {
    const recorded = await this.store.readStream(applicationStream(id));
    let state = initialApplicationState();
    for (const e of recorded) if (isApplicationEvent(e)) state = evolveApplication(state, e);
    return { state, expected: recorded.length ? recorded[recorded.length - 1].revision : 'no_stream' };
  }

  /** Load, decide, append; on a concurrent change load and decide again (a few times) when asked to. */
  async execute(
    id: string,
    build: (state: ApplicationState) => ApplicationCommand[],
    ctx: ApplicationCommandContext,
    options: { retryOnConflict?: boolean } = {},
  ): Promise<AppendedApplication> {
    for (let attempt = 0; ; attempt++) {
      const loaded = await this.load(id);
      const now = new Date().toISOString();
      const { events, state } = decideAll(applicationDecider, build(loaded.state), loaded.state, now);
      if (!events.length) return { applicationId: id, state, events: [], position: null };
      const commandId = attempt ? `${ctx.commandId}/retry-${attempt}` : ctx.commandId;
      const toAppend = stampEvents(events, { ...ctx, commandId, tenantId: state.applicant.companyId, occurredAt: now });
      const withIds = events.map((event, i) => ({ event, eventId: toAppend[i].metadata.eventId }));
      try {
        const result = await this.store.append(applicationStream(id), toAppend, loaded.expected);
        return { applicationId: id, state, events: withIds, position: result.position };
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError) || !options.retryOnConflict || attempt >= 4) throw e;
      }
    }
  }

  /** Answer with the read models as they are after an append. */
  async settle(position: Position | null) {
    if (!position || inSeedingContext()) return;
    await Promise.all([this.projections.waitFor('application', position), this.projections.waitFor('application-member', position)]);
  }
}
