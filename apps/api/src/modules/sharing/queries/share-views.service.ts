import {
  DomainError,
  privateShareDetails,
  resultFooter,
  resultLabel,
  VERIFICATION_TYPES,
  visibleThroughWalletShare,
  type ShareState,
} from '@credence/domain';
import type { ReceivedShareView, SharedVerificationView, ShareView } from '@credence/api-contract';
import type { ShareRow, VerificationListRow } from '@credence/read-models';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { AccountsRepository } from '../../identity';
import { iso, VERIFICATION_LIST_TABLE } from '../../verifications';
import { SHARE_TABLE } from '../persistence/share-tables';

const verificationNotFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');
const COLUMNS = `"id", "ownerCompanyId", "ownerName", "targetKind", "verificationId", "type", "key", "inviteeEmail", "acceptedName",
  "expiresAt", "created", "revoked", "viewCount", "lastViewed", "views"`;

/** The read side of sharing: the owner's lists (from the share read model) and what a share shows. */
@Injectable()
export class ShareViews {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly accounts: AccountsRepository,
  ) {}

  /** The caller's company's own verification (not deleted), or 404: another tenant's is not there for them. */
  async ownVerification(principal: Principal, verificationId: string): Promise<VerificationListRow> {
    const { rows } = await this.pool.query<VerificationListRow>(
      `SELECT * FROM "${VERIFICATION_LIST_TABLE}" WHERE "id" = $1 AND "companyId" = $2 AND "result" <> 'DELETED'`,
      [verificationId, principal.companyId],
    );
    if (!rows[0]) throw verificationNotFound();
    return rows[0];
  }

  /** GET /verification/{id}/share: the verification's shares, oldest first (the first public one is shown). */
  async ofVerification(principal: Principal, verificationId: string): Promise<ShareView[]> {
    await this.ownVerification(principal, verificationId);
    return this.listed(`"ownerCompanyId" = $1 AND "verificationId" = $2`, [principal.companyId, verificationId]);
  }

  /** GET /wallet/share: the wallet's shares. */
  async ofWallet(principal: Principal): Promise<ShareView[]> {
    return this.listed(`"ownerCompanyId" = $1 AND "targetKind" = 'WALLET'`, [principal.companyId]);
  }

  async one(principal: Principal, shareId: string): Promise<ShareView> {
    const [view] = await this.listed(`"ownerCompanyId" = $1 AND "id" = $2`, [principal.companyId, shareId]);
    if (!view) throw new DomainError('not-found', 'Share not found.', 'QC-SHARE-NOT-FOUND');
    return view;
  }

  /** GET /share: what others share with the signed-in user's e-mail, still open. */
  async received(principal: Principal): Promise<ReceivedShareView[]> {
    const { rows } = await this.pool.query<ShareRow>(
      `SELECT ${COLUMNS} FROM "${SHARE_TABLE}"
        WHERE "inviteeEmail" = $1 AND "revoked" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now())
        ORDER BY "created" DESC LIMIT 200`,
      [principal.username.trim().toLowerCase()],
    );
    return rows.map((r) => ({ id: r.id, ownerName: r.ownerName, target: r.targetKind, created: iso(r.created)!, expiresAt: iso(r.expiresAt) }));
  }

  private async listed(where: string, params: unknown[]): Promise<ShareView[]> {
    const { rows } = await this.pool.query<ShareRow>(
      `SELECT ${COLUMNS} FROM "${SHARE_TABLE}" WHERE ${where} AND "revoked" IS NULL ORDER BY "created", "id" LIMIT 500`,
      params,
    );
    return Promise.all(rows.map(async (r) => this.present(r, r.type === 'PRIVATE' ? (r.acceptedName ?? (await this.registeredName(r.inviteeEmail))) : null)));
  }

  /** An invitee who has registered but not opened the share yet is still 'Registered as {name}.' */
  private async registeredName(email: string | null): Promise<string | null> {
    if (!email) return null;
    const user = await this.accounts.userByUsername(email);
    return user && !user.pending && !user.disabled ? `${user.firstname} ${user.lastname}`.trim() : null;
  }

  private present(r: ShareRow, registeredName: string | null): ShareView {
    return {
      id: r.id,
      type: r.type,
      key: r.key,
      extra: r.type === 'PRIVATE' ? privateShareDetails(registeredName) : null,
      registeredName,
      created: iso(r.created)!,
      expiresAt: iso(r.expiresAt),
      viewCount: r.viewCount,
      lastViewed: iso(r.lastViewed),
      views: (r.views ?? []).map((v) => iso(v)!),
    };
  }

  /** What an open share shows: its verification, or the owner's Verified results (oldest first), ids removed. */
  async content(share: ShareState): Promise<SharedVerificationView[] | null> {
    if (share.target.kind === 'VERIFICATION') {
      const { rows } = await this.pool.query<VerificationListRow>(
        `SELECT * FROM "${VERIFICATION_LIST_TABLE}" WHERE "id" = $1 AND "companyId" = $2 AND "result" <> 'DELETED'`,
        [share.target.verificationId, share.owner.companyId],
      );
      return rows[0] ? [presentShared(rows[0])] : null;
    }
    const { rows } = await this.pool.query<VerificationListRow>(
      `SELECT * FROM "${VERIFICATION_LIST_TABLE}" WHERE "companyId" = $1 AND "result" = 'VERIFIED' ORDER BY "recorded", "id" LIMIT 500`,
      [share.owner.companyId],
    );
    return rows.filter((r) => visibleThroughWalletShare(r.result)).map(presentShared);
  }
}

export function presentShared(r: VerificationListRow): SharedVerificationView {
  const typeName = VERIFICATION_TYPES.find((t) => t.alias === r.type)?.name ?? r.type;
  return {
    type: r.type,
    name: r.instituteNames?.[0] ?? r.instituteName ?? `${typeName} Verification`,
    credential: r.credential ?? null,
    instituteName: r.instituteName,
    instituteCountry: r.instituteCountry,
    fields: { firstname: r.firstname, middlename: r.middlename, surname: r.surname },
    result: r.result,
    resultLabel: resultLabel(r.result, 'history', { inApplication: !!r.applicationId, thirdPartyActionUrl: r.thirdPartyActionUrl }),
    resultDetail: resultFooter(r.result, r.instituteId),
    recorded: iso(r.recorded),
    approvedDate: iso(r.resolvedAt),
    accreditationStatus: r.accreditationStatus,
  };
}
