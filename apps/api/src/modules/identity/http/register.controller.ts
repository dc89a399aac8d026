import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CompleteRegistrationDto, RegisterApplicantDto, StartRegistrationDto, UnsubscribeDto } from '../dto/identity.dto';
import { OwnersService } from '../registration/owners.service';
import { ApplicantInvitations } from '../registration/applicant-invitations';
import { RegistrationService } from '../registration/registration.service';

/** access.md 7.2: registration and the owner look-ups of the registration pages; public by design. */
@ApiTags('registration')
@Controller()
export class RegisterController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly invitations: ApplicantInvitations,
    private readonly owners: OwnersService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Public()
  @Get('register/:token')
  read(@Param('token') token: string) {
    return this.registration.read(token);
  }

  @Public()
  @Post('register')
  @HttpCode(204)
  async start(@Body() body: StartRegistrationDto) {
    await this.registration.start({ ...body, individual: body.individual ?? false });
  }

  @Public()
  @Put('register/:token')
  @HttpCode(204)
  async complete(@Param('token') token: string, @Body() body: CompleteRegistrationDto) {
    await this.registration.complete(token, body as never);
  }

  @Post('register/applicant')
  @HttpCode(204)
  async inviteApplicant(@CurrentPrincipal() principal: Principal, @Body() body: RegisterApplicantDto) {
    await this.invitations.inviteApplicant(principal, { ...body, ref: body.ref ?? body.customerReference ?? null });
  }

  @Public()
  @Post('unsubscribe')
  @HttpCode(204)
  async unsubscribe(@Body() body: UnsubscribeDto) {
    await this.pool.query(`INSERT INTO unsubscribes (application_id, reason) VALUES ($1, $2)`, [body.applicationId, body.reason]);
  }

  @Public()
  @Get('application/template/owner/:x')
  async templateOwner(@Param('x') x: string) {
    const { applicantPays: _pays, ...owner } = await this.owners.applicationOwner(x);
    return owner;
  }

  @Public()
  @Get('application/owner/:x')
  async applicationOwner(@Param('x') x: string) {
    const owner = await this.owners.applicationOwner(x);
    return { id: owner.id, name: owner.name, logo: owner.logo, partnerLogo: owner.partnerLogo };
  }

  @Public()
  @Get('referral/owner/:x')
  referralOwner(@Param('x') x: string) {
    return this.owners.referralOwner(x);
  }
}
