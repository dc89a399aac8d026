import { ListQueryDto } from '../../../common/http/list-query';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { filterAs, listInMemory, parseListQuery, type MemoryResource } from '../../../common/http/simple-rest';
// eslint-disable-next-line credence/module-boundaries -- the audit-events list reads the log itself; to move into a query handler (issue 14)
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { auditEventRow, parseEventId, STREAM_NAME, type AuditEventRow } from './audit-event-rows';

const resource: MemoryResource<AuditEventRow, 'time' | 'revision' | 'type' | 'actor'> = {
  resource: 'audit-events',
  sortable: { time: (r) => r.time, revision: (r) => r.revision, type: (r) => r.type, actor: (r) => r.actor },
  defaultSort: ['revision', 'DESC'],
  filters: {
    // Read before listing (it chooses the stream); every row of the stream matches it.
    stream: () => true,
    type: (r, v) => filterAs.list(v).includes(r.type),
    actor: (r, v) => (r.actor ?? '').toLowerCase().includes(filterAs.text('actor', v).toLowerCase()),
    impersonated: (r, v) => (r.impersonator !== null) === filterAs.boolean('impersonated', v),
  },
};

/**
 * The events of one stream, for audits and timelines: `audit-<company id>` (security changes and staff edits),
 * `verification-<id>` and the other areas' streams. Always one stream at a time: the whole log is not a list.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/audit-events')
export class AdminAuditEventsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    const { filter } = parseListQuery(query, {
      sortable: Object.keys(resource.sortable) as (keyof typeof resource.sortable)[],
      filterable: Object.keys(resource.filters),
      defaultSort: resource.defaultSort,
    });
    if (filter.id && filter.stream === undefined) return listInMemory(await this.byIds(filter.id), resource, query, res);
    if (filter.stream === undefined) {
      throw new DomainError('invalid', 'Choose a stream: filter {"stream":"audit-<company id>"} or {"stream":"verification-<id>"}.');
    }
    const stream = filterAs.text('stream', filter.stream);
    if (!STREAM_NAME.test(stream)) throw new DomainError('invalid', 'That is not a stream name.');
    return listInMemory((await this.store.readStream(stream)).map(auditEventRow), resource, query, res);
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    const [row] = await this.byIds([id]);
    if (!row) throw new DomainError('not-found', 'Event not found.');
    return row;
  }

  private async byIds(ids: string[]): Promise<AuditEventRow[]> {
    const rows: AuditEventRow[] = [];
    for (const id of ids) {
      const ref = parseEventId(id);
      if (!ref) continue;
      const [event] = await this.store.readStream(ref.stream, { fromRevision: ref.revision, maxCount: 1 });
      if (event && event.revision === ref.revision) rows.push(auditEventRow(event));
    }
    return rows;
  }
}
