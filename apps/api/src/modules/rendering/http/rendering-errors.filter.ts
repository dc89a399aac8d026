import { Catch, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { errorBody } from '../../../common/errors/error-body';
import { ChromiumNotFoundError } from '../browser/chromium-locator';
import { RenderFailedError } from '../browser/pdf-renderer';

/**
 * A PDF that cannot be made is the server's problem, said plainly: 503 with the spec's body. A missing browser
 * names the setting that fixes it (CHROMIUM_PATH) in the log and in the answer; the path itself is not sent.
 */
@Catch(ChromiumNotFoundError, RenderFailedError)
export class RenderingErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('PdfRenderer');

  catch(exception: ChromiumNotFoundError | RenderFailedError, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    this.logger.error(exception.message);
    const message =
      exception instanceof ChromiumNotFoundError
        ? 'PDF documents cannot be made: the server has no Chromium (set CHROMIUM_PATH).'
        : 'The PDF could not be made, please try again.';
    res.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', '5').json(errorBody([message], 'QC-PDF-UNAVAILABLE'));
  }
}
