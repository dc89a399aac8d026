import type { CertificateContent } from '../certificates/certificate-content';
import { html, trustedMarkup, type SafeHtml } from './html';
import { documentShell, longDate, PRODUCT_LOGO } from './layout';

/** Co-branding of access.md 1: a partner logo 'In partnership with', an owner logo 'On behalf of'. */
export interface CertificateBranding {
  label: 'In partnership with' | 'On behalf of';
  name: string;
  /** A data: URL (anything else was dropped before it got here). */
  logo: string | null;
}

export interface CertificateIssue {
  code: string;
  verifyUrl: string;
  /** The QR code of verifyUrl, as SVG markup made by `qrcode` (never customer input). */
  qrSvg: string;
  digest: string;
  issuedAt: Date;
}

const CSS = `
.result { margin: 4px 0 12px; padding: 10px 14px; border-radius: 6px; display: flex; justify-content: space-between; align-items: center; }
.result .label { font-size: 18pt; font-weight: 700; }
.result.ok { background: #e6f4ea; color: #1e6b34; border: 1px solid #a8d5b5; }
.result.bad { background: #fdecea; color: #8a1c1c; border: 1px solid #f1b0aa; }
.result.other { background: #eef2f7; color: #1f4e79; border: 1px solid #c9d6e3; }
.notes { white-space: pre-wrap; background: #fffbe6; border: 1px solid #efe0a6; padding: 8px 10px; border-radius: 4px; }
.seal { margin-top: 16px; display: flex; gap: 14px; align-items: center; border-top: 1px solid #c9d6e3; padding-top: 10px; }
.seal svg { width: 96px; height: 96px; flex: none; }
/* The link is read back and typed in: it never breaks at the code's '-' or '_'. */
.seal .link { white-space: nowrap; }
.cols { display: flex; gap: 18px; } .cols > div { flex: 1; }
`;

const tone = (result: string) => (result === 'VERIFIED' ? 'ok' : result === 'NOT_VERIFIED' ? 'bad' : 'other');

const row = (label: string, value: string | null | undefined): SafeHtml | null => (value ? html`<tr><th>${label}</th><td>${value}</td></tr>` : null);

export function certificateHtml(c: CertificateContent, issue: CertificateIssue, branding: CertificateBranding | null): string {
  const name = [c.person.firstname, c.person.middlename, c.person.surname].filter(Boolean).join(' ');
  const body = html`
<div class="head">
  <div>${PRODUCT_LOGO}<h1>Verification Certificate</h1><div class="muted">QCID ${c.qcid}</div></div>
  ${branding ? html`<div class="brand">${branding.label}${branding.logo ? html`<img src="${branding.logo}" alt="">` : html`<div><strong>${branding.name}</strong></div>`}</div>` : null}
</div>
<div class="result ${tone(c.result)}">
  <div><div class="muted">Result</div><div class="label">${c.resultLabel}</div></div>
  <div class="muted">${c.resolvedByInstitute ? "Resolved by the Institute's records staff" : 'Checked against the records held for this institute'}<br>As of ${longDate(c.asOf)}</div>
</div>
<div class="cols">
<div>
<h2>Verification</h2>
<table class="kv">
  ${row('QCID', c.qcid)}
  ${row('Customer Reference', c.customerReference)}
  ${row('Type', c.type)}
  ${row(c.institute.names.length > 1 ? 'Institutes' : 'Institute', c.institute.names.join(', '))}
  ${row('Country', c.institute.country)}
  ${row('Examination Board / Authority', c.institute.examinationBoard)}
  ${row('Accreditation Status', c.institute.accreditationStatus)}
  ${row('Requested By', c.requestedBy)}
</table>
</div>
<div>
<h2>Person</h2>
<table class="kv">
  ${row('First Name', c.person.firstname)}
  ${row('Middle Name', c.person.middlename)}
  ${row('Last Name', c.person.surname)}
  ${row('Date of birth', c.person.dob)}
  ${row('Enrolment Status', c.enrolmentStatus)}
</table>
</div>
</div>
${c.fields.length ? html`<h2>Details</h2><table class="kv">${c.fields.map(([k, v]) => row(k, v))}</table>` : null}
${c.subjects.length ? html`<h2>Courses / Subjects</h2><table class="grid"><thead><tr><th>Name</th><th>Mark</th></tr></thead><tbody>${c.subjects.map((s) => html`<tr><td>${s.name}</td><td>${s.mark}</td></tr>`)}</tbody></table>` : null}
${c.notes ? html`<div class="keep"><h2>Institute / Employer provided details</h2><div class="notes">${c.notes}</div></div>` : null}
${c.dataFromRecords.length ? html`<h2>Data from records</h2><table class="kv">${c.dataFromRecords.map(([k, v]) => row(k, v))}</table>` : null}
${c.approvedBy ? html`<h2>Approved By</h2><table class="kv">${row('Name', c.approvedBy.name)}${row('Title', c.approvedBy.title)}${row('As of', longDate(c.asOf))}</table>` : null}
${c.institute.accreditationUrl ? html`<p class="muted">Accreditation: ${c.institute.accreditationUrl}</p>` : null}
<div class="seal keep">
  ${trustedMarkup(issue.qrSvg)}
  <div>
    <div><strong>Check this certificate:</strong> <span class="link">${issue.verifyUrl}</span></div>
    <div class="muted">Certificate code ${issue.code} · issued ${longDate(issue.issuedAt)} by Credence · record revision ${c.revision}</div>
    <div class="muted">Content digest (SHA-256)</div><div class="mono">${issue.digest}</div>
  </div>
</div>`;
  return documentShell(`Certificate ${c.qcid} - ${name}`, CSS, body);
}
