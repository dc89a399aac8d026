import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** Made by the migrations (apps/api/migrations). */
export const CERTIFICATES_TABLE = 'rendering_certificates';

/** An issued certificate: its public code, what it was made from, and the digests a verifier compares. */
export interface IssuedCertificate {
  code: string;
  verificationId: string;
  revision: string;
  position: string;
  options: string;
  ignoreNotes: boolean;
  brandCompanyId: string | null;
  result: string;
  digest: string;
  pdfSha256: string;
  blobKey: string;
  issuedByCompanyId: string;
  issuedAt: Date;
}

const COLUMNS = `code, verification_id AS "verificationId", revision::text AS revision, position, options, ignore_notes AS "ignoreNotes",
  brand_company_id AS "brandCompanyId", result, digest, pdf_sha256 AS "pdfSha256", blob_key AS "blobKey",
  issued_by_company_id AS "issuedByCompanyId", issued_at AS "issuedAt"`;

/** The module's own table: code -> verification, revision, options, digests (never customer text). */
@Injectable()
export class CertificateStore {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byCode(code: string): Promise<IssuedCertificate | null> {
    const { rows } = await this.pool.query<IssuedCertificate>(`SELECT ${COLUMNS} FROM ${CERTIFICATES_TABLE} WHERE code = $1`, [code]);
    return rows[0] ?? null;
  }

  async find(verificationId: string, revision: bigint, options: string): Promise<IssuedCertificate | null> {
    const { rows } = await this.pool.query<IssuedCertificate>(
      `SELECT ${COLUMNS} FROM ${CERTIFICATES_TABLE} WHERE verification_id = $1 AND revision = $2 AND options = $3`,
      [verificationId, revision.toString(), options],
    );
    return rows[0] ?? null;
  }

  /** Records a certificate; when another request issued the same one first, answers theirs. */
  async insert(c: Omit<IssuedCertificate, 'issuedAt'> & { issuedAt: Date }): Promise<{ row: IssuedCertificate; inserted: boolean }> {
    const { rows } = await this.pool.query<IssuedCertificate>(
      `INSERT INTO ${CERTIFICATES_TABLE} (code, verification_id, revision, position, options, ignore_notes, brand_company_id, result, digest, pdf_sha256, blob_key, issued_by_company_id, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (verification_id, revision, options) DO NOTHING RETURNING ${COLUMNS}`,
      [c.code, c.verificationId, c.revision, c.position, c.options, c.ignoreNotes, c.brandCompanyId, c.result, c.digest, c.pdfSha256, c.blobKey, c.issuedByCompanyId, c.issuedAt],
    );
    if (rows[0]) return { row: rows[0], inserted: true };
    const existing = await this.find(c.verificationId, BigInt(c.revision), c.options);
    if (!existing) throw new Error('certificate vanished after a conflicting insert');
    return { row: existing, inserted: false };
  }

  /** The blob was lost and rendered again: the bytes (and so their hash) may differ. */
  async replacePdf(code: string, pdfSha256: string) {
    await this.pool.query(`UPDATE ${CERTIFICATES_TABLE} SET pdf_sha256 = $2 WHERE code = $1`, [code, pdfSha256]);
  }
}
