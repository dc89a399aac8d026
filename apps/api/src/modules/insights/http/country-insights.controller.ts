import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CountryDetailView, CountryInsightsView } from '@credence/api-contract';
import { canUseCountryInsights, DomainError } from '@credence/domain';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { countryDestinations } from '../queries/country-destinations';
import { CountryDetail } from '../queries/country-detail';
import { CountryFigures } from '../queries/country-figures';
import { CountryNotifications } from '../queries/country-notifications';

/** Country Insights (access 6.2, money 6): non-individuals with hasCountryAccess; others see the prompt page. */
export function assertCountryAccess(p: Principal) {
  if (!canUseCountryInsights(p)) {
    throw new DomainError(
      'forbidden',
      'Country Insights are available to organisations with Country Insights access.',
    );
  }
}

/**
 * GET /insights/countries (money 2.18): per institute country the average verification time and fraud rate of the
 * last 12 months, with the global averages, from the analytics read model. The figures are global (every
 * customer's completions, no customer named), as the page shows them to every organisation with access. With them,
 * per country its Top Incoming and Top Outgoing Destinations (OECD data shipped in data/).
 */
@ApiTags('analytics')
@Controller('insights')
export class CountryInsightsController {
  constructor(
    private readonly figures: CountryFigures,
    private readonly detail: CountryDetail,
    private readonly notifications: CountryNotifications,
  ) {}

  @Get('countries')
  async countries(@CurrentPrincipal() p: Principal): Promise<CountryInsightsView> {
    assertCountryAccess(p);
    return { ...(await this.figures.all()), destinations: countryDestinations() };
  }

  /**
   * One country's expanded row: capital, population, languages, this year's public holidays and today's, the
   * Macro-Level series and the active country notifications.
   */
  @Get('countries/:code')
  async country(@CurrentPrincipal() p: Principal, @Param('code') code: string): Promise<CountryDetailView> {
    assertCountryAccess(p);
    const detail = this.detail.of(code);
    return { ...detail, notifications: await this.notifications.activeFor(detail.code) };
  }
}
