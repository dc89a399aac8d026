import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal, OptionalPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listRows } from '../../../common/http/simple-rest';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { portalClient } from '../shared/portal-client';
import { DebugRecordingChunkDto } from './debug-recording.dto';
import { debugRecordingsResource } from './debug-recordings.resource';
import { DebugRecordingsService } from './debug-recordings.service';

/**
 * Where the portal's recorder sends a debug session (access 2.3: logit=true). Public on purpose: a session may be
 * recorded from the sign-in page on, before there is a token; a signed-in caller's username is kept with it. Only the
 * recorder knows its recording's 128-bit id, chunks and recordings are capped, and it is throttled.
 */
@ApiTags('debug')
@Controller('debug/recordings')
export class DebugRecordingsController {
  constructor(private readonly recordings: DebugRecordingsService) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 120, ttl: 60_000 } })
  @Post(':id/events')
  @HttpCode(204)
  async append(
    @Param('id') id: string,
    @Body() body: DebugRecordingChunkDto,
    @OptionalPrincipal() principal: Principal | null,
    @Req() req: Request,
  ): Promise<void> {
    await this.recordings.append(id, body, portalClient(principal, req));
  }
}

/** Staff administrators replay and delete the recordings (the console's Debug sessions). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/debug-recordings')
export class AdminDebugRecordingsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly recordings: DebugRecordingsService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, debugRecordingsResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.recordings.withEvents(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.recordings.remove(id, staff);
  }
}
