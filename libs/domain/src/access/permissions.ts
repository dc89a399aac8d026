/** Per-verification permission bitmask (access.md 6.5): granted when the bitwise AND with the flag is non-zero. */
export const PERMISSION = {
  DEL_SEF: 1,
  ADD_INS: 2,
  DEL_INS: 4,
  UPD_FLD: 8,
  ADD_DOC: 16,
  DEL_DOC: 32,
  VEW_PRC: 64,
  SAV_LTR: 128,
} as const;

export type PermissionFlag = keyof typeof PERMISSION;

export const hasPermission = (mask: number, flag: PermissionFlag) => (mask & PERMISSION[flag]) !== 0;

/** By result: NOT_FOUND 8; REJECTED, UNPAID and AWAITING_CONSENT 56; any other result 0. */
export function permissionsForResult(result: string): number {
  switch (result) {
    case 'NOT_FOUND':
      return 8;
    case 'REJECTED':
    case 'UNPAID':
    case 'AWAITING_CONSENT':
      return 56;
    default:
      return 0;
  }
}

/** New-verification flows: 252 when removal is allowed, 248 when not (an application with lockedInstitutes). */
export const newVerificationPermissions = (removalAllowed: boolean) => (removalAllowed ? 252 : 248);
