export const BUNDLE_FORMAT: 'credence-audit-bundle/1';
export const GENESIS_HASH: string;

/** RFC 8785 canonical JSON of a JSON value (what the hashes and signatures cover). */
export function canonicalize(value: unknown): string;

/** An event as its hash covers it (metadata may carry the hash; it is left out of the input). */
export interface HashableEvent {
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: object;
  revision: bigint | number | string;
}

export interface CheckpointLeaf {
  stream: string;
  revision: number;
  hash: string;
}

export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

export interface CheckpointBody {
  id: number;
  createdAt: string;
  merkleRoot: string;
  leafCount: number;
  previousId: number | null;
  keyFingerprint: string;
  /** The log position the checkpoint scanned up to. */
  position?: { commit: string; prepare: string };
}

export interface BundleCheckpoint {
  body: CheckpointBody;
  signature: string;
  publicKey?: string;
  leaf: CheckpointLeaf;
  proof: ProofStep[];
}

export interface BundleEvent {
  revision: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: { hash?: string; [key: string]: unknown };
  recordedAt?: string;
  /** The event's commit position in the store's global log (not covered by the hash; a certificate names it). */
  position?: string;
}

export interface AuditBundle {
  format: typeof BUNDLE_FORMAT;
  stream: string;
  exportedAt: string;
  events: BundleEvent[];
  checkpoints: BundleCheckpoint[];
  publicKey: string;
  [key: string]: unknown;
}

export interface Problem {
  /** The first revision the problem concerns (null: the bundle as a whole). */
  revision: number | null;
  /** Which link: "4->5" between two events, or "checkpoint 3". */
  link: string;
  message: string;
}

export interface VerifyResult {
  ok: boolean;
  stream: string;
  events: number;
  checkpoints: number;
  coveredUpTo: number;
  problems: Problem[];
  firstBad: Problem | null;
  notes: string[];
}

export function eventHashInput(event: HashableEvent): string;
export function chainHash(prevHash: string, event: HashableEvent): string;
/** chainHash of an event whose data and metadata (without its hash) are given as canonical JSON (RFC 8785) texts. */
export function chainHashOfJson(
  prevHash: string,
  event: {
    type: string;
    schemaVersion: number;
    dataJson: string;
    metadataJson: string;
    revision: bigint | number | string;
  },
): string;
export function chainHashes(prevHash: string, events: HashableEvent[]): string[];
export function sortLeaves<L extends CheckpointLeaf>(leaves: L[]): L[];
export function merkleTree(sortedLeaves: CheckpointLeaf[]): { root: string; proofs: ProofStep[][] };
export function merkleRootFromProof(leaf: CheckpointLeaf, proof: ProofStep[]): string;
export function checkpointSigningInput(body: CheckpointBody): Buffer;
export function verifyCheckpointSignature(body: CheckpointBody, signatureBase64: string, publicKeyPem: string): boolean;
export function keyFingerprint(publicKeyPem: string): string;
export function verifyBundle(bundle: unknown, options?: { publicKeyPem?: string }): VerifyResult;

/** What a certificate PDF embeds (null where absent). */
export interface CertificateMetadata {
  code: string | null;
  verifyUrl: string | null;
  contentDigest: string | null;
  stream: string | null;
  revision: string | null;
  position: string | null;
  streamHash: string | null;
  title: string | null;
}

export function readCertificateMetadata(pdfBytes: Uint8Array): Promise<CertificateMetadata>;
export function verifyCertificate(
  bundle: AuditBundle,
  certificate: CertificateMetadata,
): { ok: boolean; problems: string[]; notes: string[]; certificate: CertificateMetadata & { revision: number | null } };
