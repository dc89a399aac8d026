// Small HTTP helpers over the real API, for setting the scene of a journey (never for asserting what the console
// shows: the browser does that).

export async function apiSignIn(baseUrl, username, password = 'Demo-pass1') {
  const res = await fetch(`${baseUrl}/v1/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Client-Type': 'WEB' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return res.headers.get('x-auth-token');
}

export async function api(baseUrl, token, path, init = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', 'X-Client-Type': 'WEB', 'X-AUTH-TOKEN': token, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1').toString('base64')}`;

/** A University of Demo request as the portal's wizard sends it, paid with the sandbox card. */
const request = (person, reference) => ({
  verifications: [
    {
      instituteId: 'uni-demo',
      type: 'UNI',
      fields: { ...person, qualification: 'BSc (Hons)', course: 'Computer Science', gradYear: 2017 },
      customerReference: reference,
      documents: [{ requirementId: 'consent-institute', name: 'Institute Consent Form', data: PDF, filename: 'consent.pdf' }],
      consent: true,
    },
  ],
  creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false },
});

/**
 * A verification waiting for manual checking, made as alice through the customer API: a person University of
 * Demo holds no record of (the automatic check answers NOT_FOUND), then sent for manual checking. Returns its id,
 * or null with the reason when the verifications API cannot make one.
 */
export async function pendingVerification(baseUrl, reference = `E2E-${Date.now() % 100000}`) {
  const alice = await apiSignIn(baseUrl, 'alice@acme.test');
  const created = await api(baseUrl, alice, '/v1/verification', {
    method: 'POST',
    body: JSON.stringify(request({ firstname: 'Oliver', surname: 'Quinn', dob: '1990-07-14', studentId: 'UD999999' }, reference)),
  });
  const id = Array.isArray(created.body) ? created.body[0]?.id : created.body?.id;
  if (created.status >= 300 || !id) return { id: null, reason: `POST /v1/verification answered ${created.status}` };
  for (let i = 0; i < 100; i++) {
    const { body } = await api(baseUrl, alice, `/v1/verification/${id}`);
    if (body?.result === 'NOT_FOUND') break;
    if (body?.result === 'PENDING' && body?.stage === 'MANUAL_CHECK') return { id, reason: null };
    await new Promise((r) => setTimeout(r, 100));
  }
  const manual = await api(baseUrl, alice, `/v1/verification/${id}?resub=true&push=true`, { method: 'PUT', body: JSON.stringify({ force: true }) });
  if (manual.status >= 300) return { id, reason: `sending for manual checking answered ${manual.status}` };
  return { id, reason: null };
}

/**
 * An invoice awaiting payment: a verification ordered as carol of Globex Corp, who pays by invoice, so her order's
 * invoice is issued unpaid. Returns its id, or null when the API did not make one.
 */
export async function invoiceAwaitingPayment(baseUrl, reference = `E2E-INV-${Date.now() % 100000}`) {
  const carol = await apiSignIn(baseUrl, 'carol@globex.test');
  const created = await api(baseUrl, carol, '/v1/verification', {
    method: 'POST',
    body: JSON.stringify(request({ firstname: 'Ivy', surname: 'Invoice', dob: '1991-03-04', studentId: 'UD999998' }, reference)),
  });
  const id = Array.isArray(created.body) ? created.body[0]?.id : created.body?.id;
  if (created.status >= 300 || !id) return null;
  const { body } = await api(baseUrl, carol, `/v1/verification/${id}`);
  return body?.invoiceId ?? null;
}
