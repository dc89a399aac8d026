import { DomainError, fromMinor, schemePrice } from '@credence/domain';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import {
  InstituteQueryDto,
  InstituteSummaryQueryDto,
  MAX_PAGE_SIZE,
  RefDataQueryDto,
} from '../dto/institute-queries.dto';
import { RequestInstituteDto } from '../dto/request-institute.dto';
import { ApplicationPricingLookup } from '../pricing/application-pricing';
import { priceViewFor } from '../pricing/price-view';
import { InstituteDetailQuery } from '../queries/institute-detail.query';
import { InstituteSearchQuery } from '../queries/institute-search.query';
import { ReferenceDataQuery } from '../queries/reference-data.query';
import { InstituteRequestsService } from '../requests/institute-requests.service';
import { instituteBody, summaryRow } from './institute.presenter';

const notFound = () => new DomainError('not-found', 'Institute not found.');

/**
 * Institutes for signed-in callers (verifications.md 7): the search, one institute, its reference data, and
 * requests for new ones. Prices appear as the caller may see them.
 */
@ApiTags('institutes')
@Controller('institute')
export class InstitutesController {
  constructor(
    private readonly search: InstituteSearchQuery,
    private readonly detail: InstituteDetailQuery,
    private readonly reference: ReferenceDataQuery,
    private readonly requests: InstituteRequestsService,
    private readonly applications: ApplicationPricingLookup,
  ) {}

  @Get('summary')
  async summary(@Query() q: InstituteSummaryQueryDto, @CurrentPrincipal() caller: Principal) {
    if (q.parentId && !(await this.detail.get(q.parentId))) throw notFound();
    const countryIds = q.regionId ? await this.reference.countriesOf(q.regionId) : null;
    const size = Math.min(q.size, MAX_PAGE_SIZE);
    const { hits, total } = await this.search.run({
      name: q.name,
      fuzzy: q.fuzzy ?? false,
      countryIds: countryIds ?? undefined,
      parentId: q.parentId,
      page: q.page,
      size,
    });
    const view = priceViewFor(caller);
    return { content: hits.map((h) => summaryRow(h, view)), totalSize: total };
  }

  @Get(':id')
  async one(@Param('id') id: string, @Query() q: InstituteQueryDto, @CurrentPrincipal() caller: Principal) {
    const found = await this.detail.get(id);
    if (!found) throw notFound();
    const application = q.applicationId ? await this.applications.find(q.applicationId, caller) : null;
    // Inside an application with a pricing scheme, the price is the scheme's for the next verification in it.
    const minor = application && schemePrice(application.pricingScheme, { instituteId: found.institute.id, regionId: found.country?.id ?? null }, application.nextPosition);
    const priced = minor == null ? found : { ...found, institute: { ...found.institute, price: fromMinor(minor), surcharge: 0 } };
    return instituteBody(priced, priceViewFor(caller, application));
  }

  @Get(':id/refdata')
  async refData(@Param('id') id: string, @Query() q: RefDataQueryDto) {
    const found = await this.detail.get(id);
    if (!found) throw notFound();
    if (!found.institute.fields.some((f) => f.key === q.key)) {
      throw new DomainError('invalid', `The institute has no field '${q.key}'.`);
    }
    return this.detail.refData(id, q.key, q.name, q.page, Math.min(q.size, MAX_PAGE_SIZE));
  }

  @Post()
  @HttpCode(201)
  request(@Body() body: RequestInstituteDto, @CurrentPrincipal() caller: Principal) {
    return this.requests.request(
      { name: body.name, country: body.country, comment: body.comment || null },
      caller,
    );
  }
}
