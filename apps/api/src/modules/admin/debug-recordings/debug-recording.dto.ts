import type { RecordingReason } from '@credence/api-contract';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/** At most this many events in one chunk (the recorder sends every few seconds, far fewer). */
export const MAX_EVENTS_PER_CHUNK = 5000;

/**
 * Why a recording was made: 'debug' when the customer turned on debug mode (access 2.3, logit=true), 'sampled' for
 * the share of sessions recorded anyway, 'error' for a session that hit an error (access 9: 'session replay on 10% of
 * sessions and on 100% of sessions with an error').
 */
export const RECORDING_REASONS = ['debug', 'sampled', 'error'] as const satisfies readonly RecordingReason[];

/** POST /v1/debug/recordings/{id}/events: one chunk of a recording, numbered from 0 by the recorder. */
export class DebugRecordingChunkDto {
  @IsInt({ message: 'seq must be a whole number' })
  @Min(0, { message: 'seq must be a whole number' })
  @Max(1_000_000, { message: 'seq is too large' })
  seq!: number;

  @IsOptional()
  @IsArray({ message: 'events must be a list of recorded events' })
  @ArrayMaxSize(MAX_EVENTS_PER_CHUNK, {
    message: `At most ${MAX_EVENTS_PER_CHUNK} events can be sent at once.`,
  })
  @IsObject({ each: true, message: 'events must be a list of recorded events' })
  events?: Record<string, unknown>[];

  /**
   * The same events as JSON text, which is how the portal sends them: a page's full snapshot nests as deep as the
   * page's DOM, deeper than the API lets any JSON body nest, and as text every control character in it is escaped.
   */
  @IsOptional()
  @IsString({ message: 'payload must be the recorded events as JSON text' })
  payload?: string;

  @IsOptional()
  @IsString({ message: 'appVersion must be text' })
  @MaxLength(40, { message: 'appVersion must be at most 40 characters' })
  appVersion?: string;

  /** Why the recording is made; kept from its first chunk (a sampled session that hits an error becomes 'error'). */
  @IsOptional()
  @IsIn(RECORDING_REASONS, { message: "reason must be 'debug', 'sampled' or 'error'" })
  reason?: RecordingReason;
}
