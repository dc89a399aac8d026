import type { ErrorSource } from '@credence/api-contract';
import { IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { RECORDING_ID } from '../debug-recordings/debug-recordings.service';

/**
 * Where the portal met the error: window's 'error' and 'unhandledrejection' (nothing caught it), a screen that failed
 * to render (the router's error boundary), or a failure a screen handled and reports (verifications 8: the resolve
 * page's 'reported to an error-reporting service').
 */
export const ERROR_SOURCES = [
  'error',
  'unhandledrejection',
  'render',
  'caught',
] as const satisfies readonly ErrorSource[];

/**
 * POST /v1/debug/errors: one uncaught error in the portal (access 9, error reporting), with the recording of the
 * session it happened in when there is one. The portal scrubs ids from the path before it sends it.
 */
export class ErrorReportDto {
  @IsString({ message: 'message must be text' })
  @Length(1, 2000, { message: 'message must be 1 to 2000 characters' })
  message!: string;

  @IsOptional()
  @IsString({ message: 'stack must be text' })
  @MaxLength(16_000, { message: 'stack must be at most 16000 characters' })
  stack?: string;

  @IsIn(ERROR_SOURCES, { message: "source must be 'error', 'unhandledrejection', 'render' or 'caught'" })
  source!: ErrorSource;

  @IsString({ message: 'path must be text' })
  @Length(1, 500, { message: 'path must be 1 to 500 characters' })
  path!: string;

  @IsOptional()
  @IsString({ message: 'recordingId must be the id of a recording' })
  @Matches(RECORDING_ID, { message: 'recordingId must be the id of a recording' })
  recordingId?: string;

  @IsOptional()
  @IsString({ message: 'appVersion must be text' })
  @MaxLength(40, { message: 'appVersion must be at most 40 characters' })
  appVersion?: string;
}
