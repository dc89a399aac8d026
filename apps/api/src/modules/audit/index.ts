// The audit area's public face (issue 24).
export { AuditTrailModule } from './audit-trail.module';
export { CheckpointsService } from './checkpoints.service';
export { replayVerification, parseReplayPoint, type Replay } from './replay';
