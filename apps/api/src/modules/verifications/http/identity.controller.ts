import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { InitIdentityCapture } from '../commands/handlers';
import { IdentityInitDto } from '../dto/submission.dto';

/** POST /id/init (verifications.md 7): an applicant at the identity provider; returns jwt and applicantID. */
@ApiTags('verifications')
@Controller('id')
export class IdentityController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('init')
  @HttpCode(200)
  init(@Body() body: IdentityInitDto) {
    return this.commandBus.execute(new InitIdentityCapture(body));
  }
}
