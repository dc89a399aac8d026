import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseArrayPipe,
  Post,
  Put,
  Query,
  Req,
  Res,
  UnprocessableEntityException,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource } from '../../../common/http/simple-rest';
import { CreateInstituteDto, RefDataOptionDto, UpdateInstituteDto } from '../dto/admin-institute.dto';
import { InstituteRecordsImport, RecordImportRejected } from '../records/institute-records-import';
import { actorOf } from './actor-of';
import { readCsvBody } from './csv-body';
import { INSTITUTE_FILTERS, INSTITUTE_SORTS } from './admin-institutes.query';
import { AdminInstitutesService } from './admin-institutes.service';
import {
  GetInstituteForStaff,
  INSTITUTE_RECORD_FILTERS,
  ListInstituteRecordsForStaff,
  ListInstitutesForStaff,
} from './queries/admin-catalogue.queries';

/** Simple-rest resource `institutes` for the staff console, and the records behind an institute. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/institutes')
export class AdminInstitutesController {
  constructor(
    private readonly institutes: AdminInstitutesService,
    private readonly queryBus: QueryBus,
    private readonly imports: InstituteRecordsImport,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    const spec = {
      resource: 'institutes',
      filterable: INSTITUTE_FILTERS,
      sortable: INSTITUTE_SORTS,
      defaultSort: ['name', 'ASC'],
    } as const;
    return listResource(res, spec, query, (q) => this.queryBus.execute(new ListInstitutesForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetInstituteForStaff(id));
  }

  @Post()
  @HttpCode(201)
  create(@Body() body: CreateInstituteDto, @CurrentPrincipal() p: Principal) {
    return this.institutes.create(body, actorOf(p));
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: UpdateInstituteDto, @CurrentPrincipal() p: Principal) {
    return this.institutes.update(id, body, actorOf(p));
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() p: Principal) {
    return this.institutes.remove(id, actorOf(p));
  }

  @Put(':id/refdata/:key')
  refData(
    @Param('id') id: string,
    @Param('key') key: string,
    @Body(new ParseArrayPipe({ items: RefDataOptionDto, whitelist: true })) options: RefDataOptionDto[],
    @CurrentPrincipal() p: Principal,
  ) {
    return this.institutes.replaceRefData(id, key, options, actorOf(p));
  }

  /**
   * Simple-rest resource of one institute's records (filter q: a name prefix). The institute is looked up first,
   * so an unknown institute is a 404 whatever the list parameters are (as before the list moved to the QueryBus).
   */
  @Get(':id/records')
  async listRecords(
    @Param('id') id: string,
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.one(id);
    const spec = {
      resource: 'records',
      filterable: INSTITUTE_RECORD_FILTERS,
      sortable: ['lastName'],
      defaultSort: ['lastName', 'ASC'],
    } as const;
    return listResource(res, spec, query, (q) =>
      this.queryBus.execute(new ListInstituteRecordsForStaff(id, q)),
    );
  }

  /**
   * Imports records from CSV (a text/csv body, or JSON {csv}); ?mode=replace swaps the institute's records for
   * the file's, the default appends. All or nothing: 422 lists every bad line.
   */
  @Post(':id/records/import')
  @HttpCode(200)
  async importRecords(
    @Param('id') id: string,
    @Query('mode') mode: string | undefined,
    @Req() req: Request,
    @CurrentPrincipal() p: Principal,
  ) {
    if (mode !== undefined && mode !== 'append' && mode !== 'replace') {
      throw new DomainError('invalid', 'mode must be append or replace.');
    }
    const csv = await readCsvBody(req);
    try {
      return await this.imports.importCsv(id, csv, mode ?? 'append', actorOf(p));
    } catch (e) {
      if (e instanceof RecordImportRejected) throw new UnprocessableEntityException({ errors: e.messages });
      throw e;
    }
  }
}
