import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { RegionMetaView } from '@credence/api-contract';
import { MAX_PAGE_SIZE, RegionQueryDto } from '../dto/institute-queries.dto';
import { CountryVerificationFiguresQuery } from '../queries/country-verification-figures.query';
import { ReferenceDataQuery } from '../queries/reference-data.query';

/**
 * Regions (verifications.md 7, money-and-insights.md 2.17 and 9): the countries an institute can be in (the
 * institute search's Country select and the regionId filter), the map's UN M49 groups, and per-country figures
 * for the coverage map.
 */
@ApiTags('regions')
@Controller('region')
export class RegionsController {
  constructor(
    private readonly reference: ReferenceDataQuery,
    private readonly figures: CountryVerificationFiguresQuery,
  ) {}

  @Get()
  async list(@Query() q: RegionQueryDto) {
    const needle = q.name?.trim().toLowerCase();
    const size = Math.min(q.size, MAX_PAGE_SIZE);
    const regions = await this.reference.mapRegions();
    const names = new Map(regions.map((r) => [r.id, r.name]));
    const all =
      q.kind === 'GROUP'
        ? regions.map((r) => ({
            id: r.id,
            name: r.name,
            kind: 'GROUP' as const,
            parent: r.parentId ? { id: r.parentId, name: names.get(r.parentId) } : null,
          }))
        : (await this.reference.countries()).map((c) => ({
            id: c.id,
            name: c.name,
            kind: 'COUNTRY' as const,
            disabled: c.disabled,
            parent: c.regionId ? { id: c.regionId, name: names.get(c.regionId) } : null,
          }));
    const matching = needle ? all.filter((r) => r.name.toLowerCase().includes(needle)) : all;
    return { content: matching.slice(q.page * size, (q.page + 1) * size), totalSize: matching.length };
  }

  /**
   * The coverage map's data: the regions, and per country its map region, numeric code, the number of institutes in
   * the catalogue, and the verification times and fraud rate of the verifications completed there (from the
   * analytics read model's country outcomes, as Country Insights reads them: CountryVerificationFiguresQuery); -1
   * where there are none, which the map leaves off (money-and-insights.md 9).
   */
  @Get('meta')
  async meta(): Promise<RegionMetaView> {
    const [regions, countries, counts, figures] = await Promise.all([
      this.reference.mapRegions(),
      this.reference.countries(),
      this.reference.instituteCounts(),
      this.figures.byCountry(),
    ]);
    return {
      regions: regions.map(({ id, name, parentId }) => ({ id, name, parentId })),
      countries: countries.map((c) => {
        const f = figures.get(c.id);
        return {
          id: c.id,
          ccn3: c.ccn3,
          name: c.name,
          regionId: c.regionId,
          institutes: counts.get(c.id) ?? 0,
          annualAverageVerificationDays: f?.annualAverageVerificationDays ?? -1,
          currentVerificationDays: f?.currentVerificationDays ?? -1,
          fraudulentPercent: f?.fraudulentPercent ?? -1,
        };
      }),
      totalInstitutes: [...counts.values()].reduce((a, b) => a + b, 0),
    };
  }
}
