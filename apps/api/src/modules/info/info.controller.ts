import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { readApiVersion } from './api-version';

const version = readApiVersion();

@ApiTags('info')
@Controller('info')
export class InfoController {
  /** The portal footer shows this before anyone signs in. */
  @Public()
  @Get()
  info() {
    return { version };
  }
}
