import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../common/auth/public.decorator';
import { NameQueryDto } from '../dto/institute-queries.dto';
import { ReferenceDataQuery } from '../queries/reference-data.query';

/**
 * Country and industry pickers (access.md 3.6, 5.2, 7.3). Public on purpose: the registration form uses them
 * before anyone has signed in.
 */
@ApiTags('reference data')
@Controller('company')
export class CompanyReferenceController {
  constructor(private readonly reference: ReferenceDataQuery) {}

  @Public()
  @Get('country')
  countries(@Query() q: NameQueryDto) {
    return this.reference.searchCountries(q.name);
  }

  @Public()
  @Get('industry')
  industries(@Query() q: NameQueryDto) {
    return this.reference.searchIndustries(q.name);
  }
}
