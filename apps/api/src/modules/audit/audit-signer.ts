import { Inject, Injectable, Logger } from '@nestjs/common';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { checkpointSigningInput, keyFingerprint, type CheckpointBody } from 'credence-verify';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';

/** The Ed25519 key that signs checkpoints: AUDIT_SIGNING_KEY, else (never in production) one for this process. */
@Injectable()
export class AuditSigner {
  private readonly privateKey: KeyObject;
  readonly publicKeyPem: string;
  readonly fingerprint: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.audit.signingKeyPem) {
      this.privateKey = createPrivateKey(config.audit.signingKeyPem);
    } else {
      this.privateKey = generateKeyPairSync('ed25519').privateKey;
      new Logger('Audit').warn(
        'AUDIT_SIGNING_KEY is not set: checkpoints are signed with a key made for this process only (npm start generates one into .data/)',
      );
    }
    this.publicKeyPem = createPublicKey(this.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    this.fingerprint = keyFingerprint(this.publicKeyPem);
  }

  sign(body: CheckpointBody): string {
    return sign(null, checkpointSigningInput(body), this.privateKey).toString('base64');
  }
}
