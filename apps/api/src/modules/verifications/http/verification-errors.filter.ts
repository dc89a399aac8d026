import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { VerificationInvalid } from '@credence/domain';
import type { Response } from 'express';

/** Every broken rule of a submission is answered, each message in the spec's words with the form field it is about. */
@Catch(VerificationInvalid)
export class VerificationErrorsFilter implements ExceptionFilter {
  catch(exception: VerificationInvalid, host: ArgumentsHost) {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(400)
      .json({ errors: exception.problems.map((p) => ({ message: p.message, field: p.field, code: exception.code })) });
  }
}
