import { Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  CountryStatisticView,
  HomeVolumeView,
  OverviewView,
  PeriodSeriesView,
  VerificationsChartView,
} from '@credence/api-contract';
import { DomainError } from '@credence/domain';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { AccountsRepository } from '../../identity';
import { AnalyticsReads, RANGES } from '../queries/analytics-reads';
import { BareListBody } from '../../../common/http/bare-list-body';
import { RangeFilterDto, TemplateFilterDto } from './analytics.dto';
import { assertAnalytics, assertHomeVolume, rangeOf, scopeOf, whole } from './analytics-params';

/** The query's range wins over the body's (access 7.4 has it in the query, money 7 in the body). */
const rangeIn = (query: string | undefined, body: RangeFilterDto) => rangeOf(query ?? body.range);

/**
 * The analytics calls of access 7.4 (money 2.15), served from the analytics read model and scoped to the caller's
 * company (or to its selected application templates). POST, as the spec has them: the body carries the template ids.
 */
@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly reads: AnalyticsReads,
    private readonly accounts: AccountsRepository,
  ) {}

  @Post('overview')
  @UseInterceptors(BareListBody('templateIds'))
  @HttpCode(200)
  overview(@CurrentPrincipal() p: Principal, @Body() body: TemplateFilterDto): Promise<OverviewView> {
    assertAnalytics(p);
    return this.reads.overview(scopeOf(p, body));
  }

  @Post('volume')
  @UseInterceptors(BareListBody('templateIds'))
  @HttpCode(200)
  async volume(@CurrentPrincipal() p: Principal, @Body() body: RangeFilterDto, @Query('range') range?: string): Promise<PeriodSeriesView> {
    assertAnalytics(p);
    const r = rangeIn(range, body);
    return { range: r, currentPeriod: await this.reads.volume(scopeOf(p, body), RANGES[r].grain, RANGES[r].count) };
  }

  @Post('revenue')
  @UseInterceptors(BareListBody('templateIds'))
  @HttpCode(200)
  async revenue(@CurrentPrincipal() p: Principal, @Body() body: RangeFilterDto, @Query('range') range?: string): Promise<PeriodSeriesView> {
    assertAnalytics(p);
    const r = rangeIn(range, body);
    return { range: r, currentPeriod: await this.reads.revenue(scopeOf(p, body), RANGES[r].grain, RANGES[r].count) };
  }

  @Post('verifications')
  @UseInterceptors(BareListBody('templateIds'))
  @HttpCode(200)
  async verifications(@CurrentPrincipal() p: Principal, @Body() body: RangeFilterDto, @Query('range') range?: string): Promise<VerificationsChartView> {
    assertAnalytics(p);
    const r = rangeIn(range, body);
    return { range: r, rows: await this.reads.verifications(scopeOf(p, body), RANGES[r].grain, RANGES[r].count) };
  }

  /** COUNTRY STATISTICS: `limit` 1-200 (Top 5 by default), `months` 1-24 (12 by default). */
  @Post('countries')
  @UseInterceptors(BareListBody('templateIds'))
  @HttpCode(200)
  countries(
    @CurrentPrincipal() p: Principal,
    @Body() body: TemplateFilterDto,
    @Query('limit') limit?: string,
    @Query('months') months?: string,
  ): Promise<CountryStatisticView[]> {
    assertAnalytics(p);
    return this.reads.countries(scopeOf(p, body), whole(months, 'months', 12, 1, 24), whole(limit, 'limit', 5, 1, 200));
  }

  /**
   * The home page's volume chart (2.5): 12 months or 52 weeks, for any organisation user whose account orders
   * verifications; a user of a company with a restricted view who is not its admin sees their own.
   */
  @Get('home/volume')
  async homeVolume(@CurrentPrincipal() p: Principal, @Query('periods') periods?: string): Promise<HomeVolumeView> {
    assertHomeVolume(p);
    const n = periods === undefined || periods === '' ? 12 : Number(periods);
    if (n !== 12 && n !== 52) throw new DomainError('invalid', 'periods must be 12 or 52.');
    const company = await this.accounts.company(p.companyId);
    const seesAll = p.admin || !company?.restrictedUserView;
    const scope = { kind: 'company' as const, companyId: p.companyId, ...(seesAll ? {} : { requestedBy: p.username }) };
    return { periods: n, currentPeriod: await this.reads.volume(scope, n === 52 ? 'W' : 'M', n) };
  }
}
