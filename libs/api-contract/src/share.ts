/**
 * Sharing (verifications.md 3 Share, 7): a share as its owner lists it (GET /verification/{id}/share,
 * GET /wallet/share), a share received (GET /share), and the public view's items (GET /share/{id}).
 */
export interface ShareView {
  id: string;
  type: 'PRIVATE' | 'PUBLIC';
  /** The recipient e-mail for a private share, the URL token for a public one. */
  key: string;
  /** 'Registered as {name}.' or 'Invited, not yet registered.' for a private share; null for a public one. */
  extra: string | null;
  /** The registered invitee's name, when they have registered. */
  registeredName: string | null;
  created: string;
  expiresAt: string | null;
  /** Activity: how often and when it was opened (the latest dates, newest first); never who or from where. */
  viewCount: number;
  lastViewed: string | null;
  views: string[];
}

/** A share someone made with the signed-in user (their e-mail). */
export interface ReceivedShareView {
  id: string;
  ownerName: string;
  target: 'WALLET' | 'VERIFICATION';
  created: string;
  expiresAt: string | null;
}

/** One verification as a share shows it: no ids, no references, no requester (2.12 'ids removed'). */
export interface SharedVerificationView {
  type: string;
  name: string;
  /** What was verified ('Computer Science, 2017'), from the details; null where they name nothing of the kind. */
  credential: string | null;
  instituteName: string | null;
  instituteCountry: string | null;
  fields: { firstname: string; middlename: string | null; surname: string };
  result: string;
  resultLabel: string;
  resultDetail: string | null;
  recorded: string | null;
  approvedDate: string | null;
  accreditationStatus: string | null;
}
