import { Body, Controller, HttpCode, Param, ParseEnumPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { InitIdentityCapture } from '../commands/handlers';
import { IdentityInitDto } from '../dto/submission.dto';
import { SANDBOX_CAPTURE_STEPS, SandboxIdentityProvider, type SandboxCaptureStep } from '../ports/sandbox-identity-provider';

/** POST /id/init (verifications.md 7): an applicant at the identity provider; returns jwt and applicantID. */
@ApiTags('verifications')
@Controller('id')
export class IdentityController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly sandbox: SandboxIdentityProvider,
  ) {}

  @Post('init')
  @HttpCode(200)
  init(@Body() body: IdentityInitDto) {
    return this.commandBus.execute(new InitIdentityCapture(body));
  }

  /**
   * THE SANDBOX provider's widget (2.8, the embedded default): a step of the capture done, document then face.
   * The check of an applicant waits for its face step.
   */
  @Post('sandbox/:applicantId/:step')
  @HttpCode(200)
  sandboxStep(
    @Param('applicantId') applicantId: string,
    @Param('step', new ParseEnumPipe(Object.fromEntries(SANDBOX_CAPTURE_STEPS.map((s) => [s, s])))) step: SandboxCaptureStep,
  ) {
    return this.sandbox.captureStep(applicantId, step);
  }
}
