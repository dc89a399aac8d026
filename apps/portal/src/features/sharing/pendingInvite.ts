/**
 * A private share's invitee registers in two steps (the start form, then the e-mailed completion link); the share
 * they came for is remembered in this browser between them, so the completed registration opens it (access 2.7
 * 'shareinvite'). Another browser finds it under 'Shared with you' in the wallet, and in the sign-in mail.
 */
const KEY = 'credence.shareInvite';
const SHARE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function rememberShareInvite(id: string | null) {
  if (!id || !SHARE_ID.test(id)) return;
  try {
    window.localStorage.setItem(KEY, id);
  } catch {
    // Storage off: the wallet's 'Shared with you' still leads there.
  }
}

/** The share to open after registration, once. */
export function takeShareInvite(): string | null {
  try {
    const id = window.localStorage.getItem(KEY);
    window.localStorage.removeItem(KEY);
    return id && SHARE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}
