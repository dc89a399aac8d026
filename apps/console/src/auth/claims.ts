export interface TokenClaims {
  sub?: string;
  exp?: number;
  authorities?: { authority: string }[];
}

/** Reads a JWT's payload without verifying it: the API verifies every call; the console only needs the claims. */
export function decodeClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as TokenClaims)
      : null;
  } catch {
    return null;
  }
}
